-- Reads the games chess.js wrote (chessjs_pgn.mjs write, on standard input)
-- and compares the final positions; writes each game back as PGN with pgn()
-- to the file named by the variable ours, for chess.js to read.
-- Prints "pgn from chess.js: N passed, M failed".
\set ON_ERROR_STOP on
CREATE TEMP TABLE js_games (line text);
\copy js_games FROM pstdin WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
CREATE TEMP TABLE read_back AS
SELECT (line::jsonb->>'id')::integer AS id, line::jsonb->>'fen' AS fen, g.*
FROM js_games, LATERAL pgn_games(line::jsonb->>'pgn') AS g;
SELECT count(*) AS games, sum(plies) AS plies,
       count(*) FILTER (WHERE is_checkmate(final)) AS checkmates,
       count(*) FILTER (WHERE tags->>'White' LIKE 'Player "%"') AS quoted_tags_read
FROM read_back;
SELECT id, fen, final FROM read_back WHERE final::text <> fen LIMIT 5;
SELECT format('pgn from chess.js: %s passed, %s failed',
              count(*) FILTER (WHERE r.final::text = r.fen),
              (SELECT count(*) FROM js_games) - count(*) FILTER (WHERE r.final::text = r.fen))
       AS summary
FROM read_back AS r;
-- chess.js 1.4.0 cannot read the escape \" that the PGN standard requires
-- in a tag value (pgn() writes it), so the games go back with the quotes in
-- their tags turned into apostrophes
CREATE TEMP TABLE ours AS
SELECT json_build_object('id', id, 'fen', final::text,
                         'pgn', pgn(start, moves,
                                    (SELECT jsonb_object_agg(key, replace(value, '"', ''''))
                                     FROM jsonb_each_text(tags))))::text AS line
FROM read_back ORDER BY id;
\copy ours TO 'test/differential/ours.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
-- the game type: each game's text reads back to the same value with the
-- same final position, and goes to chess.js (ours_game.jsonl) as it is,
-- its [FEN] tag and all
SELECT format('game text read back: %s passed, %s failed',
              count(*) FILTER (WHERE value::text::game = value AND final(value) = final),
              count(*) FILTER (WHERE value::text::game IS DISTINCT FROM value
                                  OR final(value) IS DISTINCT FROM final)) AS summary
FROM read_back;
CREATE TEMP TABLE ours_game AS
SELECT json_build_object('id', id, 'fen', final::text, 'pgn', value::text)::text AS line
FROM read_back ORDER BY id;
\copy ours_game TO 'test/differential/ours_game.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
