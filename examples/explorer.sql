-- The opening explorer of a games table (examples/chessdb.sql, or the
-- partitioned table of examples/coordinator.sql): run after the table is
-- made; load games, then REFRESH MATERIALIZED VIEW explorer.

-- The opening explorer, pre-aggregated: each move played from a position
-- that two games or more reach, with the number of games and their
-- results; a game counts once for each move it plays there.  Positions
-- that one game reaches or none are not stored: explore() finds them in
-- the games, through the index.  Nearly every position after the opening
-- is one game's, so the view first finds the Polyglot keys that occur
-- more than once (8-byte keys), and aggregates the positions themselves
-- only for those: exact, as a key shared by chance only lets a position
-- through to the exact count.  position_moves(g) reads each game once for
-- both: every (position, move) it plays, once, the position without its
-- clocks, with its key.  The keys are counted sorted (ORDER BY k): the
-- planner cannot know that nearly every one is unique, and would hash them
-- into a table of millions of groups, four times as slow (on a million
-- games 205 s against 54).  On 100,000 games the view has 146,000 rows
-- (21 MB) and is built in 17 s (27 s from positions(), polyglot_key() and
-- without_clocks(), which read every position back: benchmarks.md).
CREATE MATERIALIZED VIEW explorer AS
WITH shared AS MATERIALIZED (
	SELECT k
	FROM (SELECT played.key AS k
	      FROM games, LATERAL position_moves(games.g) AS played
	      ORDER BY played.key) AS sorted
	GROUP BY k HAVING count(*) > 1)
SELECT "position", move, games, white, draws, black
FROM (SELECT played."position", played.move, count(*)::integer AS games,
             count(*) FILTER (WHERE result = '1-0')::integer AS white,
             count(*) FILTER (WHERE result = '1/2-1/2')::integer AS draws,
             count(*) FILTER (WHERE result = '0-1')::integer AS black,
             sum(count(*)) OVER (PARTITION BY played."position") AS reached
      FROM games, LATERAL position_moves(games.g) AS played
      WHERE played.key IN (SELECT k FROM shared)
      GROUP BY played."position", played.move) AS counted
WHERE reached > 1
WITH NO DATA;
-- unique, so that REFRESH MATERIALIZED VIEW CONCURRENTLY can be used
CREATE UNIQUE INDEX explorer_position_move ON explorer ("position", move);

-- The explorer for any position, clocks ignored: from the table when two
-- games or more reach it, else from the games (then at most one game,
-- found through games_positions).  Exact for the games as of the view's
-- last refresh.  PL/pgSQL keeps the two plans for the session.
CREATE FUNCTION explore(p "position")
RETURNS TABLE (move move, games integer, white integer, draws integer, black integer)
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
	RETURN QUERY
	SELECT e.move, e.games, e.white, e.draws, e.black
	FROM explorer e
	WHERE e."position" = without_clocks(p);
	IF NOT FOUND THEN
		RETURN QUERY
		SELECT m, count(*)::integer, count(*) FILTER (WHERE x.result = '1-0')::integer,
		       count(*) FILTER (WHERE x.result = '1/2-1/2')::integer,
		       count(*) FILTER (WHERE x.result = '0-1')::integer
		FROM games x, LATERAL (SELECT DISTINCT m FROM next_moves(x.g, p) AS m) AS played
		WHERE x.g @> p
		GROUP BY m;
	END IF;
END $$;
