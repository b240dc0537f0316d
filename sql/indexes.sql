-- operator classes: amvalidate(), btree and hash index scans, hashing and
-- sorting in the executor

SELECT am.amname, opc.opcname, opc.opcdefault, amvalidate(opc.oid)
FROM pg_opclass opc JOIN pg_am am ON am.oid = opc.opcmethod
WHERE opc.opcintype IN ('square'::regtype, 'piece'::regtype, 'move'::regtype,
                        '"position"'::regtype, 'game'::regtype, 'pattern'::regtype, 'balance'::regtype)
ORDER BY 1, 2;

-- every placement of the two kings (not adjacent), either side to move:
-- 64 * 63 - 420 adjacent pairs = 3612 placements, 7224 positions
CREATE TABLE kk AS
SELECT k, kk, side,
       (replace(replace(replace(replace(replace(replace(replace(replace(
          rtrim(regexp_replace(board, '(.{8})', '\1/', 'g'), '/'),
          '........', '8'), '.......', '7'), '......', '6'), '.....', '5'),
          '....', '4'), '...', '3'), '..', '2'), '.', '1')
        || ' ' || side || ' - - 0 1')::"position" AS p
FROM generate_series(0, 63) AS a(k), generate_series(0, 63) AS b(kk),
     (VALUES ('w'), ('b')) AS c(side),
     LATERAL (SELECT string_agg(CASE WHEN i = (7 - k / 8) * 8 + k % 8 THEN 'K'
                                     WHEN i = (7 - kk / 8) * 8 + kk % 8 THEN 'k'
                                     ELSE '.' END, '' ORDER BY i) AS board
              FROM generate_series(0, 63) AS i) AS d
WHERE greatest(abs(k % 8 - kk % 8), abs(k / 8 - kk / 8)) > 1;
SELECT count(*) AS positions, count(DISTINCT p) AS distinct_positions FROM kk;
-- the king squares can be read back from the positions
SELECT count(*) AS agree FROM kk, pieces(p) AS x
WHERE (x.piece = 'K' AND x.square = k::square) OR (x.piece = 'k' AND x.square = kk::square);
ANALYZE kk;

SET enable_seqscan = off;
SET enable_bitmapscan = off;

CREATE INDEX kk_p_btree ON kk USING btree (p);
EXPLAIN (COSTS OFF)
SELECT k, kk, side FROM kk WHERE p = '8/8/8/8/3k4/8/8/4K3 b - - 0 1';
SELECT k, kk, side FROM kk WHERE p = '8/8/8/8/3k4/8/8/4K3 b - - 0 1';
EXPLAIN (COSTS OFF)
SELECT count(*) FROM kk WHERE p < '8/8/8/8/3k4/8/8/4K3 b - - 0 1';
SELECT (SELECT count(*) FROM kk WHERE p < '8/8/8/8/3k4/8/8/4K3 b - - 0 1') +
       (SELECT count(*) FROM kk WHERE p >= '8/8/8/8/3k4/8/8/4K3 b - - 0 1') AS total;
DROP INDEX kk_p_btree;

CREATE INDEX kk_p_hash ON kk USING hash (p);
EXPLAIN (COSTS OFF)
SELECT k, kk, side FROM kk WHERE p = '8/8/8/8/3k4/8/8/4K3 b - - 0 1';
SELECT k, kk, side FROM kk WHERE p = '8/8/8/8/3k4/8/8/4K3 b - - 0 1';
DROP INDEX kk_p_hash;

-- square, piece and move columns
CREATE TABLE smp AS
SELECT n::square AS s, ('{P,N,B,R,Q,K,p,n,b,r,q,k}'::piece[])[n % 12 + 1] AS pc,
       move(n::square, ((n + 8) % 64)::square) AS m
FROM generate_series(0, 63) AS n, generate_series(1, 50) AS copies;
ANALYZE smp;
CREATE INDEX smp_s ON smp USING btree (s);
CREATE INDEX smp_pc ON smp USING btree (pc);
CREATE INDEX smp_m ON smp USING btree (m);
EXPLAIN (COSTS OFF) SELECT count(*) FROM smp WHERE s = 'e4';
SELECT count(*) FROM smp WHERE s = 'e4';
EXPLAIN (COSTS OFF) SELECT count(*) FROM smp WHERE pc = 'n';
SELECT count(*) FROM smp WHERE pc = 'n';
EXPLAIN (COSTS OFF) SELECT count(*) FROM smp WHERE m = 'e2e3';
SELECT count(*) FROM smp WHERE m = 'e2e3';
EXPLAIN (COSTS OFF) SELECT count(*) FROM smp WHERE s BETWEEN 'a2' AND 'h2';
SELECT count(*) FROM smp WHERE s BETWEEN 'a2' AND 'h2';
DROP INDEX smp_s, smp_pc, smp_m;
CREATE INDEX smp_s ON smp USING hash (s);
CREATE INDEX smp_pc ON smp USING hash (pc);
CREATE INDEX smp_m ON smp USING hash (m);
EXPLAIN (COSTS OFF) SELECT count(*) FROM smp WHERE s = 'e4';
EXPLAIN (COSTS OFF) SELECT count(*) FROM smp WHERE pc = 'n';
EXPLAIN (COSTS OFF) SELECT count(*) FROM smp WHERE m = 'e2e3';
SELECT count(*) FROM smp WHERE m = 'e2e3';

RESET enable_seqscan;
RESET enable_bitmapscan;

-- hash aggregation and hash joins use the hash opclasses, merge joins the
-- btree ones
SET enable_sort = off;
EXPLAIN (COSTS OFF) SELECT p, count(*) FROM kk GROUP BY p;
SELECT count(*) FROM (SELECT p FROM kk GROUP BY p) AS g;
SET enable_sort = on;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM kk a JOIN kk b ON a.p = b.p;
SELECT count(*) FROM kk a JOIN kk b ON a.p = b.p;
SET enable_hashjoin = off;
SET enable_mergejoin = on;
EXPLAIN (COSTS OFF) SELECT count(*) FROM kk a JOIN kk b ON a.p = b.p;
SELECT count(*) FROM kk a JOIN kk b ON a.p = b.p;
RESET enable_hashjoin;
RESET enable_mergejoin;
RESET enable_nestloop;
RESET enable_sort;
SELECT count(DISTINCT s), count(DISTINCT pc), count(DISTINCT m) FROM smp;

DROP TABLE kk, smp;
