-- The game type's on-disk format (src/engine/game.h): values of format
-- version 1, as 0.6.0 and 0.7.0 wrote them, stay readable and equal to
-- the same games written now (version 2).  The bytes below are what 0.7.0
-- stored for these games; a cast without function lets the test put them on
-- disk as they are, and take a value's bytes back out (superuser only, and
-- dropped at the end: a cast of arbitrary bytes to game is no user's tool).
CREATE CAST (bytea AS game) WITHOUT FUNCTION;
CREATE CAST (game AS bytea) WITHOUT FUNCTION;

CREATE TABLE v1 (id int, g game);
INSERT INTO v1 VALUES
 (1, '\x010000116a1af39b9d2708bbb54f38'::bytea::game),
 (2, '\x010000066a1af398'::bytea::game),
 (3, '\x010000066a1af394'::bytea::game),
 (4, '\x0100000f59a4813e2750ea56114180'::bytea::game),
 (5, '\x01000000'::bytea::game),
 (6, '\x01010100000000008100160e0000000000000000000000000000000000000100000000046180'::bytea::game),
 (7, '\x010183010000000001836414c9ce0000000000000000000000001e000000010000000004012ad0'::bytea::game);
CREATE TABLE v2 AS
SELECT id, g::text::game AS g FROM v1;

-- they read as the games they are, and the same games written now are version 2
SELECT id, g, get_byte(g::bytea, 0) AS version, plies(g), final(g) FROM v1 ORDER BY id;
SELECT id, get_byte(g::bytea, 0) AS version, pg_column_size(g) AS bytes FROM v2 ORDER BY id;

-- equal across the versions: =, the btree order, hashing (hash joins, DISTINCT, GROUP BY)
SELECT a.id, b.id AS equal_to, a.g = b.g AS eq, a.g < b.g AS lt, game_cmp(a.g, b.g) AS cmp,
       game_hash(a.g) = game_hash(b.g) AS same_hash,
       game_hash_extended(a.g, 42) = game_hash_extended(b.g, 42) AS same_hash_extended
FROM v1 a JOIN v2 b USING (id) ORDER BY a.id;
-- every pair of the two tables compares as its moves do
SELECT count(*) AS pairs,
       count(*) FILTER (WHERE sign(game_cmp(a.g, b.g)) <> sign(game_cmp(a.g::text::game, b.g))) AS wrong
FROM v1 a, v2 b;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT a.id FROM v1 a JOIN v2 b ON a.g = b.g;
SELECT a.id, b.id FROM v1 a JOIN v2 b ON a.g = b.g ORDER BY 1;
RESET enable_mergejoin;
RESET enable_nestloop;
SELECT count(DISTINCT g) AS distinct_sorted FROM (SELECT g FROM v1 UNION ALL SELECT g FROM v2) u;
SET enable_sort = off;
SELECT count(*) AS distinct_hashed FROM (SELECT g FROM v1 UNION SELECT g FROM v2) u;
RESET enable_sort;
-- game_bytes(): a version 1 value gives the bytes of the equal game of
-- version 2, as game_hash hashes them (the recipe's game_key)
SELECT a.id, a.g::bytea <> b.g::bytea AS stored_apart, game_bytes(a.g) = b.g::bytea AS v2_bytes,
       game_bytes(b.g) = b.g::bytea AS v2_as_stored
FROM v1 a JOIN v2 b ON a.g = b.g ORDER BY 1;
-- a unique index holds both versions as one
CREATE TABLE both_versions (g game PRIMARY KEY);
INSERT INTO both_versions SELECT g FROM v1;
INSERT INTO both_versions SELECT g FROM v2 WHERE id = 2;
SELECT g FROM both_versions ORDER BY g;
DROP TABLE both_versions;

-- search reads version 1: positions, patterns, balances, with and without the indexes
SELECT id FROM v1 WHERE g @> position_at('1. e4 e5 2. Nf3 Nc6 3. Bb5'::game, 5) ORDER BY id;
SELECT id FROM v1 WHERE g @> '8/8/8/1B6/4P3/5N2/8/8'::pattern ORDER BY id;
SELECT id FROM v1 WHERE g @> 'KNvK'::balance ORDER BY id;
SELECT id, g ^@ '1. e4 e5 2. Nf3'::game AS ruy, (moves(g))[1:3] FROM v1 ORDER BY id;
CREATE INDEX v1_positions ON v1 USING gin (g);
CREATE INDEX v1_patterns ON v1 USING gin (g game_pattern_ops);
CREATE INDEX v1_order ON v1 (g);
SET enable_seqscan = off;
SELECT id FROM v1 WHERE g @> position_at('1. e4 e5 2. Nf3 Nc6 3. Bb5'::game, 5) ORDER BY id;
SELECT id FROM v1 WHERE g @> '8/8/8/1B6/4P3/5N2/8/8'::pattern ORDER BY id;
SELECT id FROM v1 WHERE g @> 'KNvK'::balance ORDER BY id;
SELECT id FROM v1 WHERE g ^@ '1. e4 e5 2. Nf3'::game ORDER BY id;
SELECT id FROM v1 WHERE g = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a5'::game;
RESET enable_seqscan;
SELECT id, ply, position, next FROM v1, positions(g) WHERE id = 7;

-- a game written from a version 1 value is version 2; the recipe that rewrites a table
SELECT get_byte((g || 'b5a4'::move)::bytea, 0) AS appended, g || 'b5a4'::move FROM v1 WHERE id = 3;
UPDATE v1 SET g = game(start(g), moves(g));
SELECT id, get_byte(g::bytea, 0) AS version FROM v1 ORDER BY id;
SELECT count(*) AS same_bytes FROM v1 a JOIN v2 b USING (id) WHERE a.g::bytea = b.g::bytea;

-- a value of a version this library does not know, too short to have one, or whose flags
-- are unknown or promise a start position that is not there, is refused
SELECT '\x03000000'::bytea::game;
SELECT plies('\x0100'::bytea::game);
SELECT '\x00000000'::bytea::game = ''::game;
SELECT plies('\x02010000'::bytea::game);
SELECT plies('\x02020000'::bytea::game);

DROP TABLE v1, v2;
DROP CAST (bytea AS game);
DROP CAST (game AS bytea);
