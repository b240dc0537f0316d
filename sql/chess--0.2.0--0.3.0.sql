/* chess--0.2.0--0.3.0.sql: the seed documents' tables */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.3.0'" to load this file. \quit

--
-- Set-returning functions
--

CREATE FUNCTION move_table()
	RETURNS TABLE(color text, kind text, piece piece, from_square square, to_square square,
				  special text, dep_piece piece, dep_from square, dep_to square,
				  promotion text, move move)
	AS 'MODULE_PATHNAME', 'chess_move_table' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 7752;
COMMENT ON FUNCTION move_table() IS 'every move of a single piece on an empty board: the ABAP article''s DEMO_CHESS_MOVES, corrected';

CREATE FUNCTION files() RETURNS TABLE(file text, right_file text)
	AS 'MODULE_PATHNAME', 'chess_files' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 8;
COMMENT ON FUNCTION files() IS 'the files a to h, each with its RIGHT neighbour (the GraphGist''s File nodes)';

CREATE FUNCTION ranks() RETURNS TABLE(rank integer, top_rank integer)
	AS 'MODULE_PATHNAME', 'chess_ranks' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 8;
COMMENT ON FUNCTION ranks() IS 'the ranks 1 to 8, each with its TOP neighbour (the GraphGist''s Rank nodes)';

CREATE FUNCTION squares() RETURNS TABLE(square square, file text, rank integer)
	AS 'MODULE_PATHNAME', 'chess_squares' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 64;
COMMENT ON FUNCTION squares() IS 'the 64 squares with their file and rank (the GraphGist''s Square nodes)';

CREATE FUNCTION hops() RETURNS TABLE(from_square square, to_square square, type text, length integer)
	AS 'MODULE_PATHNAME', 'chess_hops' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1792;
COMMENT ON FUNCTION hops() IS 'the GraphGist''s HOP relationships in both directions: horizontal, vertical, diagonal (length in squares) and knight (length 3)';

--
-- Views
--

CREATE VIEW chess_moves AS SELECT * FROM move_table();
COMMENT ON VIEW chess_moves IS 'the one-piece move table as a view, to join as the ABAP article joins DEMO_CHESS_MOVES';
