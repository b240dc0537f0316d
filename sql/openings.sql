-- Openings by name (doc/games.md): lichess's data set of opening names,
-- compiled into the library; opening(game) names a game as lichess does,
-- opening(position) names one position.  test/differential/openings.mjs
-- checks the classification against chess.js on the benchmark corpus.
\pset null '(null)'

-- the data set: 3,807 lines, each ending in a position no other line ends in
SELECT count(*) AS lines, count(DISTINCT eco) AS codes, count(DISTINCT without_clocks("position")) AS positions,
       min(plies), max(plies)
FROM opening_names;
SELECT eco, name, pgn, "position", plies FROM opening_names WHERE name LIKE 'Sicilian Defense: Najdorf Variation, English Attack%' ORDER BY plies, name;
-- every line names its own position, and a game of its moves by its name and length
SELECT count(*) FILTER (WHERE (opening(o."position")).name IS DISTINCT FROM o.name) AS positions_named_otherwise,
       count(*) FILTER (WHERE opening(o.pgn::game) IS DISTINCT FROM (o.eco, o.name, o.plies)) AS lines_named_otherwise
FROM opening_names o;

-- a game: the named position it reaches last, and the ply
SELECT * FROM opening('1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 Be6 8. f3 Be7'::game);
-- a transposition: these moves reach the Queen's Gambit Declined by another order
SELECT * FROM opening('1. Nf3 d5 2. d4 Nf6 3. c4 e6 4. Nc3 Be7 5. Bg5'::game);
-- what it passed through on the way, each ply's name
SELECT ply, (opening(p."position")).*
FROM positions('1. Nf3 d5 2. d4 Nf6 3. c4 e6 4. Nc3 Be7 5. Bg5'::game) AS p
WHERE opening(p."position") IS NOT NULL ORDER BY ply;
-- as a column: the games of a table with their openings
SELECT g, (opening(g)).name, (opening(g)).ply
FROM (VALUES ('1. d4 Nf6 2. c4 e6 3. Nc3 Bb4'::game), ('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7'),
             ('1. g4 d5 2. Bg2'), ('1. e4'), ('')) AS t(g);

-- only the positions after plies 1 to 40 count, as lichess looks no further:
-- the knights go out and back ten times, then 21. e4 reaches a named position
SELECT * FROM opening(('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 '
                      '9. Nf3 Nf6 10. Ng1 Ng8 11. Nf3 Nf6 12. Ng1 Ng8 13. Nf3 Nf6 14. Ng1 Ng8 15. Nf3 Nf6 '
                      '16. Ng1 Ng8 17. Nf3 Nf6 18. Ng1 Ng8 19. Nf3 Nf6 20. Ng1 Ng8 21. e4')::game);
-- a game that does not begin at the standard start has no opening, even
-- when it reaches a named position: Chess960, a set-up position
SELECT opening(game('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position", '{e2e4}'::move[])) IS NOT NULL AS standard_start,
       opening(game('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'::"position", '{c7c5}'::move[])) AS set_up,
       opening(game('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'::"position", '{e2e4}'::move[])) AS chess960;

-- a position: the line that ends there, clocks aside
SELECT * FROM opening('rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
SELECT * FROM opening('rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 41 70');
-- no line ends in the start, nor in a position of the middle game
SELECT opening(start_position()) AS start, opening('r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9') AS middle;
-- an en passant square is part of a position when the capture is legal
-- (the data set's rule): the Old Benoni after 2... e5, not when Black's
-- pawn came to e5 in two steps
SELECT opening('rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 3') AS double_push,
       opening('rnbqkbnr/pp1p1ppp/8/2pPp3/8/8/PPP1PPPP/RNBQKBNR w KQkq - 0 5') AS two_steps;
-- (the game then keeps the name of 2. d5)
SELECT * FROM opening('1. d4 c5 2. d5 e6 3. Nf3 e5 4. Ng1 Nf6 5. Nf3 Ng8 6. Ng1'::game);

-- doc/games.md: the openings of a collection, and the games that follow a line
CREATE TEMP TABLE named_games AS
SELECT game, value AS g, (opening(value)).*
FROM pgn_games('[Event "1"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 1-0

[Event "2"]

1. Nf3 d5 2. d4 Nf6 3. c4 e6 4. Nc3 Be7 5. Bg5 O-O 1/2-1/2

[Event "3"]

1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. e3 O-O 0-1

[Event "4"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 0-1');
SELECT eco, name, count(*) AS games FROM named_games GROUP BY eco, name ORDER BY games DESC, eco;
SELECT n.plies, n.eco, n.name
FROM opening_names n JOIN named_games x ON mainline(x.g) ^@ n.pgn::game
WHERE x.game = 1
ORDER BY n.plies;

-- the names as the data set writes them in a UTF-8 database; without their
-- accents in a database of another encoding, which may lack a letter
-- (LATIN1 has no ć, which three names have)
SELECT eco, name FROM opening_names WHERE name LIKE 'K_das Opening' OR name LIKE '%ć%' ORDER BY name;
\set regress_db :DBNAME
CREATE DATABASE regress_openings_latin1 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0;
\c regress_openings_latin1
SET client_encoding = 'UTF8';
CREATE EXTENSION chess;
SELECT eco, name FROM opening_names WHERE name LIKE 'K_das Opening' OR name LIKE '%Kosti_%' ORDER BY name;
SELECT count(*) AS lines, count(*) FILTER (WHERE name ~ '[^ -~]') AS not_ascii FROM opening_names;
SELECT (opening('1. h4'::game)).name;
\c :regress_db
DROP DATABASE regress_openings_latin1;
