-- Playing a game on (doc/games.md): g || move and g || text (SAN or UCI),
-- refused once the game has ended by the rules; undo(); san_moves();
-- board_svg(game); a literal after g @> is a position.

-- SAN, UCI, a move value; a wrong or missing check sign is no error
SELECT '1. e4'::game || 'e5' || 'Nf3+' || 'b8c6' || 'Bb5'::text || 'a7a6'::move AS game;
SELECT '1. f3 e5 2. g4'::game || 'Qh4+' AS check_sign_for_a_mate;
-- what is no move, an illegal move, an ambiguous one
SELECT '1. e4'::game || 'Zz9';
SELECT '1. e4'::game || 'e4';
SELECT '[FEN "4k3/8/8/8/8/8/8/R3K2R w - - 0 1"]'::game || 'Rd1';
SELECT '[FEN "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"]'::game || 'Rd1';

-- the game is over: checkmate, stalemate, insufficient material, fivefold
-- repetition, seventy-five moves — with a move value or text
SELECT '1. f3 e5 2. g4 Qh4#'::game || 'a2a3'::move;
SELECT '1. f3 e5 2. g4 Qh4#'::game || 'a3';
SELECT '[FEN "k7/8/1Q6/8/8/8/8/K7 w - - 0 1"] 1. Qb6c7'::game || 'a8b8'::move;
SELECT '[FEN "k7/8/8/8/8/8/8/KN6 b - - 0 1"]'::game || 'a8a7'::move;
SELECT '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8'::game || 'e2e4'::move;
SELECT '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1'::game || 'Ng8' AS fourth_repetition_then_fifth;
SELECT '[FEN "k7/8/8/8/8/8/1R6/K7 w - - 150 100"]'::game || 'b2b3'::move;
-- a threefold repetition or fifty moves may be claimed: the game goes on
SELECT plies('1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8'::game || 'e4');

-- the annotations stay with their moves
SELECT '1. e4 { [%clk 0:03:00] } e5 { [%clk 0:02:59] } $1'::game || 'Nf3' AS annotated;

-- undo: the last ply and what the annotations say of it go
SELECT undo('1. e4 e5 2. Nf3'::game), undo('1. e4'::game), undo('[FEN "k7/8/8/8/8/8/1R6/K7 w - - 0 1"] 1. Rb8+'::game);
SELECT undo('{ Start. } 1. e4 { [%clk 0:03:00] } e5 { [%clk 0:02:59] } $1 ( 1... c5 ) { after c5 } 2. Nf3 { [%clk 0:02:58] }'::game);
SELECT undo(undo('1. e4 { a } e5 { b }'::game)), is_annotated(undo(undo('1. e4 e5 { b }'::game)));
SELECT undo(''::game);

-- san_moves
SELECT san_moves('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O'::game), san_moves(''::game);

-- board_svg of a game: its final position, its last move marked
SELECT board_svg('1. e4 e5'::game) = board_svg(final('1. e4 e5'::game), lastmove => 'e7e5') AS last_move_marked,
       board_svg(''::game) = board_svg(start_position()) AS start;

-- a literal after g @> is a position (psql, psycopg's %s, node-postgres's $1);
-- patterns and balances with their casts
SELECT '1. e4 e5'::game @> 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' AS position,
       '1. e4 e5'::game @> '8/8/8/8/4P3/8/8/8'::pattern AS pattern,
       '1. e4 e5'::game @> 'KQvK'::balance AS balance;
PREPARE search AS SELECT '1. e4'::game @> $1;
EXECUTE search('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
SELECT '1. e4'::game @> 'not a position';
