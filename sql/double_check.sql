-- Check, double check and pins.

-- double check by knight and rook: only the king may move, and not along
-- the rook's line, where the king itself no longer shields the square
SELECT m FROM legal_moves('4k3/8/8/8/3Q4/5n2/8/r3K3 w - - 0 1') AS m ORDER BY m;
SELECT play('4k3/8/8/3Q4/8/5n2/8/r3K3 w - - 0 1', 'd5f3');
SELECT play('4k3/8/8/8/3Q4/5n2/8/r3K3 w - - 0 1', 'e1f1');
SELECT play('4k3/8/8/8/3Q4/5n2/8/r3K3 w - - 0 1', 'e1d2');

-- single check from b4: capture the checker (b1b4), block on d2 (f4d2; the
-- knight on g1 cannot help), or move the king off the diagonal
SELECT m FROM legal_moves('4k3/8/8/8/1q3B2/8/8/1R2K1N1 w - - 0 1') AS m ORDER BY m;

-- a pinned piece moves along the pin line only
SELECT m FROM legal_moves('4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1') AS m
WHERE from_square(m) = 'e2' ORDER BY m;
SELECT play('4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1', 'e2d2');
SELECT m FROM legal_moves('4k3/8/8/8/b7/8/2N5/3K4 w - - 0 1') AS m
WHERE from_square(m) = 'c2' ORDER BY m;

-- checkmate and stalemate: no legal moves
SELECT is_checkmate(p), is_stalemate(p), in_check(p), (SELECT count(*) FROM legal_moves(p)) AS moves
FROM (VALUES ('R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1'::"position"),
             ('k7/2Q5/1K6/8/8/8/8/8 b - - 0 1')) AS v(p);
