-- The tables of the loaders (examples/load_pgn.py), with a games table
-- (examples/chessdb.sql, or the partitioned table of examples/coordinator.sql).

-- What the client loader (examples/load_pgn.py) did: each batch of a
-- source's text that it committed, in the transaction that inserted the
-- batch's games, so that the load run again with --resume skips the
-- batches that are in and reads the rest (no game twice, none missed);
-- and the games it refused with --skip-errors, where and why.
CREATE TABLE load_batches (
	source text NOT NULL,		-- the name the load was given (--source)
	byte_offset bigint NOT NULL,	-- the batch's first byte in the source's text
	bytes integer NOT NULL,
	first_game integer NOT NULL,	-- the number of its first game in the source
	games integer NOT NULL,		-- the games it holds: loaded, present already, or refused
	loaded_at timestamptz NOT NULL DEFAULT now(),
	PRIMARY KEY (source, byte_offset)
);
CREATE TABLE load_rejects (
	source text,				-- NULL for a load given no name
	game integer NOT NULL,		-- its number in the source
	byte_offset bigint NOT NULL,	-- where its text begins
	error text NOT NULL,		-- what pgn_games() said of it
	pgn text NOT NULL,			-- its text, to mend and load again
	refused_at timestamptz NOT NULL DEFAULT now()
);
-- a game refused again (the load run again) is recorded once
CREATE UNIQUE INDEX load_rejects_place ON load_rejects ((coalesce(source, '')), byte_offset);
