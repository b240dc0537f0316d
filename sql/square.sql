-- square: text I/O, accessors, constructors, casts, operators

-- good literals: file a-h (either case), rank 1-8, white space around ignored
SELECT 'a1'::square;
SELECT 'h8'::square;
SELECT 'e4'::square;
SELECT 'E4'::square;
SELECT '  d5 '::square;

-- bad literals
SELECT ''::square;
SELECT 'e'::square;
SELECT 'e44'::square;
SELECT 'i1'::square;
SELECT 'a0'::square;
SELECT 'a9'::square;
SELECT '4e'::square;
SELECT 'e 4'::square;

-- accessors and constructors
SELECT s, file(s), rank(s), s::integer AS number
FROM (VALUES ('a1'::square), ('h1'), ('a2'), ('e4'), ('h8')) AS v(s);
SELECT square('e', 4), square('H', 8), square(0), square(63), 36::square;
SELECT square('i', 4);
SELECT square('ab', 4);
SELECT square('e', 0);
SELECT square('e', 9);
SELECT square(-1);
SELECT 64::square;

-- all 64 squares round-trip through text and number, in rank-major order
SELECT count(*) AS squares,
       bool_and(square(file(s), rank(s)) = s) AS by_file_and_rank,
       bool_and(s::text::square = s) AS by_text,
       bool_and(s::integer = (rank(s) - 1) * 8 + ascii(file(s)) - ascii('a')) AS numbering
FROM (SELECT n::square AS s FROM generate_series(0, 63) AS n) AS all_squares;
SELECT string_agg(s::text, ' ' ORDER BY s) AS first_ranks
FROM (SELECT n::square AS s FROM generate_series(0, 15) AS n) AS v;

-- operators: a1 < b1 < ... < h1 < a2 < ... < h8
SELECT 'a1'::square < 'b1', 'h1'::square < 'a2', 'e4'::square = 'E4',
       'e4'::square <> 'e5', 'h8'::square >= 'h8', 'a2'::square > 'h1',
       'c3'::square <= 'c3';
SELECT min(s), max(s) FROM (VALUES ('e4'::square), ('a8'), ('h1'), ('d5')) AS v(s);
-- rank() of a literal: a text argument reads as a square (without it the
-- literal also fits pg_catalog.rank and PostgreSQL cannot choose); the
-- window function keeps working
SELECT rank('e4'), rank('E4'::text), rank('h8'::square);
SELECT x, rank() OVER (ORDER BY x) FROM (VALUES (3), (1), (2)) AS v(x) ORDER BY x;
SELECT rank('x9');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
