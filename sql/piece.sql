-- piece: text I/O, accessors, constructor, operators

-- good literals: one FEN letter
SELECT 'P'::piece;
SELECT 'N'::piece;
SELECT 'B'::piece;
SELECT 'R'::piece;
SELECT 'Q'::piece;
SELECT 'K'::piece;
SELECT 'p'::piece;
SELECT 'n'::piece;
SELECT 'b'::piece;
SELECT 'r'::piece;
SELECT 'q'::piece;
SELECT 'k'::piece;
SELECT ' q '::piece;

-- bad literals
SELECT ''::piece;
SELECT 'x'::piece;
SELECT 'KQ'::piece;
SELECT 'knight'::piece;
SELECT '1'::piece;

-- accessors
SELECT p, color(p), kind(p)
FROM (VALUES ('P'::piece), ('N'), ('B'), ('R'), ('Q'), ('K'),
             ('p'), ('n'), ('b'), ('r'), ('q'), ('k')) AS v(p)
ORDER BY p;

-- constructor: colour by name or letter, kind by name or letter
SELECT piece('white', 'knight'), piece('black', 'queen'), piece('w', 'K'),
       piece('b', 'p'), piece('White', 'r');
SELECT piece('red', 'king');
SELECT piece('white', 'archbishop');

-- every piece round-trips through its colour and kind
SELECT bool_and(piece(color(p), kind(p)) = p) AS round_trip
FROM (VALUES ('P'::piece), ('N'), ('B'), ('R'), ('Q'), ('K'),
             ('p'), ('n'), ('b'), ('r'), ('q'), ('k')) AS v(p);

-- operators: White before Black, P < N < B < R < Q < K
SELECT 'P'::piece < 'N', 'K'::piece < 'p', 'q'::piece > 'r', 'k'::piece = 'k',
       'k'::piece <> 'K', 'B'::piece <= 'B', 'R'::piece >= 'B';
