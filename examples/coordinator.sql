-- A chess database sharded over postgres_fdw: this server (the coordinator)
-- keeps no games; a partitioned table routes each game by the hash of its
-- key to a shard, a server of its own with the extension and the tables of
-- examples/chessdb.sql.  Queries on the coordinator's games are sent to
-- the shards, the chess operators with them (the servers name the
-- extension in their option `extensions`), and the shards are scanned at
-- once (async_capable).  The README's "Scaling out" chapter explains it;
-- test/shard/test.sh runs it with two shards.
--
--   on each shard:        CREATE EXTENSION chess; \i examples/chessdb.sql
--   on the coordinator:   CREATE EXTENSION chess;
--                         psql -v shard1='host=... port=... dbname=...' \
--                              -v shard2='...' -v shard_user=... -f examples/coordinator.sql
--
-- A real deployment gives the user mappings a password (or a certificate):
-- postgres_fdw lets only a superuser connect without one.

CREATE EXTENSION IF NOT EXISTS postgres_fdw;

-- The servers: each shard's connection, the extension whose operators and
-- functions may be sent to it, scans of all shards at the same time, rows
-- fetched and inserted a thousand or more at a time.
SELECT format('CREATE SERVER shard%s FOREIGN DATA WRAPPER postgres_fdw OPTIONS (%s, '
              'extensions %L, async_capable %L, fetch_size %L, batch_size %L)',
              n, string_agg(format('%s %L', split_part(kv, '=', 1), split_part(kv, '=', 2)), ', '),
              'chess', 'true', '10000', '1000')
FROM (VALUES (1, :'shard1'), (2, :'shard2')) AS s(n, conninfo),
     regexp_split_to_table(conninfo, '\s+') AS kv
GROUP BY n ORDER BY n
\gexec
SELECT format('CREATE USER MAPPING FOR CURRENT_USER SERVER shard%s OPTIONS (user %L)', n, :'shard_user')
FROM generate_series(1, 2) AS n
\gexec

-- The games, partitioned by the hash of their key: the recipe's game_key
-- (md5 of tags, result and value), which each shard's table computes and
-- keeps unique.  A game loaded twice goes to the same shard, which refuses
-- it there (loaders insert with ON CONFLICT DO NOTHING), so that a load
-- run again, or resumed, adds nothing twice across the shards.  The
-- coordinator numbers the games; each lives on one shard, in the shard's
-- table games.
CREATE SEQUENCE games_id_seq;
CREATE TABLE games (
	id bigint NOT NULL DEFAULT nextval('games_id_seq'),
	tags jsonb NOT NULL,
	tag_order text[],
	result text NOT NULL,
	g game NOT NULL
) PARTITION BY HASH ((md5(tags::text || result || encode(game_bytes(g), 'hex'))::uuid));
CREATE FOREIGN TABLE games_shard1 PARTITION OF games FOR VALUES WITH (MODULUS 2, REMAINDER 0)
	SERVER shard1 OPTIONS (table_name 'games');
CREATE FOREIGN TABLE games_shard2 PARTITION OF games FOR VALUES WITH (MODULUS 2, REMAINDER 1)
	SERVER shard2 OPTIONS (table_name 'games');

-- A game's key decides its shard: an UPDATE of its tags, result or moves
-- would be sent to the shard that holds it and leave it there, under a key
-- that names the other (and a load of the edited game would put it on both).
-- Refused: delete the game and insert it again.
CREATE FUNCTION games_key_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'a game''s tags, result and moves decide its shard'
		USING ERRCODE = 'feature_not_supported',
		      HINT = 'Delete the game and insert it again.';
END $$;
CREATE TRIGGER games_key_kept BEFORE UPDATE OF tags, result, g ON games
	FOR EACH STATEMENT EXECUTE FUNCTION games_key_kept();

-- What the loaders did, kept here: examples/load_pgn.py --source records
-- each batch in the transaction that sends its games to the shards.
\ir loads.sql

-- Aggregates by partition, each sent to its shard (counts by result,
-- material, ...); the coordinator adds up the shards' answers.
SELECT format('ALTER DATABASE %I SET enable_partitionwise_aggregate = on', current_database())
\gexec
SET enable_partitionwise_aggregate = on;

-- The opening explorer over all the shards' games, built on the coordinator.
\ir explorer.sql
