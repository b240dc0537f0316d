-- Castling: the right, empty squares between king and rook, and no attack
-- on the king's square, the square it crosses or the one it lands on.
-- Black castles on rank 8 (the ABAP article sends the black king to rank 1).

SELECT m FROM legal_moves('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1') AS m
WHERE from_square(m) = 'e1' ORDER BY m;
SELECT m FROM legal_moves('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1') AS m
WHERE from_square(m) = 'e8' ORDER BY m;

-- the rook jumps over the king; castling spends both rights of its side
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1');
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1c1');
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 9', 'e8g8');
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 9', 'e8c8');

-- a rook that moves or is captured takes its right with it, the king both
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'h1h5');
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'a1a8');
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1e2');

-- the queen-side rook may pass an attacked b1: only the king's squares count
SELECT is_legal('1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1', 'e1c1') AS b1_attacked_is_fine;

-- every way castling can be illegal
SELECT play('4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1', 'e1g1');
SELECT play('4k3/8/8/8/8/8/7b/R3K2R w KQ - 0 1', 'e1g1');
SELECT play('4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1', 'e1c1');
SELECT play(start_position(), 'e1g1');
SELECT play('r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1', 'e1c1');
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1', 'e1g1');
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R b KQq - 0 1', 'e8g8');
-- castling written as the king onto its rook (UCI_Chess960, python-chess reads it too)
SELECT play('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1h1');
SELECT is_legal('4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1', 'e1g1') AS through_check,
       is_legal('4k3/8/8/8/8/8/7b/R3K2R w KQ - 0 1', 'e1g1') AS into_check,
       is_legal('4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1', 'e1c1') AS out_of_check;
