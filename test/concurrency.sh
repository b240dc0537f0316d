#!/usr/bin/env bash
# The application example (examples/games.sql) under real concurrency: two
# sessions race to play the same 24 plies of the same 40 games through
# play_move(), with the players' tokens, each move its own transaction.  Every ply must be inserted exactly once, by one of
# them, and each game must replay to its current position.  Prints
# "concurrency: N passed, M failed".  Run inside a cluster (pg_virtualenv).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PGDATABASE=chess_race
dropdb --if-exists "$PGDATABASE" 2>/dev/null
createdb "$PGDATABASE"
psql -X -q -v ON_ERROR_STOP=1 <<'SQL'
CREATE EXTENSION chess;
\i examples/games.sql
-- 40 games, both seats taken: the tokens both sessions play with
CREATE TABLE tokens (game_id bigint PRIMARY KEY, white text, black text);
INSERT INTO tokens (game_id, white) SELECT g.game_id, g.token FROM generate_series(1, 40) AS n, new_game('white', 'w' || n) AS g;
UPDATE tokens SET black = sit(game_id, 'black', 'b' || game_id);
-- the moves both sessions try: 24 plies of a Ruy Lopez
CREATE TABLE script (ply integer PRIMARY KEY, move move);
INSERT INTO script
SELECT ply, m FROM unnest('{e2e4,e7e5,g1f3,b8c6,f1b5,a7a6,b5a4,g8f6,e1g1,f8e7,f1e1,b7b5,
                           a4b3,d7d6,c2c3,e8g8,h2h3,c6b8,d2d4,b8d7,b1d2,c8b7,b3c2,f8e8}'::move[])
	WITH ORDINALITY AS t(m, ply);
CREATE TABLE race (session text, won integer, lost integer);
CREATE PROCEDURE race(session text) LANGUAGE plpgsql AS $$
DECLARE
	won integer := 0;
	lost integer := 0;
	t tokens;
	s record;
BEGIN
	-- the starting gate: wait until the driver lets both sessions go
	PERFORM pg_advisory_lock_shared(4242);
	PERFORM pg_advisory_unlock_shared(4242);
	FOR t IN SELECT * FROM tokens ORDER BY game_id LOOP
		FOR s IN SELECT * FROM script ORDER BY ply LOOP
			BEGIN
				PERFORM play_move(t.game_id, CASE s.ply % 2 WHEN 1 THEN t.white ELSE t.black END, s.move::text, s.ply);
				won := won + 1;
			EXCEPTION WHEN unique_violation THEN
				lost := lost + 1;
			END;
			COMMIT;
			-- a random pause, so that the lead changes hands and both
			-- sessions keep colliding on the same plies
			PERFORM pg_sleep(random() * 0.002);
		END LOOP;
	END LOOP;
	INSERT INTO race VALUES (session, won, lost);
END $$;
SQL
# the driver holds the gate shut until both sessions wait at it, then opens it;
# from then on the loser of each ply waits for the winner's row lock, so the
# two stay in step and collide on every ply
psql -X -q -c "SELECT pg_advisory_lock(4242)" \
	-c "DO \$\$ BEGIN
	        FOR i IN 1..400 LOOP
	            EXIT WHEN (SELECT count(*) FROM pg_locks
	                       WHERE locktype = 'advisory' AND NOT granted) >= 2;
	            PERFORM pg_sleep(0.05);
	        END LOOP;
	    END \$\$" \
	-c "SELECT pg_advisory_unlock(4242)" >/dev/null &
gate=$!
until [[ $(psql -X -q -At -c "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted") == 1 ]]; do
	sleep 0.05
done
psql -X -q -c "CALL race('A')" &
a=$!
psql -X -q -c "CALL race('B')" &
b=$!
wait "$gate" "$a" "$b"
psql -X -q -At <<'SQL'
WITH checks(name, ok) AS (VALUES
	('both sessions finished', (SELECT count(*) = 2 FROM race)),
	('every ply inserted once', (SELECT count(*) = 40 * 24 FROM moves)),
	('no gaps', (SELECT bool_and(n = 24 AND max_ply = 24) FROM (SELECT count(*) AS n, max(ply) AS max_ply FROM moves GROUP BY game_id) AS x)),
	('wins add up', (SELECT sum(won) = 40 * 24 FROM race)),
	('each try won or lost', (SELECT bool_and(won + lost = 40 * 24) FROM race)),
	('games replay to their positions', (SELECT bool_and(r = g.current) FROM games AS g,
	     LATERAL (SELECT replay(g.start, move ORDER BY ply) AS r FROM moves WHERE game_id = g.id) AS x)),
	('plies counted', (SELECT bool_and(plies = 24) FROM games)),
	('each game is its moves', (SELECT bool_and(g.game = game(g.start, x.ms)) FROM games AS g,
	     LATERAL (SELECT array_agg(move ORDER BY ply) AS ms FROM moves WHERE game_id = g.id) AS x)),
	('both sessions won some plies', (SELECT bool_and(won > 0) FROM race)))
SELECT name || ': ' || CASE WHEN ok THEN 'ok' ELSE 'FAILED' END FROM checks
UNION ALL SELECT 'session ' || session || ' won ' || won || ', lost ' || lost FROM race
UNION ALL SELECT format('concurrency: %s passed, %s failed',
                        count(*) FILTER (WHERE ok), count(*) FILTER (WHERE NOT ok)) FROM checks;
SQL
dropdb "$PGDATABASE"
