-- A guided tour of the chess extension.  Run by test/tour.sh in a throwaway
-- PostgreSQL 15 cluster; every result below is computed live.

\echo
\echo '== Install the extension'
CREATE EXTENSION chess;
SELECT extversion FROM pg_extension WHERE extname = 'chess';

\echo
\echo '== Four types: square (1 byte), piece (1 byte), move (2 bytes), position (32 bytes)'
SELECT 'e4'::square AS square, 'N'::piece AS piece, 'e7e8q'::move AS move,
       start_position() AS position;
SELECT pg_column_size('e4'::square) AS square_bytes, pg_column_size('N'::piece) AS piece_bytes,
       pg_column_size('e7e8q'::move) AS move_bytes, pg_column_size(start_position()) AS position_bytes;

\echo
\echo '== Squares and pieces take apart and put together'
SELECT s, file(s), rank(s), s::integer AS number FROM (VALUES ('a1'::square), ('e4'), ('h8')) AS v(s);
SELECT p, color(p), kind(p), piece(color(p), kind(p)) AS rebuilt FROM (VALUES ('N'::piece), ('q')) AS v(p);
SELECT m, from_square(m), to_square(m), promotion(m) FROM (VALUES ('g1f3'::move), ('b7b8n')) AS v(m);

\echo
\echo '== A position from FEN (POSITION is an SQL keyword: write the type as "position")'
SELECT 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'::"position" AS kiwipete;
SELECT board('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
SELECT side_to_move(p), castling_rights(p), en_passant_square(p), halfmove_clock(p), fullmove_number(p)
FROM (VALUES ('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'::"position")) AS v(p);

\echo
\echo '== The board as rows, the shape of the positions table in the ABAP article'
SELECT square, piece, color(piece), kind(piece)
FROM pieces('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1');

\echo
\echo '== Canonical FEN: unusable castling rights and an en passant square without a legal capture are dropped'
SELECT '4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1'::"position" AS castling_dropped,
       '4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2'::"position" AS pinned_pawn_no_en_passant;

\echo
\echo '== Impossible positions are rejected with the reason (errors are caught here to keep the tour going)'
DO $$
DECLARE
	fen text;
	detail text;
BEGIN
	FOREACH fen IN ARRAY ARRAY[
		'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0',
		'rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
		'rnbqkbnr/pppp1ppp/8/8/8/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1',
		'4k3/8/8/8/8/8/8/4K3 w - e6 0 1']
	LOOP
		BEGIN
			PERFORM fen::"position";
		EXCEPTION WHEN invalid_text_representation THEN
			GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
			RAISE NOTICE '%: %', fen, detail;
		END;
	END LOOP;
END $$;

\echo
\echo '== Positions in a table, with a btree index'
CREATE TEMP TABLE positions (id serial PRIMARY KEY, p "position" NOT NULL);
INSERT INTO positions (p) VALUES
	(start_position()),
	('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'),
	('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1');
CREATE INDEX ON positions (p);
SELECT id, p FROM positions WHERE p = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -';
SELECT id, count(*) FILTER (WHERE color(x.piece) = 'white') AS white_pieces,
       count(*) FILTER (WHERE color(x.piece) = 'black') AS black_pieces
FROM positions, pieces(p) AS x GROUP BY id ORDER BY id;

\echo
\echo '== Legal moves (stage 13 of the ABAP pipeline) and the candidates before the king-safety filter (stage 6)'
SELECT string_agg(m::text, ' ' ORDER BY m) AS legal_moves FROM legal_moves(start_position()) AS m;
SELECT m AS pseudo_legal_only
FROM pseudo_legal_moves('4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1') AS m
EXCEPT SELECT m FROM legal_moves('4k3/8/8/b7/8/8/3N4/4K3 w - - 0 1') AS m ORDER BY 1;

\echo
\echo '== play() applies a legal move; an illegal one is an error that says which stage rejects it'
SELECT play(play(start_position(), 'e2e4'), 'c7c5') AS after_1_e4_c5;
DO $$
DECLARE
	m text;
	detail text;
BEGIN
	FOREACH m IN ARRAY ARRAY['e2e5', 'e1g1', 'd1d4', 'e7e5']
	LOOP
		BEGIN
			PERFORM play(start_position(), m::move);
		EXCEPTION WHEN invalid_parameter_value THEN
			GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
			RAISE NOTICE '%: %', m, detail;
		END;
	END LOOP;
END $$;

\echo
\echo '== A game tree as a recursive CTE: perft 3 from the start position is 8,902'
WITH RECURSIVE tree(p, depth) AS (
	SELECT start_position(), 0
	UNION ALL
	SELECT s."position", t.depth + 1 FROM tree AS t, successors(t.p) AS s WHERE t.depth < 3
)
SELECT depth, count(*) AS nodes FROM tree GROUP BY depth ORDER BY depth;

\echo
\echo '== perft in C: the same numbers, much deeper'
SELECT perft(start_position(), 5) AS perft_5,
       perft('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 4) AS kiwipete_4;
SELECT * FROM perft_divide('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', 2) ORDER BY nodes DESC LIMIT 5;

\echo
\echo '== Check, mate, stalemate, attackers, Polyglot keys'
SELECT in_check(p), is_checkmate(p), is_stalemate(p)
FROM (VALUES ('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'::"position")) AS v(p);
SELECT array_agg(s ORDER BY s) AS white_attackers_of_f3 FROM attackers(start_position(), 'f3', 'white') AS s;
SELECT to_hex(polyglot_key(start_position())) AS polyglot_key;

\echo
\echo '== The seed documents: the ABAP article''s one-piece move table and the GraphGist''s board graph'
SELECT kind, count(*) AS rows FROM chess_moves WHERE color = 'white' GROUP BY kind ORDER BY min(piece);
SELECT piece, move, special, dep_piece, dep_from, dep_to FROM chess_moves WHERE special = 'C' ORDER BY piece, move;
SELECT string_agg(to_square::text, ' ' ORDER BY to_square) AS knight_hops_from_d5
FROM hops() WHERE from_square = 'd5' AND type = 'knight';
\echo 'The article''s worked example: White plays the knight from e5 to c6'
SELECT board(play('r2qkb1r/pp3ppp/2n2n2/1N1pN3/3Pp3/8/PPP2PPP/R1BQ1RK1 w kq - 0 1', 'e5c6'));

\echo
\echo '== SAN in and out: strict by default, lenient on request, three kinds of error'
SELECT m, san('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', m) AS san
FROM (VALUES ('e1g1'::move), ('e5f7'), ('d5e6'), ('f3f6')) AS v(m);
SELECT play(play(start_position(), 'e4'), 'Nf6') AS after_e4_nf6,
       parse_move('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', '0-0', lenient => true) AS lenient_castle;
DO $$
DECLARE
	t text;
	msg text;
	detail text;
	state text;
BEGIN
	FOREACH t IN ARRAY ARRAY['Nz9', 'Qh5', 'Nd2']
	LOOP
		BEGIN
			PERFORM parse_move('4k3/8/8/8/8/5N2/8/1N1QK3 w - - 0 1', t);
		EXCEPTION WHEN OTHERS THEN
			GET STACKED DIAGNOSTICS msg = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL, state = RETURNED_SQLSTATE;
			RAISE NOTICE '% (%): %', t, state, coalesce(detail, msg);
		END;
	END LOOP;
END $$;

\echo
\echo '== PGN in: every move validated; PGN out'
SELECT game, tags->>'White' AS white, result, plies, final
FROM pgn_games($$[Event "Opera game"]
[White "Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {a weak move} 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6
7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8
13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0
$$);
SELECT ply, san, comment FROM pgn_plies('1. e4 e5 2. Nf3 d6 3. d4 Bg4 {a weak move} *') WHERE comment IS NOT NULL;
SELECT pgn(start_position(), '{e2e4,e7e5,d1h5,b8c6,f1c4,g8f6,h5f7}', '{"White": "Scholar"}');
SELECT (outcome(replay(m ORDER BY i))).*
FROM unnest('{e2e4,e7e5,d1h5,b8c6,f1c4,g8f6,h5f7}'::move[]) WITH ORDINALITY AS t(m, i);

\echo
\echo '== A chess database (README, "The chess database"): games as values, searched by index'
\i examples/chessdb.sql
INSERT INTO games (tags, result, g)
SELECT tags, result, value FROM pgn_games($$
[Event "A"] [Result "1-0"] 1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 1-0
[Event "B"] [Result "0-1"] 1. Nf3 d6 2. e4 c5 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 g6 0-1
[Event "C"] [Result "1/2-1/2"] 1. e4 c5 2. Nf3 d6 3. Bb5+ Bd7 4. Bxd7+ Qxd7 5. O-O Nc6 1/2-1/2
[Event "D"] [Result "1-0"] 1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 1-0
$$);
SELECT explorer_rebuild();
SELECT id, tags->>'Event' AS event, pg_column_size(g) AS bytes, g FROM games ORDER BY g;
-- the Sicilian after 2...d6, reached by A and C directly and by B through a transposition
SELECT id, tags->>'Event' AS event FROM games
WHERE g @> 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'::"position" ORDER BY id;
SELECT id FROM games WHERE g ^@ '1. e4 c5' ORDER BY id;
SELECT id FROM games WHERE g @> '8/8/5n2/8/4P3/8/8/8'::pattern ORDER BY id;
SELECT * FROM explore('rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3') ORDER BY games DESC, move;
-- each game's opening as lichess names it (B reaches the Sicilian by a transposition)
SELECT id, tags->>'Event' AS event, o.eco, o.name, o.ply FROM games, LATERAL opening(g) AS o ORDER BY id;
DROP TABLE explorer, explorer_pending, explorer_state;
DROP FUNCTION explore, explorer_rebuild, explorer_fold, explorer_games_changed, explorer_games_stale, explorer_triggers, explorer_defer CASCADE;
DROP TABLE games;
