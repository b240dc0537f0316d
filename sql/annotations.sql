-- Annotations: what a PGN says besides its main line is kept in the game
-- value and written back (doc/games.md, doc/formats.md).
\pset null '(null)'

-- a lichess export: a clock and an evaluation after every move, a glyph
CREATE TEMP TABLE lichess AS
SELECT * FROM pgn_games($$[Event "Rated Blitz game"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[TimeControl "180+2"]

1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.19] [%clk 0:03:00] }
2. Qh5?! { [%eval -0.3] [%clk 0:02:58.4] } 2... Nc6 { [%eval -0.25,22] [%clk 0:02:59] }
3. Bc4 { [%eval -0.2] [%clk 0:02:55] } 3... Nf6?? { [%eval #1] [%clk 0:02:50] }
4. Qxf7# { [%eval #0] [%clk 0:02:51] } 1-0
$$);
SELECT plies, is_annotated(value), value FROM lichess;
SELECT clocks(value) FROM lichess;
SELECT * FROM evals((SELECT value FROM lichess));
SELECT * FROM nags((SELECT value FROM lichess));
SELECT pgn(value, tags) FROM lichess;

-- the bare game: the same moves, equal to the game read without annotations
SELECT mainline(value) = value AS equal, mainline(value) = game(moves) AS same_moves,
       is_annotated(mainline(value)), pg_column_size(mainline(value)) < pg_column_size(value) AS smaller
FROM lichess;
-- searches read the main line alone
SELECT value @> 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'::"position" AS found,
       value ^@ game('{e2e4,e7e5}'::move[]) AS prefix,
       final(value) = final(mainline(value)) AS same_final
FROM lichess;

-- comments before the first move, after moves, in variations and before a
-- variation's first move; NAGs; variations inside variations; shapes and
-- elapsed times; a comment with text and commands
CREATE TEMP TABLE study AS
SELECT * FROM pgn_games($$[Event "Study"]

{ The opening. } 1. e4 $1 { Best by test. [%csl Ge4,Rd5] [%cal Gg1f3] } 1... c5
( { The French: } 1... e6 2. d4 d5 ( 2... c5 $6 { [%emt 0:00:12.5] } ) 3. Nc3 )
( 1... e5 { [%clk 1:02:03.4] } ) 2. Nf3 { first } { second } 2... d6 $14 *
$$);
SELECT value FROM study;
SELECT * FROM comments((SELECT value FROM study));
SELECT * FROM nags((SELECT value FROM study));
SELECT clocks(value), (SELECT count(*) FROM evals(value)) AS evals FROM study;
SELECT pgn(value) FROM study;
-- the text form reads back to the same value; so does the binary form (version 2)
SELECT value::text::game = value AS text_back FROM study;
CREATE TEMP TABLE annotated_io AS SELECT value AS g FROM study UNION ALL SELECT value FROM lichess;
\copy annotated_io TO 'results/annotated.bin' WITH (FORMAT binary)
CREATE TEMP TABLE annotated_back (g game);
\copy annotated_back FROM 'results/annotated.bin' WITH (FORMAT binary)
SELECT count(*) AS back, count(*) FILTER (WHERE g IN (SELECT g FROM annotated_io)) AS equal FROM annotated_back;

-- equality, order and hashes: the annotations are part of the value
SELECT a.value = b.value AS eq, mainline(a.value) = mainline(b.value) AS same_moves,
       game_hash(a.value) = game_hash(b.value) AS same_hash,
       game_hash(mainline(a.value)) = game_hash(game(a.moves)) AS bare_hash_unchanged,
       mainline(a.value) < a.value AS bare_first
FROM lichess a, lichess b;
SELECT g, g = game('{e2e4}'::move[]) AS eq, game_cmp(g, '1. e4'::game) AS cmp
FROM (VALUES ('1. e4 { a }'::game), ('1. e4 $1'::game), ('1. e4'::game)) AS v(g) ORDER BY g;
SELECT count(DISTINCT g) FROM (VALUES ('1. e4 { a }'::game), ('1. e4 {a}'::game), ('1. e4 { b }'::game)) AS v(g);

-- a move appended keeps the annotations
SELECT value || 'b1c3'::move FROM study;

-- what stays text: a command our values cannot hold exactly, a malformed one, an unknown one
SELECT g, clocks(g), (SELECT count(*) FROM evals(g)) AS evals
FROM (VALUES ('1. e4 { [%clk 0:00:01.234] } e5 { [%clk 1:99] } 2. d4 { [%eval abc] [%foo 1] }'::game)) AS v(g);
SELECT * FROM comments('1. e4 { [%clk 0:00:01.234] } e5 { [%clk 1:99] } 2. d4 { [%eval abc] [%foo 1] }'::game);

-- a variation's bad move is refused by the game type, skipped from there by pgn_games()
SELECT '1. e4 ( 1. e5 ) e5'::game;
SELECT value FROM pgn_games('1. e4 ( 1. d4 d5 2. Ke3 Nf6 ) e5 *');
-- a variation where its line has no move yet is dropped
SELECT value FROM pgn_games('( 1. d4 ) 1. e4 e5 *');
-- a game kept up to its error with a variation left open: the variation is closed
SELECT value, error IS NOT NULL AS has_error FROM pgn_games('1. e4 (1. d4 d5', keep_errors => true);
-- NAGs: $0 to $9999, the first four digits of a longer number (as chessops reads it)
SELECT * FROM nags('1. e4 $0 $9999 $12345'::game);
-- comments within the reader's limit as PGN writes them back: commands grow when written
SELECT plies('1. e4 { [%clk 0:0:1] }'::game), '1. e4 { [%clk 0:0:1] }'::game;

-- tags written back: the Seven Tag Roster first, then in lichess's order
-- (WhiteElo before BlackElo), then the others (jsonb keeps no order)
SELECT pgn(value, tags) FROM pgn_games($$[Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2024.01.15"]
[Round "-"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[UTCDate "2024.01.15"]
[UTCTime "12:00:00"]
[WhiteElo "1500"]
[BlackElo "1480"]
[WhiteRatingDiff "+6"]
[BlackRatingDiff "-6"]
[Variant "Standard"]
[TimeControl "180+2"]
[ECO "C20"]
[Opening "King's Pawn Game"]
[Termination "Normal"]
[Custom "x"]

1. e4 { [%clk 0:03:00] } 1-0$$);

-- the indexes read annotated games as their moves: the same rows with and without them
CREATE TEMP TABLE indexed AS
SELECT value AS g FROM lichess UNION ALL SELECT value FROM study UNION ALL SELECT mainline(value) FROM lichess;
CREATE INDEX ON indexed USING gin (g);
CREATE INDEX ON indexed USING gin (g game_pattern_ops);
CREATE INDEX ON indexed USING btree (g);
SET enable_seqscan = off;
SELECT count(*) FROM indexed WHERE g @> 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'::"position";
SELECT count(*) FROM indexed WHERE g @> '8/8/8/8/4P3/8/8/8'::pattern;
SELECT count(*) FROM indexed WHERE g ^@ '1. e4 e5'::game;
SELECT count(*) FROM indexed WHERE g = (SELECT value FROM lichess);
RESET enable_seqscan;
SELECT count(*) FROM indexed WHERE g @> 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'::"position";
SELECT count(*) FROM indexed WHERE g @> '8/8/8/8/4P3/8/8/8'::pattern;
SELECT count(*) FROM indexed WHERE g ^@ '1. e4 e5'::game;
SELECT count(*) FROM indexed WHERE g = (SELECT value FROM lichess);
