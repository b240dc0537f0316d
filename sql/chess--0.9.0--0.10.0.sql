/*
 * chess--0.9.0--0.10.0.sql: the whole game — comments, NAGs, variations,
 * clocks and evaluations kept in the game value (an annotation section after
 * its moves, flag 0x02: doc/formats.md); lichess's analysis; a game that
 * knows it is over; "position" the preferred type of its category; PGN
 * import as a stream and in parts, with the tags' order and each game's
 * offset (pgn_games() and pgn_games_file() are dropped and created again);
 * game_bytes(); openings by name (lichess's data set: opening(game),
 * opening(position), the view opening_names); position_moves(),
 * explorer_cells(), explorer_sum(), explorer_periods() and
 * explorer_key_filter(), from which the recipe's explorer is built.
 *
 * Stored values and index keys do not change: a game stored by 0.9.0 is a
 * bare game, read, compared, hashed and indexed as before; no REINDEX is
 * needed.  Values written by 0.10.0 with annotations are not readable by
 * 0.9.0's library (it refuses flag 0x02 as damaged).
 */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.10.0'" to load this file. \quit

--
-- Annotations: what a PGN says besides its main line — comments, NAGs,
-- variations, and the commands inside comments ([%clk], [%emt], [%eval],
-- [%csl], [%cal]) — kept in the game value (doc/formats.md) and written
-- back by pgn(game).  Searches read the main line only.
--

CREATE FUNCTION pgn(g game, tags jsonb DEFAULT '{}'::jsonb, tag_order text[] DEFAULT NULL) RETURNS text
	AS 'MODULE_PATHNAME', 'chess_pgn_game' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 5000;
COMMENT ON FUNCTION pgn(game,jsonb,text[]) IS 'a game as PGN text with its comments, NAGs, variations, clocks and evaluations: the Seven Tag Roster, SetUp and FEN for another start, then the other tags in tag_order''s order (pgn_games()''s column), else lichess''s';
CREATE FUNCTION mainline(g game) RETURNS game
	AS 'MODULE_PATHNAME', 'game_mainline' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100;
COMMENT ON FUNCTION mainline(game) IS 'the game''s moves alone: no comments, NAGs, variations, clocks or evaluations';
CREATE FUNCTION is_annotated(g game) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_is_annotated' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION is_annotated(game) IS 'whether the game holds comments, NAGs, variations, clocks or evaluations besides its moves';
CREATE FUNCTION clocks(g game) RETURNS integer[]
	AS 'MODULE_PATHNAME', 'game_clocks' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION clocks(game) IS 'the clock after each ply of the main line, in centiseconds ([%clk]); NULL elements where a ply has none';
CREATE FUNCTION evals(g game, OUT ply integer, OUT cp integer, OUT mate integer, OUT depth integer) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_evals' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 80;
COMMENT ON FUNCTION evals(game) IS 'the evaluations of the main line''s plies ([%eval]): centipawns or mate in n (negative: Black mates), from White''s side, with the depth when given';
CREATE FUNCTION comments(g game, OUT ply integer, OUT comment text) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_comments' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 10;
COMMENT ON FUNCTION comments(game) IS 'the main line''s comments by the ply they follow (0: before the first move), commands taken out';
CREATE FUNCTION nags(g game, OUT ply integer, OUT nag integer) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_nags' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 10;
COMMENT ON FUNCTION nags(game) IS 'the main line''s NAGs by ply ($1 or ! is 1, ? 2, !! 3, ?? 4, !? 5, ?! 6)';

--
-- Analysis as lichess computes it (lichess.org/page/accuracy): Win%, the
-- accuracy of a move and of each side over a game, inaccuracies, mistakes
-- and blunders, from the evaluations kept in a game; move times from its
-- clocks; the PGN TimeControl and Date tags read.
--

CREATE FUNCTION win_chance(cp integer, mate integer DEFAULT NULL) RETURNS double precision
	AS 'MODULE_PATHNAME', 'chess_win_chance' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1;
COMMENT ON FUNCTION win_chance(integer,integer) IS 'lichess''s Win% (0 to 100) of an evaluation from White''s side: 50 + 50 × (2 / (1 + exp(-0.00368208 × cp)) - 1), cp clamped to ±1000; a mate as the clamp with its sign (97.5 for White, 2.5 for Black), as lichess''s WinPercent.fromMate';
CREATE FUNCTION move_accuracy(before double precision, after double precision) RETURNS double precision
	AS 'MODULE_PATHNAME', 'chess_move_accuracy' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION move_accuracy(double precision,double precision) IS 'lichess''s accuracy (0 to 100) of a move that takes the mover''s Win% from before to after';
CREATE FUNCTION accuracy(g game, OUT color text, OUT accuracy double precision) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_accuracy' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 2;
COMMENT ON FUNCTION accuracy(game) IS 'each side''s accuracy over the game''s evaluated plies, as lichess aggregates it (a volatility-weighted mean and a harmonic mean of the moves'' accuracies)';
CREATE FUNCTION judgements(g game, OUT ply integer, OUT judgement text) RETURNS SETOF record
	AS 'MODULE_PATHNAME', 'game_judgements' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500 ROWS 10;
COMMENT ON FUNCTION judgements(game) IS 'the main line''s inaccuracies, mistakes and blunders by lichess''s thresholds on the loss of winning chances (0.1, 0.2, 0.3) and its rules for mates allowed and lost';
CREATE FUNCTION move_times(g game, increment_seconds integer DEFAULT 0) RETURNS integer[]
	AS 'MODULE_PATHNAME', 'game_move_times' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION move_times(game,integer) IS 'what each ply of the main line took in centiseconds, from the clocks and the increment; NULL for each side''s first move and where a clock is missing';
CREATE FUNCTION move_times(g game, tags jsonb) RETURNS integer[]
	AS 'MODULE_PATHNAME', 'game_move_times' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 500;
COMMENT ON FUNCTION move_times(game,jsonb) IS 'what each ply took in centiseconds, with the base time and increment of the tags'' TimeControl';
CREATE FUNCTION time_control(tc text, OUT base_seconds integer, OUT increment_seconds integer, OUT speed text) RETURNS record
	AS 'MODULE_PATHNAME', 'chess_time_control' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION time_control(text) IS 'a PGN TimeControl (300+3, -, 40/7200:3600, *180; NULL for ?) with lichess''s speed by the estimated duration base + 40 × increment: ultraBullet, bullet, blitz, rapid, classical, correspondence';
CREATE FUNCTION pgn_date(d text) RETURNS date
	AS 'MODULE_PATHNAME', 'chess_pgn_date' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION pgn_date(text) IS 'a PGN date YYYY.MM.DD as a date; NULL when a part is ?? (unknown)';

--
-- Playing a game on: a move in SAN or UCI, refused once the game has ended
-- by the rules; taking one back; its moves in SAN; its board.
--

CREATE FUNCTION game_append_text(game, text) RETURNS game
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION game_append_text(game,text) IS 'implementation of game || text: the move in SAN or UCI';
CREATE OPERATOR || (LEFTARG = game, RIGHTARG = text, FUNCTION = game_append_text);
COMMENT ON OPERATOR ||(game,text) IS 'the game with a move in SAN or UCI played at its end; 22023 when it is illegal or the game is over';
CREATE FUNCTION undo(g game) RETURNS game
	AS 'MODULE_PATHNAME', 'game_undo' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION undo(game) IS 'the game without its last ply (and the comments, NAGs and variations of that ply)';
CREATE FUNCTION san_moves(g game) RETURNS text[]
	AS 'MODULE_PATHNAME', 'game_san_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 200;
COMMENT ON FUNCTION san_moves(game) IS 'the main line''s moves in SAN';
CREATE FUNCTION board_svg(g game, orientation text DEFAULT 'white'::text, coordinates boolean DEFAULT true, size integer DEFAULT 360) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$SELECT board_svg(final(g), orientation, coordinates, COALESCE((moves(g))[plies(g)], '0000'::move), '{}'::move[], '{}'::square[], size)$$;
COMMENT ON FUNCTION board_svg(game,text,boolean,integer) IS 'the game''s final position as an SVG board, its last move marked';

COMMENT ON OPERATOR ||(game,move) IS 'the game with a legal move played at its end; 22023 when it is illegal or the game is over';

-- A literal compared with a game resolves to a position: g @> '<FEN>' (psql,
-- psycopg's %s, node-postgres's $1) is the position search, where it was
-- "operator is not unique" among position, pattern and balance.  CREATE TYPE
-- says so with PREFERRED; an installed type can only be told in the catalog.
UPDATE pg_catalog.pg_type SET typispreferred = true WHERE oid = '"position"'::regtype;

--
-- PGN import: pgn_games() and pgn_games_file() gain the columns tag_order
-- (the tags' order as read, which pgn(game, tags, tag_order) takes) and
-- byte_offset (where each game begins), and pgn_games_file() the parameters
-- part and parts.  They return their rows a call at a time, and a planner
-- hook reads them in FROM as a stream (src/pgn_scan.c), loaded by their
-- support function.  A function's row type cannot change in place: they
-- are dropped and created again (a view over them must be dropped before
-- the update and created again after it).
--

DROP FUNCTION pgn_games(text,boolean,boolean);
DROP FUNCTION pgn_games(bytea,text,boolean,boolean);
DROP FUNCTION pgn_games_file(text,boolean,text,boolean);

-- the support function of pgn_games() and pgn_games_file(): the planner
-- calls it, which loads the library whose hook reads them as a stream in FROM
CREATE FUNCTION pgn_games_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME', 'chess_pgn_support' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pgn_games_support(internal) IS 'planner support for pgn_games() and pgn_games_file(): loads the library whose hook reads them as a stream in FROM';
CREATE FUNCTION pgn_games(pgn text, skip_errors boolean DEFAULT false, keep_errors boolean DEFAULT false) RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position", plies integer, moves move[], value game, comment text, error text, tag_order text[], byte_offset bigint)
	AS 'MODULE_PATHNAME', 'chess_pgn_games' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5000 SUPPORT pgn_games_support;
COMMENT ON FUNCTION pgn_games(text,boolean,boolean) IS 'the games of a PGN text, one row each (value: the game as a game value; comment: the text before the first move), their main lines validated move by move; skip_errors skips a bad game with a NOTICE, keep_errors keeps it up to its error, in the column error; tag_order: the tags'' names in the order read when pgn() would write them in another, else NULL; byte_offset: where the game begins in the text';
CREATE FUNCTION pgn_games(pgn bytea, encoding text DEFAULT 'UTF8'::text, skip_errors boolean DEFAULT false, keep_errors boolean DEFAULT false, first_game integer DEFAULT 1, first_offset bigint DEFAULT 0) RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position", plies integer, moves move[], value game, comment text, error text, tag_order text[], byte_offset bigint)
	AS 'MODULE_PATHNAME', 'chess_pgn_games_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5000 SUPPORT pgn_games_support;
COMMENT ON FUNCTION pgn_games(bytea,text,boolean,boolean,integer,bigint) IS 'the games of the bytes of a PGN file in an encoding (UTF8, LATIN1, ...), converted to the database''s; otherwise as pgn_games(text); a piece of a larger file numbers its games from first_game and places them from first_offset, as in the file';
CREATE FUNCTION pgn_games_file(path text, skip_errors boolean DEFAULT false, encoding text DEFAULT 'UTF8'::text, keep_errors boolean DEFAULT false, part integer DEFAULT 1, parts integer DEFAULT 1) RETURNS TABLE(game integer, tags jsonb, result text, start "position", final "position", plies integer, moves move[], value game, comment text, error text, tag_order text[], byte_offset bigint)
	AS 'MODULE_PATHNAME', 'chess_pgn_games_file' LANGUAGE C VOLATILE STRICT PARALLEL SAFE COST 5000 ROWS 100000 SUPPORT pgn_games_support;
COMMENT ON FUNCTION pgn_games_file(text,boolean,text,boolean,integer,integer) IS 'the games of a PGN file on the server (plain, gzip or zstd; UTF8 or a single-byte encoding), read as a stream in constant memory, or the games of one of its parts (part of parts: a session each); for superusers and members of pg_read_server_files';

--
-- A game's bytes as the present format writes them (what game_hash
-- hashes): the recipe's game_key hashes them, without replaying the moves
-- as game_send() does.
--
CREATE FUNCTION game_bytes(g game) RETURNS bytea
	AS 'MODULE_PATHNAME', 'game_bytes' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1;
COMMENT ON FUNCTION game_bytes(game) IS 'the game''s bytes as the present format writes them, annotations and all (a version 1 value transcoded): what game_hash hashes, and the recipe''s game_key';

--
-- Openings by name: lichess's data set of opening names (its chess-openings
-- repository, CC0), compiled into the library; a game's opening as lichess
-- finds it, the name of a position, and the data set as a view.
--

CREATE FUNCTION opening(g game, OUT eco text, OUT name text, OUT ply integer) RETURNS record
	AS 'MODULE_PATHNAME', 'game_opening' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION opening(game) IS 'the game''s opening, as lichess names it: the named position it reaches last among the positions after its plies 1 to 40, with that ply; NULL when it reaches none or does not begin at the standard start';
CREATE FUNCTION opening(p "position", OUT eco text, OUT name text) RETURNS record
	AS 'MODULE_PATHNAME', 'position_opening' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 5;
COMMENT ON FUNCTION opening("position") IS 'the ECO code and name of the opening line that ends in this position (clocks aside); NULL when none does';
CREATE FUNCTION opening_lines() RETURNS TABLE(eco text, name text, pgn text, "position" "position", plies integer)
	AS 'MODULE_PATHNAME', 'chess_opening_lines' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 3807;
COMMENT ON FUNCTION opening_lines() IS 'the lines of lichess''s opening names: ECO code, name, moves, the position they reach and their plies';
CREATE VIEW opening_names AS SELECT * FROM opening_lines();
COMMENT ON VIEW opening_names IS 'lichess''s opening names (chess-openings, CC0), one row a line: ECO code, name, moves, the position they reach and their plies';
GRANT SELECT ON opening_names TO PUBLIC;
COMMENT ON TYPE opening_names IS 'the row type of the view opening_names';
COMMENT ON TYPE opening_names[] IS 'an array of rows of the view opening_names';

--
-- What an opening explorer aggregates, read from a game in one pass (the
-- recipe's explorer is built from it).
--
CREATE FUNCTION position_moves(g game) RETURNS TABLE(key bigint, "position" "position", move move)
	AS 'MODULE_PATHNAME', 'game_position_moves' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 60;
COMMENT ON FUNCTION position_moves(game) IS 'each position a game plays a move from, with the move, once per game, the position''s clocks cleared, and its Polyglot key: what an opening explorer counts';
CREATE FUNCTION explorer_cells(g game, tags jsonb, result text) RETURNS TABLE(key bigint, "position" "position", month integer, cell bigint[])
	AS 'MODULE_PATHNAME', 'game_explorer_cells' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 60;
COMMENT ON FUNCTION explorer_cells(game, jsonb, text) IS 'position_moves() with what the game adds to each move''s statistics in an opening explorer: a cell of its result, the mover''s rating group, its speed and date (doc/formats.md), and its month (yyyymm, 0 unknown)';
CREATE FUNCTION explorer_cells(g game, tags jsonb, result text, filter bytea) RETURNS TABLE(key bigint, "position" "position", month integer, cell bigint[])
	AS 'MODULE_PATHNAME', 'game_explorer_cells' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 100 ROWS 10;
COMMENT ON FUNCTION explorer_cells(game, jsonb, text, bytea) IS 'explorer_cells() of the positions whose keys a filter of explorer_key_filter() has';
CREATE FUNCTION explorer_key_filter_game(internal, game, bigint) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_key_filter_game(internal, game, bigint) IS 'explorer_key_filter(game, bigint) transition: the keys of the positions a game plays a move from, seen';
CREATE FUNCTION explorer_key_filter_key(internal, bigint, bigint) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_key_filter_key(internal, bigint, bigint) IS 'explorer_key_filter(bigint, bigint) transition: a key wanted';
CREATE FUNCTION explorer_key_filter_final(internal) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_key_filter_final(internal) IS 'explorer_key_filter() final: the filter''s bytes';
CREATE AGGREGATE explorer_key_filter(g game, keys bigint) (
	SFUNC = explorer_key_filter_game,
	STYPE = internal,
	FINALFUNC = explorer_key_filter_final,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE explorer_key_filter(game, bigint) IS 'a filter of the Polyglot keys of the positions that the games play a move from twice or more, and of a few others, for explorer_cells(); keys: how many keys to expect, which sizes it (2 bytes a key, within a quarter of maintenance_work_mem and 256 MB)';
CREATE AGGREGATE explorer_key_filter(key bigint, keys bigint) (
	SFUNC = explorer_key_filter_key,
	STYPE = internal,
	FINALFUNC = explorer_key_filter_final,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE explorer_key_filter(bigint, bigint) IS 'a filter of the Polyglot keys given, and of some others, for explorer_cells(); keys: how many to expect';
CREATE FUNCTION explorer_sum_add(internal, bigint[]) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_sum_add(internal, bigint[]) IS 'explorer_sum() transition: adds the cells of an array to the sums by code';
CREATE FUNCTION explorer_sum_final(internal) RETURNS bigint[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_sum_final(internal) IS 'explorer_sum() final: the summed cells in the order of their codes';
CREATE AGGREGATE explorer_sum(bigint[]) (
	SFUNC = explorer_sum_add,
	STYPE = internal,
	SSPACE = 128,
	FINALFUNC = explorer_sum_final,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE explorer_sum(bigint[]) IS 'explorer cells summed by their code (move, rating group, speed); those that count no game left out';
CREATE FUNCTION explorer_sum_month_add(internal, bigint[], integer) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION explorer_sum_month_add(internal, bigint[], integer) IS 'explorer_sum(bigint[], integer) transition: adds the cells of an array to the sums by code and month';
CREATE AGGREGATE explorer_sum(cells bigint[], month integer) (
	SFUNC = explorer_sum_month_add,
	STYPE = internal,
	SSPACE = 128,
	FINALFUNC = explorer_sum_final,
	PARALLEL = SAFE
);
COMMENT ON AGGREGATE explorer_sum(bigint[], integer) IS 'explorer cells summed by their code and month (yyyymm, 0 unknown), the month in bits 24-43 of each code: for explorer_periods()';
CREATE FUNCTION explorer_periods(cells bigint[], dated boolean) RETURNS TABLE(period integer, cells bigint[])
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1;
COMMENT ON FUNCTION explorer_periods(bigint[], boolean) IS 'the explorer''s rows of a position from its cells by month (explorer_sum(cells, month)): period 0, and when dated each month (yyyymm) and year (-yyyy)';
CREATE FUNCTION explorer_negate(bigint[]) RETURNS bigint[]
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION explorer_negate(bigint[]) IS 'explorer cells with their counters negated: what a deleted game takes away';
CREATE FUNCTION explorer_read(p "position", cells bigint[], speeds text[] DEFAULT NULL, min_rating integer DEFAULT NULL, max_rating integer DEFAULT NULL)
	RETURNS TABLE(move move, games integer, white integer, draws integer, black integer, san text, average_rating integer, performance integer, last_played date)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 10 ROWS 10;
COMMENT ON FUNCTION explorer_read("position", bigint[], text[], integer, integer) IS 'the moves of explorer cells with their statistics (games, results, the mover''s average rating, performance, last date), filtered by lichess''s speeds and the mover''s rating groups; most played first';

--
-- gamequery: Scoutfish's query language (doc/query.md)
--
CREATE TYPE gamequery;
CREATE FUNCTION gamequery_in(cstring) RETURNS gamequery
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION gamequery_in(cstring) IS 'input function of gamequery: a query of Scoutfish''s JSON language, checked';
CREATE FUNCTION gamequery_out(gamequery) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gamequery_out(gamequery) IS 'output function of gamequery: the query''s text as given';
CREATE FUNCTION gamequery_recv(internal) RETURNS gamequery
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 50;
COMMENT ON FUNCTION gamequery_recv(internal) IS 'binary input function of gamequery: the query''s text, checked';
CREATE FUNCTION gamequery_send(gamequery) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION gamequery_send(gamequery) IS 'binary output function of gamequery: the query''s text';
CREATE TYPE gamequery (
	INPUT = gamequery_in,
	OUTPUT = gamequery_out,
	RECEIVE = gamequery_recv,
	SEND = gamequery_send,
	INTERNALLENGTH = VARIABLE,
	ALIGNMENT = int4,
	STORAGE = extended
);
COMMENT ON TYPE gamequery IS 'a query of Scoutfish''s JSON language on a game''s positions and moves: rules, sequences and streaks (doc/query.md)';
COMMENT ON TYPE gamequery[] IS 'an array of game queries';
CREATE CAST (text AS gamequery) WITH INOUT AS ASSIGNMENT;
COMMENT ON CAST (text AS gamequery) IS 'stores text (a driver''s string or text[] element) in a gamequery column';

--
-- Asking anything: Scoutfish's query language on games (doc/query.md).
-- A query is replayed against each game (priced per game as a search).
--
CREATE FUNCTION game_query_sel(internal, oid, internal, integer) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_query_sel(internal, oid, internal, integer) IS 'restriction selectivity of g @@ gamequery: the share of the column''s sampled games that match';
CREATE FUNCTION game_query_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_query_support(internal) IS 'planner support of @@ for game and gamequery: the index condition &@@ where a GIN operator class of game can narrow the query';
CREATE FUNCTION game_matches_query(game, gamequery) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000 SUPPORT game_query_support;
COMMENT ON FUNCTION game_matches_query(game, gamequery) IS 'implementation of @@ for game and gamequery';
CREATE OPERATOR @@ (
	LEFTARG = game,
	RIGHTARG = gamequery,
	FUNCTION = game_matches_query,
	RESTRICT = game_query_sel,
	JOIN = contjoinsel
);
COMMENT ON OPERATOR @@ (game, gamequery) IS 'the game matches the query (a query with a "result" rule needs matches(g, q, result))';
-- the two GIN operator classes of game serve @@ with the keys its rules
-- imply (candidates rechecked: doc/query.md) through &@@, the same test:
-- @@ is in no family, and game_query_support() offers &@@ to the planner
-- only where the family can narrow the query (else the index would read
-- all its entries, more than the table)
CREATE OPERATOR &@@ (
	LEFTARG = game,
	RIGHTARG = gamequery,
	FUNCTION = game_matches_query,
	RESTRICT = game_query_sel,
	JOIN = contjoinsel
);
COMMENT ON OPERATOR &@@ (game, gamequery) IS 'the game matches the query, as @@: the form the GIN operator classes of game serve (the planner writes @@ so where an index narrows the query)';
ALTER OPERATOR FAMILY game_gin_ops USING gin ADD OPERATOR 10 &@@ (game, gamequery);
ALTER OPERATOR FAMILY game_pattern_ops USING gin ADD OPERATOR 10 &@@ (game, gamequery);
CREATE FUNCTION gin_query_keys(query gamequery, opclass text DEFAULT 'game_pattern_ops', pairs boolean DEFAULT false) RETURNS bigint[]
	AS 'MODULE_PATHNAME', 'chess_gin_query_keys_gamequery' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION gin_query_keys(gamequery, text, boolean) IS 'the keys game_gin_ops or game_pattern_ops (with or without pairs) asks for in g @@ gamequery, NULL for every row (doc/formats.md)';
CREATE FUNCTION game_query_result_support(internal) RETURNS internal
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION game_query_result_support(internal) IS 'planner support of matches(): the index condition &@@ of the query without its "result" rules, where a GIN operator class of game can narrow it';
CREATE FUNCTION matches(g game, q gamequery, result text) RETURNS boolean
	AS 'MODULE_PATHNAME', 'game_matches_query_result' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 1000
	SUPPORT game_query_result_support;
COMMENT ON FUNCTION matches(game, gamequery, text) IS 'the game, whose result (1-0, 0-1, 1/2-1/2 or *) is given, matches the query';
CREATE FUNCTION match_plies(g game, q gamequery, result text DEFAULT NULL) RETURNS integer[]
	AS 'MODULE_PATHNAME', 'game_match_plies' LANGUAGE C IMMUTABLE PARALLEL SAFE COST 1000;
COMMENT ON FUNCTION match_plies(game, gamequery, text) IS 'the plies at which the game met each condition of the query (Scoutfish''s "ply"), or NULL when it does not match';

--
-- What CQL's filters see
--
-- Checks, pins, x-rays, mobility and the pawns' structure of a position;
-- a position or a pattern flipped to the other colour or mirrored
-- left-right (python-chess's names: its Board.mirror() is flip_colors(),
-- its flip_horizontal() the mirror; flip() stays balance's alone, so that
-- flip('KRBvK') still means a balance); Scid's "same pawns" and "same
-- pawn files" board searches.
-- Sets of squares are square[] (by square), relations tables.
--

CREATE FUNCTION checkers("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_checkers_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION checkers("position") IS 'the pieces giving check to the side to move (two: a double check)';
CREATE FUNCTION mobility("position") RETURNS integer
	AS 'MODULE_PATHNAME', 'position_mobility' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION mobility("position") IS 'the number of legal moves of the side to move';
CREATE FUNCTION pinned("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_pinned_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION pinned("position") IS 'the pieces of both colours pinned to their king';
CREATE FUNCTION pinned("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_pinned_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION pinned("position",text) IS 'the pieces of a colour (white, black) pinned to their king';
CREATE FUNCTION pins("position") RETURNS TABLE(pinned square, pinner square, king square)
	AS 'MODULE_PATHNAME', 'position_pins' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10 ROWS 1;
COMMENT ON FUNCTION pins("position") IS 'each piece pinned to its king, with the bishop, rook or queen that pins it';
CREATE FUNCTION xrays("position") RETURNS TABLE(attacker square, through square, target square)
	AS 'MODULE_PATHNAME', 'position_xrays_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10 ROWS 8;
COMMENT ON FUNCTION xrays("position") IS 'each line from a bishop, rook or queen through one piece to the next';
CREATE FUNCTION passed_pawns("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_passed_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION passed_pawns("position") IS 'the pawns no enemy pawn ahead on their file or the files beside it';
CREATE FUNCTION passed_pawns("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_passed_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION passed_pawns("position",text) IS 'the passed pawns of a colour (white, black)';
CREATE FUNCTION isolated_pawns("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_isolated_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION isolated_pawns("position") IS 'the pawns with no pawn of their colour on a file beside theirs';
CREATE FUNCTION isolated_pawns("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_isolated_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION isolated_pawns("position",text) IS 'the isolated pawns of a colour (white, black)';
CREATE FUNCTION doubled_pawns("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_doubled_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION doubled_pawns("position") IS 'the pawns that share their file with another pawn of their colour';
CREATE FUNCTION doubled_pawns("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_doubled_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION doubled_pawns("position",text) IS 'the doubled pawns of a colour (white, black)';
CREATE FUNCTION connected_pawns("position") RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_connected_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION connected_pawns("position") IS 'the pawns with a pawn of their colour on a file beside theirs, a rank apart at most';
CREATE FUNCTION connected_pawns("position", text) RETURNS square[]
	AS 'MODULE_PATHNAME', 'position_connected_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE COST 10;
COMMENT ON FUNCTION connected_pawns("position",text) IS 'the connected pawns of a colour (white, black)';
CREATE FUNCTION flip_colors("position") RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_flip_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip_colors("position") IS 'the position with the board upside down and the colours swapped';
CREATE FUNCTION flip_horizontal("position") RETURNS "position"
	AS 'MODULE_PATHNAME', 'position_mirror_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip_horizontal("position") IS 'the position mirrored left-right (castling rights follow their rooks)';
CREATE FUNCTION flip_colors(pattern) RETURNS pattern
	AS 'MODULE_PATHNAME', 'pattern_flip_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip_colors(pattern) IS 'the pattern with the board upside down and the colours swapped';
CREATE FUNCTION flip_horizontal(pattern) RETURNS pattern
	AS 'MODULE_PATHNAME', 'pattern_mirror_sql' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION flip_horizontal(pattern) IS 'the pattern mirrored left-right';
CREATE FUNCTION same_pawns("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_same_pawns' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION same_pawns("position","position") IS 'Scid''s "pawns" board search: the same material and side to move, the pawns on the same squares';
CREATE FUNCTION same_pawn_files("position", "position") RETURNS boolean
	AS 'MODULE_PATHNAME', 'position_same_pawn_files' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION same_pawn_files("position","position") IS 'Scid''s "files" board search: the same material and side to move, as many pawns of each colour on each file';
