-- A chess database: games with their tags and results, the indexes that
-- serve position, pattern, material and opening-prefix search, and the
-- opening explorer.  The README's "chess database" chapter explains each
-- part; sql/chessdb.sql runs this file and the chapter's queries.
--
--   psql -f examples/chessdb.sql            (after CREATE EXTENSION chess)
--
-- Load games afterwards, then SELECT explorer_rebuild().

CREATE TABLE games (
	id bigserial PRIMARY KEY,
	tags jsonb NOT NULL,		-- every tag pair of the PGN, {"White": "...", ...}
	tag_order text[],			-- their order when pgn() would write another, else NULL
	result text NOT NULL,		-- 1-0, 0-1, 1/2-1/2 or *
	g game NOT NULL,			-- the start and the moves, validated
	-- a game loaded twice has the same key: the hash of its tags, result
	-- and value (its moves, comments, clocks: game_bytes(g)); loaders
	-- insert with ON CONFLICT DO NOTHING
	game_key uuid GENERATED ALWAYS AS (md5(tags::text || result || encode(game_bytes(g), 'hex'))::uuid) STORED
);
CREATE UNIQUE INDEX games_key ON games (game_key);

-- g @> position and g @> balance (material), rechecked where a key is a hash
CREATE INDEX games_positions ON games USING gin (g);
-- g @> pattern (pieces on squares), rechecked; with the pairs of pieces that
-- stood side by side, a larger index that finds fewer candidates
CREATE INDEX games_patterns ON games USING gin (g game_pattern_ops (pairs = true));
-- mainline(g) ^@ '1. e4 c5 2. Nf3' (games that begin so), and ORDER BY
-- mainline(g), in opening order: the index holds the moves alone, for a
-- btree entry holds at most 2,704 bytes and a game's comments, clocks and
-- evaluations can be longer (a game of more than about 3,000 plies is
-- still too long for it, and refused)
CREATE INDEX games_openings ON games (mainline(g));

-- What the loaders did (examples/load_pgn.py: the batches it committed,
-- the games it refused), in a file of its own: a sharded database's
-- coordinator keeps them too (examples/coordinator.sql).
\ir loads.sql

-- The opening explorer (its tables, triggers and explore()), in a file of
-- its own: a sharded database's coordinator builds it over the shards'
-- games (examples/coordinator.sql).
\ir explorer.sql
