-- test/bench/annotations.sh's measures, in its cluster: :work is its
-- directory (clocks.pgn, evals.pgn and their _bare twins), :rounds the
-- rounds of each timing (the best is kept)
\pset footer off
CREATE FUNCTION pg_temp.best_seconds(q text, rounds integer) RETURNS double precision
LANGUAGE plpgsql AS $$
DECLARE
  best double precision;
  t0 timestamptz;
  n bigint;
BEGIN
  FOR i IN 1..rounds LOOP
    t0 := clock_timestamp();
    EXECUTE q INTO n;
    best := least(best, extract(epoch FROM clock_timestamp() - t0));
  END LOOP;
  RETURN best;
END $$;
SET max_parallel_workers_per_gather = 0;
-- the same rows with their games bare, and with their games bare beside a
-- padding as long as the annotations: a scan's cost follows the width of the
-- rows it reads, and the padded table tells that cost from decoding
CREATE TABLE evals_bare AS SELECT tags, mainline(value) AS value FROM evals;
CREATE TABLE evals_padded AS
SELECT tags, mainline(value) AS value,
       convert_to(repeat('x', pg_column_size(value) - pg_column_size(mainline(value))), 'UTF8') AS padding
FROM evals;
VACUUM ANALYZE clocks, evals, evals_bare, evals_padded;

\echo 'bytes: a game value, its bare moves, and what its annotations add a ply'
SELECT t AS games, count(*) AS games_n, sum(plies(value)) AS plies,
       round(avg(pg_column_size(value)), 1) AS bytes_a_game,
       round(avg(pg_column_size(mainline(value))), 1) AS bare_bytes_a_game,
       round(sum(pg_column_size(mainline(value)) - 4)::numeric / sum(plies(value)), 3) AS bare_bytes_a_ply,
       round(sum(pg_column_size(value) - pg_column_size(mainline(value)))::numeric / sum(plies(value)), 3)
         AS annotation_bytes_a_ply
FROM (SELECT 'clocks' AS t, value FROM clocks UNION ALL SELECT 'clocks and evals', value FROM evals) AS s
GROUP BY t ORDER BY t;

\echo 'import: pgn_games_file() over each file, games a second (best of the rounds)'
SELECT f AS file, n AS games,
       round(n / pg_temp.best_seconds(format('SELECT count(*) FROM pgn_games_file(%L) WHERE value IS NOT NULL',
                                             :'work' || '/' || f), :rounds)) AS games_a_second
FROM (VALUES ('clocks.pgn'), ('clocks_bare.pgn'), ('evals.pgn'), ('evals_bare.pgn')) AS v(f),
     LATERAL (SELECT count(*) AS n FROM clocks) AS c;

\echo 'searches by scan, milliseconds (best of the rounds): annotated games (clocks and evaluations), the same games bare in rows as wide, and bare'
SELECT p AS position_at_ply_6 FROM (SELECT position_at(value, 6) AS p FROM evals_bare WHERE plies(value) >= 6 LIMIT 1) AS s \gset
SELECT search, round(annotated::numeric * 1000, 1) AS annotated_ms, round(padded::numeric * 1000, 1) AS same_width_ms,
       round(bare::numeric * 1000, 1) AS bare_ms, round((annotated / padded)::numeric, 2) AS annotated_over_same_width
FROM (SELECT q AS search, pg_temp.best_seconds(format(q, 'evals'), :rounds) AS annotated,
             pg_temp.best_seconds(format(q, 'evals_padded'), :rounds) AS padded,
             pg_temp.best_seconds(format(q, 'evals_bare'), :rounds) AS bare
      FROM (VALUES (format('SELECT count(*) FROM %%I WHERE value @> %L::"position"', :'position_at_ply_6')),
                   ('SELECT count(*) FROM %I WHERE value @> ''8/8/8/8/8/8/8/8 w''::pattern'),
                   ('SELECT count(*) FROM %I WHERE value @> ''KQRvKQR''::balance'),
                   ('SELECT count(*) FROM %I WHERE value ^@ ''1. e4 e5''::game'),
                   ('SELECT sum(plies(value)) FROM %I')) AS v(q)) AS m;
