-- move: UCI text I/O, accessors, constructors, operators

-- good literals
SELECT 'e2e4'::move;
SELECT 'g1f3'::move;
SELECT 'e1g1'::move;
SELECT 'e7e8q'::move;
SELECT 'e7e8Q'::move;
SELECT 'b2a1n'::move;
SELECT 'h7h8r'::move;
SELECT 'a7b8b'::move;
SELECT 'e2e1q'::move;
SELECT 'E2E4'::move;
SELECT ' e2e4 '::move;
SELECT '0000'::move;

-- bad literals
SELECT ''::move;
SELECT 'e2'::move;
SELECT 'e2e4e5'::move;
SELECT 'e2-e4'::move;
SELECT 'e2e9'::move;
SELECT 'e2e2'::move;
SELECT 'a1c4'::move;
SELECT 'e7e8k'::move;
SELECT 'e7e8p'::move;
SELECT 'e7e8x'::move;
SELECT 'e6e7q'::move;
SELECT 'e7g8q'::move;
SELECT 'Nf3'::move;

-- accessors
SELECT m, from_square(m), to_square(m), promotion(m)
FROM (VALUES ('e2e4'::move), ('e7e8q'), ('b2a1n'), ('e1c1'), ('0000')) AS v(m);

-- constructors
SELECT move('e2', 'e4'), move('e7', 'e8', 'q'), move('a2', 'a1', 'knight'),
       move('g1', 'f3');
SELECT move('e2', 'e2');
SELECT move('a1', 'c4');
SELECT move('e7', 'e8', 'king');
SELECT move('e7', 'e8', 'x');
SELECT move('e6', 'e7', 'q');

-- equal values have equal text: all well-formed moves round-trip
SELECT count(*) AS moves, count(DISTINCT m) AS distinct_values,
       bool_and(m::text::move = m) AS round_trip,
       count(*) FILTER (WHERE promotion(m) IS NOT NULL) AS promotions
FROM (SELECT move(f, t) AS m
      FROM generate_series(0, 63) AS a(f0), generate_series(0, 63) AS b(t0),
           LATERAL (SELECT f0::square AS f, t0::square AS t) AS s
      WHERE f0 <> t0
        AND (abs(f0 % 8 - t0 % 8) = 0 OR f0 / 8 = t0 / 8
             OR abs(f0 % 8 - t0 % 8) = abs(f0 / 8 - t0 / 8)
             OR abs(f0 % 8 - t0 % 8) * abs(f0 / 8 - t0 / 8) = 2)
      UNION ALL
      SELECT move(f, t, k)
      FROM (VALUES ('n'), ('b'), ('r'), ('q')) AS k(k),
           generate_series(0, 7) AS a(file), generate_series(-1, 1) AS d(df),
           LATERAL (VALUES (square(48 + file), square(56 + file + df)),
                           (square(8 + file), square(file + df))) AS s(f, t)
      WHERE file + df BETWEEN 0 AND 7) AS all_moves;

-- operators: by from-square, then to-square, then promotion
SELECT 'e2e4'::move = 'e2e4', 'e2e4'::move <> 'e2e3', 'e2e3'::move < 'e2e4',
       'b1c3'::move < 'a2a3', 'e7e8'::move < 'e7e8n', 'e7e8n'::move < 'e7e8q',
       '0000'::move < 'a1a2', 'h7h8q'::move >= 'h7h8q', 'g8f6'::move > 'g1f3';
-- text and text[] (what client drivers send) are stored in move and move[]
-- columns by assignment (a bad element is still a 22P02)
CREATE TEMP TABLE from_client (m move, ms move[], s square[]);
INSERT INTO from_client VALUES ('e2e4'::text, ARRAY['e2e4', 'e7e5']::text[], ARRAY['e4']::text[]);
UPDATE from_client SET ms = ms || ARRAY['g1f3']::text[]::move[];
SELECT * FROM from_client;
INSERT INTO from_client (ms) VALUES (ARRAY['e2e9']::text[]);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
