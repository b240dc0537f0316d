/* chess--0.4.0--0.5.0.sql: reliability — planner costs, privileges */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION chess UPDATE TO '0.5.0'" to load this file. \quit

--
-- Privileges: a view gets no privilege for PUBLIC by default, and the script
-- of a trusted extension runs as the bootstrap superuser, who owns the view;
-- without this grant nobody but a superuser could read it.
--

GRANT SELECT ON chess_moves TO PUBLIC;

--
-- Planner costs, in units of cpu_operator_cost (about one comparison of two
-- squares, ~10 ns here), per call — per returned row for set-returning
-- functions — as measured over 8,902 positions (README, "Planner costs").
-- Without them every function costs 1, and the planner happily re-runs a
-- PGN parse on the inner side of a nested loop.
--

-- reading a packed position
ALTER FUNCTION side_to_move("position") COST 5;
ALTER FUNCTION castling_rights("position") COST 5;
ALTER FUNCTION en_passant_square("position") COST 5;
ALTER FUNCTION halfmove_clock("position") COST 5;
ALTER FUNCTION fullmove_number("position") COST 5;
ALTER FUNCTION piece_at("position", square) COST 5;
ALTER FUNCTION board("position") COST 30;
ALTER FUNCTION pieces("position") COST 10;

-- a move generation, or a move played
ALTER FUNCTION in_check("position") COST 20;
ALTER FUNCTION is_checkmate("position") COST 20;
ALTER FUNCTION is_stalemate("position") COST 20;
ALTER FUNCTION is_legal("position", move) COST 20;
ALTER FUNCTION play("position", move) COST 20;
ALTER FUNCTION polyglot_key("position") COST 20;
ALTER FUNCTION is_insufficient_material("position") COST 10;
ALTER FUNCTION can_claim_fifty_moves("position") COST 20;
ALTER FUNCTION is_seventyfive_moves("position") COST 20;
ALTER FUNCTION outcome("position") COST 30;
ALTER FUNCTION legal_moves("position") COST 10;
ALTER FUNCTION pseudo_legal_moves("position") COST 10;
ALTER FUNCTION successors("position") COST 20;
ALTER FUNCTION attackers("position", square, text) COST 20;
ALTER FUNCTION replay_transfn(internal, "position", move) COST 20;
ALTER FUNCTION replay_start_transfn(internal, move) COST 20;

-- notation
ALTER FUNCTION san("position", move) COST 50;
ALTER FUNCTION parse_move("position", text, boolean) COST 50;
ALTER FUNCTION play("position", text, boolean) COST 50;

-- whole games: per game (pgn_games), per ply (pgn_plies), per game of positions
ALTER FUNCTION pgn_games(text, boolean) COST 5000 ROWS 1000;
ALTER FUNCTION pgn_plies(text, boolean, boolean) COST 150 ROWS 80000;
ALTER FUNCTION pgn("position", move[], jsonb) COST 5000;
ALTER FUNCTION repetitions("position"[]) COST 1000;
ALTER FUNCTION is_threefold_repetition("position"[]) COST 1000;
ALTER FUNCTION is_fivefold_repetition("position"[]) COST 1000;
ALTER FUNCTION outcome("position"[]) COST 1000;

-- perft grows about 30-fold a ply: priced as a search of a few plies, so
-- that the planner runs every cheaper condition first
ALTER FUNCTION perft("position", integer) COST 1000000;
ALTER FUNCTION perft_divide("position", integer) COST 1000000;

--
-- Comments on the types PostgreSQL makes implicitly: the array types of the
-- four types and the row type of the view (since PostgreSQL 16 these are
-- members of the extension too, and every member is documented).
--

COMMENT ON TYPE square[] IS 'an array of squares';
COMMENT ON TYPE piece[] IS 'an array of pieces';
COMMENT ON TYPE move[] IS 'an array of moves, as a game''s moves are kept';
COMMENT ON TYPE "position"[] IS 'an array of positions, as a game''s positions are kept';
COMMENT ON TYPE chess_moves IS 'the row type of the view chess_moves';
COMMENT ON TYPE chess_moves[] IS 'an array of rows of the view chess_moves';
