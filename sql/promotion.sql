-- Promotion: to queen, rook, bishop and knight (the ABAP article promotes
-- to the queen only), by a step or a capture, for both sides.

SELECT m, promotion(m) FROM legal_moves('r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1') AS m
WHERE from_square(m) = 'b7' ORDER BY m;
SELECT play('r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1', 'b7a8n');
SELECT play('r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1', 'b7b8q');
SELECT play('4k3/8/8/8/8/8/p7/4K3 b - - 0 1', 'a2a1q') AS p \gset
SELECT :'p'::"position", in_check(:'p');
SELECT play('4k3/8/8/8/8/8/p7/4K3 b - - 0 1', 'a2a1r');
SELECT count(*) AS moves, count(*) FILTER (WHERE promotion(m) IS NOT NULL) AS promotions
FROM legal_moves('8/PPPPPPPP/8/8/8/8/8/k3K3 w - - 0 1') AS m;

-- a pawn reaching the last rank must promote; only pawns promote
SELECT play('r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1', 'b7b8');
SELECT play('4k3/R7/8/8/8/8/8/4K3 w - - 0 1', 'a7a8q');
SELECT is_legal('r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1', 'b7b8') AS without_promotion;
