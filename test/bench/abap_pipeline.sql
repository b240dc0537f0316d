-- The ABAP article's 13-stage statement, ported to PostgreSQL SQL: a
-- baseline for legal_moves().  Positions are stored as the article stores
-- them, one row per piece (abap_pos: game, square, piece) with a game row
-- (abap_game: game, side to move, castling rights, en passant square); the
-- one-piece move table is chess_moves.  The stages keep the article's names
-- and logic; where its rules are wrong or missing they are fixed, each fix
-- marked FIX:
--   - promotion to all four pieces, not only the queen (stage 7);
--   - Black castles on rank 8 (the castling rows come from chess_moves);
--   - en passant removes the pawn behind only when the capture is en
--     passant: the article removes it behind every pawn capture from the
--     fifth rank (stage 7);
--   - the attacks on the king's path when castling count pawn captures onto
--     the empty squares and no longer count pawn pushes (stage 8);
--   - castling rights are the FEN's (the article keeps "has castled" flags).
-- abap_legal_moves() returns (game, move) for every game at once, set-based
-- like the article's statement.
CREATE TABLE abap_game (game integer PRIMARY KEY, color text NOT NULL, castling text NOT NULL,
                        ep square);
CREATE TABLE abap_pos (game integer NOT NULL, square square NOT NULL, piece piece NOT NULL,
                       PRIMARY KEY (game, square));

-- Stores positions (FEN) as the article's rows.
CREATE FUNCTION abap_load(g integer, p "position") RETURNS void LANGUAGE sql AS $$
	INSERT INTO abap_game VALUES (g, side_to_move(p), castling_rights(p), en_passant_square(p));
	INSERT INTO abap_pos SELECT g, square, piece FROM pieces(p);
$$;

CREATE FUNCTION abap_legal_moves() RETURNS TABLE(game integer, move move) LANGUAGE sql STABLE
-- the planner misjudges the CTEs' sizes and would nest loops over millions of rows
SET enable_nestloop = off
AS $$
WITH
positions AS MATERIALIZED (
	SELECT p.game, color(p.piece) AS color, kind(p.piece) AS kind,
	       ascii(file(p.square)) - 96 AS x, rank(p.square) AS y
	FROM abap_pos AS p),
moves AS MATERIALIZED (
	SELECT m.color, m.kind, m.special, m.promotion, m.move,
	       ascii(file(m.from_square)) - 96 AS from_x, rank(m.from_square) AS from_y,
	       ascii(file(m.to_square)) - 96 AS to_x, rank(m.to_square) AS to_y,
	       color(m.dep_piece) AS color_dep, kind(m.dep_piece) AS chessman_dep,
	       ascii(file(m.dep_from)) - 96 AS from_x_dep, rank(m.dep_from) AS from_y_dep,
	       ascii(file(m.dep_to)) - 96 AS to_x_dep, rank(m.dep_to) AS to_y_dep
	FROM chess_moves AS m),
-- the last move, which the article keeps as before_x/before_y: only a pawn's
-- double step matters, and the en passant square tells it
last_move AS (
	SELECT g.game, CASE g.color WHEN 'white' THEN 'black' ELSE 'white' END AS color,
	       'pawn' AS chessman, ascii(file(g.ep)) - 96 AS x,
	       CASE g.color WHEN 'white' THEN 7 ELSE 2 END AS before_y,
	       CASE g.color WHEN 'white' THEN 5 ELSE 4 END AS y
	FROM abap_game AS g WHERE g.ep IS NOT NULL),
-- stage 1: the moves of the side to move's pieces onto empty or enemy
-- squares; pawn steps need an empty square, pawn captures an enemy piece or
-- the last move as their dependent move (en passant)
stage1 AS (
	SELECT s.game, s.color, s.kind, s.x AS from_x, s.y AS from_y, m.to_x, m.to_y,
	       m.special, m.promotion, m.move, m.color_dep, m.chessman_dep,
	       m.from_x_dep, m.from_y_dep, m.to_x_dep, m.to_y_dep,
	       m.special IS NOT DISTINCT FROM 'P' AND t.color IS NULL AS en_passant
	FROM abap_game AS g
	JOIN positions AS s ON s.game = g.game AND s.color = g.color
	JOIN moves AS m ON m.color = s.color AND m.kind = s.kind AND m.from_x = s.x AND m.from_y = s.y
	LEFT JOIN positions AS t ON t.game = s.game AND t.x = m.to_x AND t.y = m.to_y
	LEFT JOIN last_move AS l ON l.game = s.game
	WHERE (t.color IS NULL OR t.color <> s.color)
	  AND (m.special IS NULL OR m.special IN ('P', 'E'))
	  AND (m.special IS DISTINCT FROM 'P' OR t.color IS NOT NULL
	       OR (l.chessman = m.chessman_dep AND l.color = m.color_dep
	           AND l.x = m.from_x_dep AND l.before_y = m.from_y_dep
	           AND l.x = m.to_x_dep AND l.y = m.to_y_dep))
	  AND (m.special IS DISTINCT FROM 'E' OR t.color IS NULL)),
-- stages 2 to 4: a move is blocked by any other piece on the line from its
-- from-square to its to-square (same slope, between the two or on the
-- target), unless that is an enemy piece on the target; knights jump
stage4 AS (
	SELECT DISTINCT c.game, c.move
	FROM stage1 AS c JOIN positions AS o ON o.game = c.game
	WHERE c.kind <> 'knight'
	  AND NOT (o.x = c.from_x AND o.y = c.from_y)
	  AND (c.to_x - c.from_x) * (o.y - c.from_y) = (o.x - c.from_x) * (c.to_y - c.from_y)
	  AND abs(sign(c.from_x - o.x) + sign(c.to_x - o.x)) <= 1
	  AND abs(sign(c.from_y - o.y) + sign(c.to_y - o.y)) <= 1
	  AND NOT (o.color <> c.color AND o.x = c.to_x AND o.y = c.to_y)),
-- stage 5: the moves not blocked
stage5 AS (
	SELECT c.* FROM stage1 AS c
	WHERE NOT EXISTS (SELECT FROM stage4 AS f WHERE f.game = c.game AND f.move = c.move)),
-- cstl_*: castling with the right, king and rook at home, the squares
-- between them empty (FIX: Black on rank 8, from chess_moves)
castling AS (
	SELECT g.game, m.color, m.kind, m.from_x, m.from_y, m.to_x, m.to_y, m.special,
	       m.promotion, m.move, m.color_dep, m.chessman_dep,
	       m.from_x_dep, m.from_y_dep, m.to_x_dep, m.to_y_dep, false AS en_passant
	FROM abap_game AS g
	JOIN moves AS m ON m.color = g.color AND m.special = 'C'
	JOIN positions AS k ON k.game = g.game AND k.color = g.color AND k.kind = 'king'
	                    AND k.x = m.from_x AND k.y = m.from_y
	JOIN positions AS r ON r.game = g.game AND r.color = g.color AND r.kind = 'rook'
	                    AND r.x = m.from_x_dep AND r.y = m.from_y_dep
	WHERE strpos(g.castling, CASE WHEN m.color = 'white' THEN
	                              CASE WHEN m.to_x > m.from_x THEN 'K' ELSE 'Q' END
	                         ELSE CASE WHEN m.to_x > m.from_x THEN 'k' ELSE 'q' END END) > 0
	  AND NOT EXISTS (SELECT FROM positions AS o
	                  WHERE o.game = g.game AND o.y = m.from_y
	                    AND o.x > least(m.from_x, m.from_x_dep) AND o.x < greatest(m.from_x, m.from_x_dep))),
-- stage 6: the candidates
stage6 AS (
	SELECT game, color, kind, from_x, from_y, to_x, to_y, special, promotion, move,
	       color_dep, chessman_dep, from_x_dep, from_y_dep, to_x_dep, to_y_dep, en_passant
	FROM stage5
	UNION ALL
	SELECT * FROM castling),
-- stage 7: the board after each candidate: the piece moved (promoted), the
-- castling rook moved, the captured piece gone (FIX: every promotion piece;
-- the pawn taken en passant only for an en passant capture)
stage7 AS (
	SELECT c.game, c.move, c.color AS move_color, p.color,
	       CASE WHEN p.x = c.from_x AND p.y = c.from_y AND c.promotion IS NOT NULL
	            THEN c.promotion ELSE p.kind END AS kind,
	       CASE WHEN p.x = c.from_x AND p.y = c.from_y THEN c.to_x
	            WHEN c.special = 'C' AND p.x = c.from_x_dep AND p.y = c.from_y_dep THEN c.to_x_dep
	            ELSE p.x END AS x,
	       CASE WHEN p.x = c.from_x AND p.y = c.from_y THEN c.to_y
	            WHEN c.special = 'C' AND p.x = c.from_x_dep AND p.y = c.from_y_dep THEN c.to_y_dep
	            ELSE p.y END AS y
	FROM stage6 AS c JOIN positions AS p ON p.game = c.game
	WHERE NOT (p.x = c.to_x AND p.y = c.to_y)
	  AND NOT (c.en_passant AND p.x = c.to_x_dep AND p.y = c.to_y_dep)),
-- the squares that must not be attacked after a candidate: the king's, and
-- for castling the king's square before and the one it crosses
king_squares AS (
	SELECT game, move, x, y FROM stage7 WHERE color = move_color AND kind = 'king'
	UNION
	SELECT game, move, from_x, from_y FROM stage6 WHERE special = 'C'
	UNION
	SELECT game, move, (from_x + to_x) / 2, from_y FROM stage6 WHERE special = 'C'),
-- stage 8: the opponent's moves onto those squares (FIX: a pawn attacks
-- diagonally whether the square is empty or not, and never straight ahead)
stage8 AS (
	SELECT a.game, a.move, a.color, a.kind, a.x AS from_x, a.y AS from_y, m.to_x, m.to_y
	FROM stage7 AS a
	JOIN king_squares AS t ON t.game = a.game AND t.move = a.move
	JOIN moves AS m ON m.color = a.color AND m.kind = a.kind AND m.from_x = a.x AND m.from_y = a.y
	                AND m.to_x = t.x AND m.to_y = t.y
	WHERE a.color <> a.move_color AND (m.special IS NULL OR m.special = 'P')),
-- stages 9 to 11: those attacks blocked by a piece of the new board
stage11 AS (
	SELECT DISTINCT a.game, a.move, a.from_x, a.from_y, a.to_x, a.to_y
	FROM stage8 AS a JOIN stage7 AS o ON o.game = a.game AND o.move = a.move
	WHERE a.kind <> 'knight'
	  AND NOT (o.x = a.from_x AND o.y = a.from_y)
	  AND (a.to_x - a.from_x) * (o.y - a.from_y) = (o.x - a.from_x) * (a.to_y - a.from_y)
	  AND abs(sign(a.from_x - o.x) + sign(a.to_x - o.x)) <= 1
	  AND abs(sign(a.from_y - o.y) + sign(a.to_y - o.y)) <= 1
	  AND NOT (o.color <> a.color AND o.x = a.to_x AND o.y = a.to_y)),
-- stage 12: the attacks that get through
stage12 AS (
	SELECT a.game, a.move FROM stage8 AS a
	WHERE NOT EXISTS (SELECT FROM stage11 AS b
	                  WHERE b.game = a.game AND b.move = a.move AND b.from_x = a.from_x
	                    AND b.from_y = a.from_y AND b.to_x = a.to_x AND b.to_y = a.to_y))
-- stage 13: the candidates that leave the king unattacked
SELECT c.game, c.move FROM stage6 AS c
WHERE NOT EXISTS (SELECT FROM stage12 AS f WHERE f.game = c.game AND f.move = c.move)
$$;
