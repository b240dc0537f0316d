-- Chess960 (Fischer Random): positions with their castling rooks' files,
-- Shredder-FEN and X-FEN in, X-FEN out, castling as the king onto its rook,
-- SAN O-O, the starting positions' numbering, PGN with [Variant], and
-- standard chess unchanged.
\set VERBOSITY terse

-- the 960 starting positions: 518 is the standard one
SELECT chess960_position(0), chess960_position(518) = start_position() AS standard, chess960_position(959);
SELECT count(DISTINCT p) AS distinct_positions,
       count(*) FILTER (WHERE chess960_number(p) = n) AS numbered_back,
       count(*) FILTER (WHERE p::text::"position" = p) AS xfen_round_trip,
       count(*) FILTER (WHERE shredder_fen(p)::"position" = p) AS shredder_round_trip
FROM (SELECT n, chess960_position(n) AS p FROM generate_series(0, 959) AS n) AS s;
-- binary COPY both ways
CREATE TABLE starts960 AS SELECT n, chess960_position(n) AS p FROM generate_series(0, 959) AS n;
\copy starts960 TO 'results/starts960.bin' WITH (FORMAT binary)
CREATE TABLE starts960_in (n integer, p "position");
\copy starts960_in FROM 'results/starts960.bin' WITH (FORMAT binary)
SELECT count(*) AS same FROM starts960 JOIN starts960_in USING (n) WHERE starts960.p = starts960_in.p;
DROP TABLE starts960, starts960_in;
SELECT chess960_position(960);
SELECT chess960_position(-1);
SELECT chess960_number(start_position()), chess960_number('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
-- clocks aside
SELECT chess960_number('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 3 7');

-- FEN: Shredder-FEN and X-FEN read, X-FEN written (python-chess's way);
-- an inner rook is named by its file
SELECT 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1'::"position";
SELECT shredder_fen('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1');
SELECT '2r1kr1r/8/8/8/8/8/8/2R1KR1R w FCfc - 0 1'::"position", castling_rights('2r1kr1r/8/8/8/8/8/8/2R1KR1R w FCfc - 0 1');
SELECT shredder_fen(start_position()), shredder_fen('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
SELECT 'rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1'::"position" = 'rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1' AS same;
-- two rights on one side, a file letter that is no file
SELECT '4k3/8/8/8/8/8/8/R3K2R w KH - 0 1'::"position";
SELECT '4k3/8/8/8/8/8/8/4K2R w I - 0 1'::"position";
-- a standard position's packed bytes are as in 0.4.0 (zeros at 30-31); a
-- Chess960 one keeps its rooks' files there
SELECT position_send(start_position()), position_send(chess960_position(0));

-- castling: the king onto its own rook, SAN O-O and O-O-O
SELECT m, san('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1', m)
FROM legal_moves('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1') AS m WHERE m::text LIKE 'b1%' ORDER BY m;
SELECT play('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1', 'b1e1'),
       play('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1', 'b1a1');
SELECT parse_move('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1', 'O-O'),
       parse_move('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1', 'O-O-O'),
       parse_move('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1', '0-0', true);
-- king and rook change places; the king stays where it is
SELECT play('4k3/8/8/8/8/8/8/5KR1 w K - 0 1', 'f1g1'), play('4k3/8/8/8/8/8/8/6KR w K - 0 1', 'g1h1');
-- the rook hid a check: a1 sees c1 once b1 is empty
SELECT play('4k3/8/8/8/8/8/8/rRK5 w Q - 0 1', 'c1b1');
-- blocked, through check
SELECT play('rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RKN1R3 w KQkq - 0 1', 'b1e1');
SELECT play('rk2r3/pppppppp/8/8/8/5r2/PPPPP1PP/RK2R3 w KQkq - 0 1', 'b1e1');
-- a rook's move loses its own right only; the king's both
SELECT play('1r2k1r1/8/8/8/8/8/8/1R2K1R1 b KQkq - 0 1', 'g8g7'), play('1r2k1r1/8/8/8/8/8/8/1R2K1R1 b KQkq - 0 1', 'e8d8');
-- standard castling written either way; UCI_Chess960 writes the king onto its rook
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1h1') = play('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1') AS same,
       is_legal('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1a1'),
       uci_chess960('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1'),
       uci_chess960('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1c1'),
       uci_chess960(start_position(), 'e2e4');

-- perft from the first positions of Ethereal's Chess960 suite
SELECT perft('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', 4) AS d4_326672,
       perft('2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9', 4) AS d4_667366,
       perft('b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9', 4) AS d4_273318;

-- PGN: [Variant "Chess960"] with a FEN; O-O read and written
-- (position 3, BQNNRKRB, may castle king side at once: the king f1 to g1, the rook g1 to f1)
SELECT game, plies, final, moves FROM pgn_games(E'[Variant "Chess960"]\n[SetUp "1"]\n[FEN "bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1"]\n\n1. O-O O-O 2. e4 e5 *');
SELECT pgn(chess960_position(3), '{f1g1,f8g8,e2e4,e7e5}');
SELECT r.moves = '{f1g1,f8g8,e2e4,e7e5}' AS same_moves, r.start = chess960_position(3) AS same_start, r.tags->>'Variant' AS variant
FROM pgn_games(pgn(chess960_position(3), '{f1g1,f8g8,e2e4,e7e5}')) AS r;
SELECT movetext(chess960_position(3), '{f1g1,f8g8,e2e4,e7e5}');
-- a variant other than chess and Chess960 is refused, not misread
SELECT game FROM pgn_games(E'[Variant "Crazyhouse"]\n\n1. e4 *');
SELECT game, error FROM pgn_games(E'[Variant "Atomic"]\n\n1. e4 *\n\n[Variant "Standard"]\n\n1. d4 *', keep_errors => true);
SELECT game, plies FROM pgn_games(E'[Variant "From Position"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O *');

-- the game type keeps Chess960 games
SELECT game(chess960_position(3), '{f1g1,f8g8,e2e4,e7e5}');
SELECT moves(game(chess960_position(3), '{f1g1,f8g8,e2e4,e7e5}'));
SELECT final(game(chess960_position(3), '{f1g1,f8g8,e2e4,e7e5}'));
SELECT game(chess960_position(3), '{f1g1,f8g8,e2e4,e7e5}')::text::game = game(chess960_position(3), '{f1g1,f8g8,e2e4,e7e5}') AS text_round_trip;

-- Polyglot keys count a right whose rook is in its corner (python-chess's
-- rule): position 0's rooks on f and h give only the king side rights
SELECT polyglot_key(chess960_position(0)) = polyglot_key('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w Kk - 0 1') AS kk_only,
       polyglot_key(chess960_position(518)) = polyglot_key(start_position()) AS standard;
