-- Reads the games of annotated PGN files (annotations.mjs files, on
-- standard input: one {"file", "game", "pgn"} a line) with pgn_games() and
-- writes each back with pgn(value, tags, tag_order) to
-- test/differential/ours_annotated.jsonl, for annotations.mjs compare to
-- read with chessops; a game it cannot read is said (skip_errors: a
-- NOTICE) and missing from the file.
\set ON_ERROR_STOP on
CREATE TEMP TABLE annotated_files (line text);
\copy annotated_files FROM pstdin WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
CREATE TEMP TABLE annotated_read AS
SELECT line::jsonb->>'file' AS file, (line::jsonb->>'game')::integer AS game, g.tags, g.tag_order, g.value, g.plies
FROM annotated_files, LATERAL pgn_games(line::jsonb->>'pgn', skip_errors => true) AS g;
SELECT count(*) AS games, sum(plies) AS plies,
       count(*) FILTER (WHERE is_annotated(value)) AS annotated,
       count(*) FILTER (WHERE value::text::game = value) AS text_read_back
FROM annotated_read;
CREATE TEMP TABLE ours_annotated AS
SELECT json_build_object('file', file, 'game', game, 'pgn', pgn(value, tags, tag_order),
                         'clocks', clocks(value),
                         'evals', (SELECT json_agg(json_build_array(ply, cp, mate, depth) ORDER BY ply) FROM evals(value)),
                         'accuracy', (SELECT json_object_agg(color, accuracy) FROM accuracy(value)),
                         'judgements', (SELECT json_object_agg(ply, judgement) FROM judgements(value)),
                         'standard', start(value) = start_position())::text AS line
FROM annotated_read ORDER BY file, game;
\copy ours_annotated TO 'test/differential/ours_annotated.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
