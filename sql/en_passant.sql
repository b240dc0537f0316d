-- En passant: the capture, pins along the rank, captures that evade check,
-- and the en passant square kept only while a capture is legal.

-- after 1. e4 no black pawn can capture: no en passant square
SELECT play(start_position(), 'e2e4');
-- after 1. e4 d5 2. e5 f5 the pawn on e5 can take on f6
SELECT play(play(play(play(start_position(), 'e2e4'), 'd7d5'), 'e4e5'), 'f7f5') AS p \gset
SELECT :'p'::"position", en_passant_square(:'p');
SELECT m FROM legal_moves(:'p') AS m WHERE from_square(m) = 'e5' ORDER BY m;
SELECT play(:'p', 'e5f6');
-- the chance is gone after any other move
SELECT play(:'p', 'g1f3');

-- the pawn pinned along the rank: taking would remove both pawns from the
-- fourth rank and expose the king to the queen, so d2d4 leaves no en
-- passant square and e4d3 is illegal
SELECT play('8/8/8/8/k3p2Q/8/3P4/3K4 w - - 0 1', 'd2d4') AS p \gset
SELECT :'p'::"position";
SELECT count(*) FILTER (WHERE m = 'e4d3') AS e4d3_listed FROM legal_moves(:'p') AS m;
SELECT play(:'p', 'e4d3');
-- with the queen elsewhere the same capture is legal
SELECT play(play('8/8/8/8/k3p3/8/3P4/3K3Q w - - 0 1', 'd2d4'), 'e4d3');

-- a pawn pinned on a diagonal may capture along it (e4 takes on d3 on the
-- b1-h7 diagonal) but not off it (the a8-h1 diagonal does not pass d3)
SELECT play('8/7k/8/8/4p3/8/3P4/KB6 w - - 0 1', 'd2d4') AS p \gset
SELECT :'p'::"position", en_passant_square(:'p');
SELECT play(:'p', 'e4d3');
SELECT play('B7/8/8/8/4p3/8/3P4/K6k w - - 0 1', 'd2d4') AS p \gset
SELECT :'p'::"position", en_passant_square(:'p');
SELECT play(:'p', 'e4d3');

-- the double step gives check and en passant takes the checker
SELECT play('8/8/8/2k5/4p3/8/3P4/4K3 w - - 0 1', 'd2d4') AS p \gset
SELECT :'p'::"position", in_check(:'p');
SELECT m FROM legal_moves(:'p') AS m ORDER BY m;
SELECT play(:'p', 'e4d3');

-- the capture that blocks a check is legal; one that ignores it is not
SELECT m FROM legal_moves('8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1') AS m ORDER BY m;
SELECT 'rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6'::"position";
