-- Inputs whose reading a locale could change if the readers used <ctype.h>
-- (white space, letter case): test/locale.sh runs this file in a C and a
-- Turkish database and compares the outputs.
\set VERBOSITY terse
SELECT ' e4 '::square, E'\te4\n'::square, (E'\f' || chr(11) || E' h8 \r')::square;
SELECT 'E4'::square;
SELECT square('E', 4), square('e', 4);
SELECT ' N '::piece, E'\tn'::piece;
SELECT 'I'::piece;
SELECT ' e7e8q '::move, 'E7E8Q'::move;
SELECT parse_move(start_position(), 'E2E4'), parse_move(start_position(), ' Nf3 '),
       parse_move(start_position(), 'nf3', true);
SELECT (E'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\tb\tKQkq\te3 0' || chr(11) || '1')::"position";
SELECT E'\u00a0rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'::"position";
SELECT E'4k3/8/8/8/8/8/8/4K3 w - - 0 1\u0130'::"position";
SELECT E' 8/8/5n2/3P4/4P3/8/8/8 \t'::pattern, ' KRB v KR '::balance, 'kRbVkR'::balance;
SELECT game, plies, final FROM pgn_games(E'[Event "A"]\f\n1. e4' || chr(11) || E' e5\r\n2. Nf3 *');
SELECT ' 1. e4 e5 '::game, E'1.\te4\fe5'::game;
SELECT san(start_position(), 'g1f3'), file('e4'), rank('e4');
