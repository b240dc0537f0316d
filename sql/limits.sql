-- Limits and hostile input: every scan is linear, every limit raises 54000
-- with a detail that names it, messages quote a bounded prefix of the input
-- cut on a character boundary, and a bad game never takes its neighbours
-- with it.  (Memory and cancel latency are measured by test/resources.sh.)

-- 128,000 tags on one line: the tag scan is linear (it was quadratic and
-- took 25 s); a tag that the game already has begins the next game
SELECT count(*) AS games, max(plies) AS plies
FROM pgn_games(repeat('[A "x"] ', 128000) || '1. e4 *');
SELECT count(*) AS games FROM pgn_games(repeat(E'*\n', 100000));

-- plies of the main line: at most 65,535
SELECT plies FROM pgn_games(repeat('Nf3 Nf6 Ng1 Ng8 ', 16383) || 'Nf3 Nf6 Ng1 *');
SELECT plies FROM pgn_games(repeat('Nf3 Nf6 Ng1 Ng8 ', 16384));
-- plies of a game, variations included: at most 500,000
SELECT count(*) FROM pgn_plies('1. e4 ' || repeat('(1. d4) ', 499998), with_variations => true);
SELECT count(*) FROM pgn_plies('1. e4 ' || repeat('(1. d4) ', 499999), with_variations => true);
-- variations nest at most 32 deep
SELECT plies FROM pgn_games('1. e4 ' || repeat('(1. d4 ', 32) || repeat(') ', 32) || '*');
SELECT plies FROM pgn_games('1. e4 ' || repeat('(1. d4 ', 33) || repeat(') ', 33) || '*');
-- tags: at most 1,000 a game, names of at most 255 bytes, values of at most 4,096
SELECT count(*) FROM pgn_games((SELECT string_agg(format('[T%s "x"]', i), E'\n') FROM generate_series(1, 1000 ) i) || ' *');
SELECT count(*) FROM pgn_games((SELECT string_agg(format('[T%s "x"]', i), E'\n') FROM generate_series(1, 1001) i) || ' *');
SELECT length(tags->>repeat('N', 255)) FROM pgn_games('[' || repeat('N', 255) || ' "x"] *');
SELECT count(*) FROM pgn_games('[' || repeat('N', 256) || ' "x"] *');
SELECT length(tags->>'Event') FROM pgn_games('[Event "' || repeat('x', 4096) || '"] *');
SELECT count(*) FROM pgn_games('[Event "' || repeat('x', 4097) || '"] *');
SELECT count(*) FROM pgn_games('[Event "' || repeat('\"', 4097) || '"] *');
SELECT count(*) FROM pgn_games('[Event "' || repeat('x', 100000) || E'\n1. e4 *');
-- a game's comments: at most 1,000,000 bytes, joined by spaces (all of
-- them count, those pgn_games drops too)
SELECT length(comment) FROM pgn_games('{' || repeat('x', 1000000) || '} 1. e4 *');
SELECT length(comment) FROM pgn_games('{' || repeat('x', 499999) || '} ; ' || repeat('y', 500000) || E'\n1. e4 *');
SELECT count(*) FROM pgn_games('{' || repeat('x', 1000001) || '} 1. e4 *');
SELECT count(*) FROM pgn_games('1. e4 ' || repeat('{x} ', 500000) || '*');
SELECT count(*), sum(length(comment)) FROM pgn_plies('1. e4 {' || repeat('x', 999998) || '} e5 {y} *');
SELECT count(*) FROM pgn_plies('1. e4 {' || repeat('x', 999999) || '} e5 {y} *');
-- a game beyond a limit is skipped like any bad game, and reading goes on
SELECT game, plies FROM pgn_games(repeat('Nf3 Nf6 Ng1 Ng8 ', 16384) || E'*\n\n1. e4 e5 *', true);
SELECT game, plies FROM pgn_games('1. e4 ' || repeat('(1. d4 ', 40) || repeat(') ', 40) || E'*\n\n1. d4 *', true);
SELECT game, plies FROM pgn_games(repeat('{x} ', 500001) || E'1. e4 *\n\n1. d4 *', true);
-- pgn() takes at most 65,535 moves
SELECT pgn(start_position(), array_fill('e2e4'::move, ARRAY[65536]));

-- quoted input is cut after 100 bytes, on a character boundary
SELECT * FROM pgn_games('1. a' || repeat('é', 30));
SELECT * FROM pgn_games('[Event ' || repeat('é', 200));
SELECT repeat('é', 200)::square;
SELECT repeat('é', 200)::piece;
SELECT repeat('é', 200)::move;
SELECT (repeat('é', 200) || ' w - - 0 1')::"position";
SELECT '8/8/8/8/8/8/8/é w - - 0 1'::"position";
SELECT ('k7/8/8/8/8/8/8/K7 w ' || repeat('é', 200) || ' - 0 1')::"position";
SELECT parse_move(start_position(), repeat('é', 200));
SELECT square(repeat('é', 200), 1);
SELECT piece(repeat('é', 200), 'knight');
SELECT move('e7', 'e8', repeat('é', 200));
-- the real error reaches a client in another encoding (it was replaced by
-- 22021, the message being cut inside a character)
\set VERBOSITY sqlstate
SET client_encoding = 'LATIN1';
SELECT * FROM pgn_games('1. a' || repeat('é', 30));
SELECT ('k7/8/8/8/8/8/8/K7 w ' || repeat('é', 200) || ' - 0 1')::"position";
SELECT '8/8/8/8/8/8/8/é w - - 0 1'::"position";
RESET client_encoding;
\set VERBOSITY default

-- an unclosed comment, tag or variation ends its game and no other
SELECT game, plies FROM pgn_games(E'1. e4 *\n\n1. d4 { never closed', true);
SELECT game, plies FROM pgn_games(E'[Event "x\n1. e4 *\n\n1. d4 *', true);
SELECT game, plies FROM pgn_games(E'1. e4 (1. d4 *\n\n1. c4 *', true);
