-- The opening explorer of a games table (examples/chessdb.sql, or the
-- partitioned table of examples/coordinator.sql): run after the table is
-- made; load games, then SELECT explorer_rebuild().  doc/database.md, "The
-- opening explorer", explains it.
--
-- Each move played from a position, with the number of games, their
-- results, the average rating of the players who played it, their
-- performance and the last date it was played, counted in cells of lichess's
-- speeds and rating groups of the player to move (explorer_cells(),
-- doc/formats.md), so that explore() filters by speed, rating band and
-- months without reading a game.
--
-- explorer: one row of cells a position and period, for the positions
--   that two games or more reach (the others, which nearly every position
--   after the opening is, explore() finds in the games through the index);
--   period 0 counts every game; positions that 32 games or more reach
--   (dated) have a row a year (period -yyyy) and a month (yyyymm) too, so
--   that a range of months reads whole years and the months at its ends.
-- explorer_pending: what games inserted, deleted or updated since add or
--   take away, for the positions the explorer holds: appended by the
--   games' statement triggers in the same transaction, so that the counts
--   of every position, a parent's and its children's, are current at every
--   moment, and concurrent loaders never wait for one another on a row (the
--   start position's); explorer_fold() moves them into the explorer.
-- explorer_state: stale while the explorer has not been built, or after
--   explorer_defer() (a bulk load's first step): explore() then counts the
--   games themselves, until explorer_rebuild().
-- The triggers that keep it current exist while it is live: a trigger
-- given the rows a statement changed (a transition table) keeps a copy of
-- every one of them, in memory and then in temporary files, even when it is
-- disabled or has nothing to do with them; for a bulk load that would be
-- the whole file again.  explorer_rebuild() makes them, explorer_defer()
-- drops them.
CREATE TABLE explorer (
	"position" "position" NOT NULL,
	period integer NOT NULL,		-- 0 every game, -yyyy a year, yyyymm a month
	dated boolean NOT NULL DEFAULT false,	-- period 0: the years and months are kept
	cells bigint[] NOT NULL,
	PRIMARY KEY ("position", period)
);
-- Its cells compressed by lz4 where the server has it (PostgreSQL 14 on,
-- built --with-lz4, as Debian's and PGDG's are): the explorer of a million
-- games took 11.9 s to write with pglz, the default, 3.5 s with lz4, for
-- 222 MB against 250 (doc/benchmarks.md, "A lichess month")
DO $$
BEGIN
	IF EXISTS (SELECT FROM pg_settings
	           WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
		EXECUTE 'ALTER TABLE explorer ALTER cells SET COMPRESSION lz4';
	END IF;
END $$;
CREATE TABLE explorer_pending (
	"position" "position" NOT NULL,
	month integer NOT NULL,			-- yyyymm, 0 when the game's date does not say
	cell bigint[] NOT NULL
);
CREATE INDEX explorer_pending_position ON explorer_pending ("position");
CREATE TABLE explorer_state (stale boolean NOT NULL);
INSERT INTO explorer_state VALUES (true);

-- The explorer built anew from the games: a load that deferred the
-- maintenance catches up so, in one pass.  The positions that two games or
-- more reach are found from their Polyglot keys first: a pass over the
-- games makes a filter of the keys they play from twice or more
-- (explorer_key_filter(), in fixed memory: a few others pass too; at a
-- million games 708,497 positions, of which 379,564 are kept), and the
-- second gives the rows of those positions alone, aggregated
-- exactly (a position let through by chance is counted and left out).
-- Sorting every key to count them took three times as long, and writing a
-- row for every position for a join to drop nearly all of them as long
-- again.  Writers of games wait until it commits; readers
-- read the explorer as it was until then (its rows are deleted, not
-- truncated, so autovacuum takes their space back).  It runs in a READ
-- COMMITTED transaction, whose snapshot is taken after the lock, so that
-- it sees every game committed before it.  Returns the
-- number of positions the explorer holds.  The recipe's functions that
-- write keep the search path they were made with: postgres_fdw's sessions,
-- which insert into a shard's games, search pg_catalog alone.
CREATE FUNCTION explorer_rebuild() RETURNS bigint
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
	positions bigint;
	filter bytea;
BEGIN
	IF current_setting('transaction_isolation') <> 'read committed' THEN
		RAISE EXCEPTION 'explorer_rebuild() runs in a READ COMMITTED transaction'
			USING ERRCODE = '25001',
			      DETAIL = 'A snapshot taken before it locks the games would miss games committed meanwhile.';
	END IF;
	PERFORM explorer_triggers();
	LOCK TABLE games IN SHARE MODE;
	-- an explorer_defer() that committed while this waited for the lock
	-- dropped them again: live without them, it would miss what comes
	IF NOT EXISTS (SELECT FROM pg_trigger WHERE tgrelid = 'games'::regclass
	                                        AND tgname IN ('explorer_changed', 'explorer_insert')) THEN
		RAISE EXCEPTION 'the explorer''s triggers were dropped while explorer_rebuild() waited for the games'
			USING ERRCODE = '40001', HINT = 'Run it again.';
	END IF;
	DELETE FROM explorer;
	DELETE FROM explorer_pending;
	-- sized for 100 plies a game
	filter := (SELECT explorer_key_filter(x.g, n.keys)
	           FROM games x, (SELECT count(*) * 100 AS keys FROM games) AS n);
	-- in one pass, each position's cells by month, of which
	-- explorer_periods() makes its rows for period 0 and, dated, for each
	-- month and year (a pass for period 0 and another for the months of the
	-- dated positions: at a million games the rebuild took 67.1 and 81.1 s
	-- so, against 49.4 and 47.5)
	INSERT INTO explorer ("position", period, dated, cells)
	SELECT a."position", p.period, p.period = 0 AND a.games >= 32, p.cells
	FROM (SELECT c."position", count(*) AS games, explorer_sum(c.cell, c.month) AS cells
	      FROM games, LATERAL explorer_cells(games.g, games.tags, games.result, filter) AS c
	      GROUP BY c."position"
	      HAVING count(*) > 1) AS a,
	     LATERAL explorer_periods(a.cells, a.games >= 32) AS p;
	positions := (SELECT count(*) FROM explorer WHERE period = 0);
	UPDATE explorer_state SET stale = false;
	RETURN positions;
END $$;

-- The pending changes moved into the explorer, in one statement: rows
-- appended while it runs stay for the next.  Returns how many it moved.
CREATE FUNCTION explorer_fold() RETURNS bigint
LANGUAGE sql SET search_path FROM CURRENT AS $$
	WITH gone AS (DELETE FROM explorer_pending RETURNING "position", month, cell),
	sums AS (
		SELECT g."position", p.period, explorer_sum(g.cell) AS cells, count(*) AS n
		FROM gone g
		JOIN explorer d ON d."position" = g."position" AND d.period = 0,
		     LATERAL (VALUES (0), (CASE WHEN d.dated AND g.month > 0 THEN -(g.month / 100) END),
		                     (CASE WHEN d.dated AND g.month > 0 THEN g.month END)) AS p(period)
		WHERE p.period IS NOT NULL
		GROUP BY g."position", p.period),
	folded AS (
		INSERT INTO explorer AS e ("position", period, cells)
		SELECT "position", period, cells FROM sums
		ON CONFLICT ("position", period) DO UPDATE
		SET cells = (SELECT explorer_sum(c) FROM (VALUES (e.cells), (excluded.cells)) AS v(c)))
	SELECT coalesce(sum(n), 0)::bigint FROM sums WHERE period = 0
$$;

-- What the games' changes add and take away, appended in the statement's
-- transaction (its rollback takes them back).  Nothing while the explorer
-- is stale: the rebuild that ends that counts every game.
CREATE FUNCTION explorer_games_changed() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		TRUNCATE explorer, explorer_pending;
		RETURN NULL;
	END IF;
	-- FOR SHARE: a writer whose snapshot is older than a rebuild that
	-- committed meanwhile (REPEATABLE READ) fails with 40001 and retries,
	-- instead of adding to an explorer it cannot see
	IF (SELECT stale FROM explorer_state FOR SHARE) THEN
		RETURN NULL;		-- a rebuild will count the games
	END IF;
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		INSERT INTO explorer_pending ("position", month, cell)
		SELECT c."position", c.month, explorer_negate(c.cell)
		FROM removed AS r, LATERAL explorer_cells(r.g, r.tags, r.result) AS c
		WHERE EXISTS (SELECT FROM explorer e WHERE e."position" = c."position" AND e.period = 0);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO explorer_pending ("position", month, cell)
		SELECT c."position", c.month, c.cell
		FROM added AS a, LATERAL explorer_cells(a.g, a.tags, a.result) AS c
		WHERE EXISTS (SELECT FROM explorer e WHERE e."position" = c."position" AND e.period = 0);
	END IF;
	RETURN NULL;
END $$;
-- A partitioned table whose partitions are foreign tables (the
-- coordinator's, examples/coordinator.sql) cannot give its triggers the
-- rows a statement changed: there a change marks the explorer stale, and
-- explore() counts the games until the next rebuild.
CREATE FUNCTION explorer_games_stale() RETURNS trigger
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	UPDATE explorer_state SET stale = true WHERE NOT stale;
	RETURN NULL;
END $$;
-- The triggers of a live explorer made, when they are not there already:
-- explorer_rebuild() does it first; a loader that rebuilds the explorer
-- beside CREATE INDEX in other sessions does it before them, for
-- CREATE TRIGGER waits for CREATE INDEX (examples/load_parts.sh).  For
-- the owner of games.  On a coordinator, explorer_changed stays.
CREATE FUNCTION explorer_triggers() RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	IF EXISTS (SELECT FROM pg_trigger WHERE tgrelid = 'games'::regclass
	                                    AND tgname IN ('explorer_changed', 'explorer_insert')) THEN
		RETURN;
	END IF;
	LOCK TABLE games IN SHARE ROW EXCLUSIVE MODE;
	IF EXISTS (SELECT FROM pg_trigger WHERE tgrelid = 'games'::regclass AND tgname = 'explorer_insert') THEN
		RETURN;			-- another session made them meanwhile
	END IF;
	CREATE TRIGGER explorer_insert AFTER INSERT ON games
		REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION explorer_games_changed();
	CREATE TRIGGER explorer_delete AFTER DELETE ON games
		REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION explorer_games_changed();
	CREATE TRIGGER explorer_update AFTER UPDATE ON games
		REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION explorer_games_changed();
END $$;

-- A bulk load's first step: the explorer marked stale (explore() counts the
-- games themselves, exact and slower) and its triggers dropped, so that
-- the load's statements keep no copy of their rows; explorer_rebuild()
-- after the load makes them again and catches up in one pass.  For the
-- owner of games; it locks the table (DROP TRIGGER), waiting for the
-- statements that use it.
CREATE FUNCTION explorer_defer() RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_trigger WHERE tgrelid = 'games'::regclass AND tgname = 'explorer_changed') THEN
		-- first, so that the test below sees what a rebuild made meanwhile
		LOCK TABLE games IN ACCESS EXCLUSIVE MODE;
	END IF;
	IF EXISTS (SELECT FROM pg_trigger WHERE tgrelid = 'games'::regclass AND tgname = 'explorer_insert') THEN
		DROP TRIGGER explorer_insert ON games;
		DROP TRIGGER explorer_delete ON games;
		DROP TRIGGER explorer_update ON games;
	END IF;
	UPDATE explorer_state SET stale = true WHERE NOT stale;
END $$;

-- Made stale with no triggers but TRUNCATE's: explorer_rebuild() makes
-- them.  A partitioned table whose partitions are foreign tables has one
-- trigger, explorer_changed, always.
DO $$
BEGIN
	IF EXISTS (SELECT FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
	           WHERE i.inhparent = 'games'::regclass AND c.relkind = 'f') THEN
		CREATE TRIGGER explorer_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
			FOR EACH STATEMENT EXECUTE FUNCTION explorer_games_stale();
	ELSE
		CREATE TRIGGER explorer_truncate AFTER TRUNCATE ON games
			FOR EACH STATEMENT EXECUTE FUNCTION explorer_games_changed();
	END IF;
END $$;

-- The explorer for any position, clocks ignored: each move played from it
-- with its games, results (white, draws, black: wins of each side and
-- draws), SAN, the average rating of the players who played it, their
-- performance (FIDE's: the opponents' average and the rating difference
-- of the fraction scored) and the last date played; filtered by lichess's
-- speeds (from TimeControl), the rating groups of the player to move
-- (min_rating and max_rating, lower bounds of lichess's groups: 0, 1000,
-- 1200, ..., 2500, 2800, 3200) and the months from since's to until's.
-- From the explorer and its pending changes when two games or more reach
-- the position, else (or while the explorer is stale, or for a range of
-- months where the explorer keeps no months) from the games themselves,
-- found through games_positions.  Exact at every moment.
CREATE FUNCTION explore(p "position", speeds text[] DEFAULT NULL, min_rating integer DEFAULT NULL,
                        max_rating integer DEFAULT NULL, since date DEFAULT NULL, until date DEFAULT NULL)
RETURNS TABLE (move move, games integer, white integer, draws integer, black integer, san text,
               average_rating integer, performance integer, last_played date)
LANGUAGE plpgsql STABLE AS $$
DECLARE
	k "position" := without_clocks(p);
	dates boolean := since IS NOT NULL OR until IS NOT NULL;
	-- the months yyyymm, within years 1 to 9999 (infinities included)
	-- (greatest() and least() pass over a NULL)
	lo integer := CASE WHEN since IS NULL THEN 101
	                   ELSE to_char(least(greatest(since, '0001-01-01'), '9999-12-31'), 'YYYYMM')::integer END;
	hi integer := CASE WHEN until IS NULL THEN 999912
	                   ELSE to_char(least(greatest(until, '0001-01-01'), '9999-12-31'), 'YYYYMM')::integer END;
	first_year integer := lo / 100 + (lo % 100 <> 1)::integer;		-- the years wholly in the range
	last_year integer := hi / 100 - (hi % 100 <> 12)::integer;
	-- the months before them and after them (all of the range when it holds no whole year):
	-- two ranges of the explorer's key, so that the months within the whole years are
	-- never read (a range of 25 years read its 300 months to drop them: 0.45 ms of 0.5)
	head_hi integer := least(hi, (first_year - 1) * 100 + 12);
	tail_lo integer := greatest(lo, (last_year + 1) * 100 + 1, head_hi + 1);
	is_dated boolean;
	cells bigint[];
BEGIN
	IF lo > hi THEN
		RAISE EXCEPTION 'the explorer''s months are inverted: since % is after until %', since, until
			USING ERRCODE = '22023';
	END IF;
	PERFORM explorer_read(k, NULL, speeds, min_rating, max_rating);		-- the filters checked
	SELECT e.dated INTO is_dated
	FROM explorer e, explorer_state s WHERE e."position" = k AND e.period = 0 AND NOT s.stale;
	IF NOT FOUND OR (dates AND NOT is_dated) THEN
		-- the cells of k's plies alone: a filter of its key lets explorer_cells()
		-- skip the others' (the position itself is compared for the rare key
		-- that passes by chance)
		SELECT explorer_sum(c.cell) INTO cells
		FROM games x,
		     LATERAL explorer_cells(x.g, x.tags, x.result, (SELECT explorer_key_filter(polyglot_key(k), 1))) AS c
		WHERE x.g @> k AND c."position" = k AND (NOT dates OR c.month BETWEEN lo AND hi);
	ELSIF NOT dates THEN
		SELECT explorer_sum(c) INTO cells
		FROM (SELECT e.cells FROM explorer e WHERE e."position" = k AND e.period = 0
		      UNION ALL
		      SELECT x.cell FROM explorer_pending x WHERE x."position" = k) AS s(c);
	ELSE
		SELECT explorer_sum(c) INTO cells
		FROM (SELECT e.cells FROM explorer e
		      WHERE e."position" = k AND e.period BETWEEN -last_year AND -first_year
		      UNION ALL
		      SELECT e.cells FROM explorer e
		      WHERE e."position" = k AND e.period BETWEEN lo AND head_hi
		      UNION ALL
		      SELECT e.cells FROM explorer e
		      WHERE e."position" = k AND e.period BETWEEN tail_lo AND hi
		      UNION ALL
		      SELECT x.cell FROM explorer_pending x
		      WHERE x."position" = k AND x.month BETWEEN lo AND hi) AS s(c);
	END IF;
	RETURN QUERY SELECT * FROM explorer_read(p, cells, speeds, min_rating, max_rating);
END $$;
