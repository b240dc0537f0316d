-- SAN: writing with minimal disambiguation, reading strictly and leniently,
-- and the three errors: malformed (22P02), illegal and ambiguous (22023).

-- writing
SELECT m, san('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1', m) FROM (VALUES ('b1d2'::move), ('f3d2'), ('f3e5')) AS v(m);
SELECT m, san('4k3/8/8/R7/8/8/8/R3K3 w - - 0 1', m) FROM (VALUES ('a1a3'::move), ('a5a3'), ('a1b1')) AS v(m);
SELECT m, san('8/8/k7/8/4Q2Q/8/8/K6Q w - - 0 1', m) FROM (VALUES ('h4e1'::move), ('e4e1'), ('h1e1'), ('h4f2')) AS v(m);
SELECT san('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 'e4d5') AS pawn_capture,
       san('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', 'e5f6') AS en_passant,
       san('3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1', 'e7e8q') AS promotion,
       san('3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1', 'e7d8n') AS capture_promotion,
       san('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1') AS short_castle,
       san('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1', 'e8c8') AS long_castle,
       san('4k3/8/8/8/8/8/8/4K2R w K - 0 1', 'h1h8') AS check,
       san('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2', 'd8h4') AS mate,
       san('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 'a1a8') AS back_rank_mate;
SELECT san(start_position(), 'e2e5');

-- reading: SAN and UCI, strictly by default
SELECT parse_move(start_position(), 'e4'), parse_move(start_position(), 'Nf3'),
       parse_move(start_position(), 'e2e4'), parse_move(start_position(), 'Nf3!?'),
       parse_move('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1', 'Nbd2'),
       parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'O-O-O'),
       parse_move('4k3/8/8/8/8/8/8/4K2R w K - 0 1', 'Rh8+'),
       parse_move('3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1', 'exd8=N');
SELECT play(start_position(), 'e4'), play(play(start_position(), 'e4'), 'c5');
-- UCI in either letter case, in both modes, as 'E2E4'::move reads it; a
-- capital B first is SAN when it can be ("B4c5", a bishop from the fourth
-- rank, over-disambiguated), UCI when it cannot ("B1C3")
SELECT 'E2E4'::move AS typed, parse_move(start_position(), 'E2E4') AS strict,
       parse_move(start_position(), 'E2E4', lenient => true) AS lenient,
       parse_move(start_position(), 'B1C3') AS "B1C3", parse_move(start_position(), 'G1f3') AS "G1f3",
       parse_move('8/4P3/8/8/8/8/8/K6k w - - 0 1', 'E7E8N') AS "E7E8N";
SELECT parse_move('8/8/8/8/1B6/8/8/K6k w - - 0 1', 'B4c5');
SELECT parse_move('8/8/8/8/1B6/8/8/K6k w - - 0 1', 'B4c5', true);
SELECT parse_move(start_position(), 'E2E5');

-- strictly, only standard SAN
SELECT parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', '0-0');
SELECT parse_move('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 'ed5');
SELECT parse_move('3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1', 'e8Q');
SELECT parse_move(start_position(), 'Nf3+');
SELECT parse_move(start_position(), 'nf3');
SELECT parse_move(start_position(), 'Ng1f3');
SELECT parse_move('4k3/8/8/8/8/8/8/4K2R w K - 0 1', 'Rh8#');

-- leniently, what people type
SELECT parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', '0-0', true) AS "0-0",
       parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'o-o-o', true) AS "o-o-o",
       parse_move('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 'ed5', true) AS "ed5",
       parse_move('rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2', 'e4xd5', true) AS "e4xd5",
       parse_move('3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1', 'e8Q', true) AS "e8Q",
       parse_move('3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1', 'exd8n', true) AS "exd8n",
       parse_move(start_position(), 'Nf3+', true) AS "Nf3+",
       parse_move(start_position(), 'nf3', true) AS "nf3",
       parse_move(start_position(), 'Ng1-f3', true) AS "Ng1-f3",
       parse_move('4k3/8/8/8/8/8/8/4K2R w K - 0 1', 'Rh8#', true) AS "Rh8#";
SELECT play(start_position(), '0-0', true);

-- illegal: the detail says why
SELECT parse_move(start_position(), 'e5');
SELECT parse_move(start_position(), 'Nd2');
SELECT parse_move(start_position(), 'O-O');
SELECT parse_move('4k3/8/8/8/8/8/4r3/4K3 w - - 0 1', 'Kf2');
SELECT parse_move('3r4/4P3/8/8/8/8/8/k3K3 w - - 0 1', 'e8');
SELECT parse_move(start_position(), 'e2e5');
SELECT parse_move(start_position(), 'Qh5');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- ambiguous: the detail lists the moves it could be
SELECT parse_move('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1', 'Nd2');
SELECT parse_move('4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1', 'bc4', true);
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT parse_move('4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1', 'Bc4', true),
       parse_move('4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1', 'bxc4');

-- malformed
SELECT parse_move(start_position(), '');
SELECT parse_move(start_position(), 'hello');
SELECT parse_move(start_position(), 'Nz9');
SELECT parse_move(start_position(), 'e4++');
\echo SQLSTATE :LAST_ERROR_SQLSTATE

-- a pawn move without a file is a step on that file, even leniently: f6
-- is not the en passant capture exf6, c4 not dxc4 (python-chess's
-- test_pawn_capture_san_without_file)
SELECT parse_move('4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2', 'f6', true);
SELECT parse_move('2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13', 'c4', true);
SELECT parse_move('4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2', 'ef6', true) AS ef6,
       parse_move('2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13', 'dxc4') AS dxc4;
-- castling written as a king move: strictly malformed, saying so;
-- leniently read, as chess.js reads it
SELECT parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'Kg1');
SELECT parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'Kc1');
SELECT parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'Kxg1');
SELECT parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'Ke1g1');
\echo SQLSTATE :LAST_ERROR_SQLSTATE
SELECT m, parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', m, true)
FROM unnest('{Kg1,Kc1,Kxg1,Ke1g1,Ke1-g1}'::text[]) AS m;
SELECT parse_move('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1', 'Kc8', true);
-- without the right, the king move to g1 is what it is: illegal
SELECT parse_move('r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1', 'Kg1', true);
