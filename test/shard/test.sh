#!/usr/bin/env bash
# Sharding over postgres_fdw (examples/coordinator.sql): a coordinator and
# two shards, three throwaway servers on this machine, and beside them one
# server's database with the same games (examples/chessdb.sql).  Checks
# that the sharded answers equal the single server's (position reached,
# pattern, material, explorer, opening prefix, counts by result, order),
# that EXPLAIN VERBOSE shows the chess operators in the shards' Remote SQL
# with asynchronous scans, and the faults: a shard down is an error on the
# coordinator, never a partial answer; a failed write leaves no game
# behind; the client loader (examples/load_pgn.py) into the coordinator:
# stopped by a shard, resumed, run again, every game once on one shard.
# Prints "N passed, M failed".  Run as root (the servers run as
# postgres).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source test/shard/cluster.sh
passed=0
failed=0
check() {
	local what=$1 got=$2 want=$3
	if [[ $got == "$want" ]]; then
		passed=$((passed + 1)); echo "ok: $what"
	else
		failed=$((failed + 1)); echo "!! FAILED: $what"; echo "   got:  ${got:0:600}"; echo "   want: ${want:0:600}"
	fi
}
contains() {
	local what=$1 got=$2 want=$3
	if grep -qF -- "$want" <<<"$got"; then
		passed=$((passed + 1)); echo "ok: $what"
	else
		failed=$((failed + 1)); echo "!! FAILED: $what (no \"$want\" in:)"; echo "${got:0:1500}"
	fi
}

dir=$(mktemp -d /tmp/chess-shards.XXXXXX)
trap 'shard_stop "$dir"; rm -rf "$dir"' EXIT
if ! shard_start "$dir" 3; then
	echo "!! could not start the servers"
	echo "0 passed, 1 failed"
	exit 1
fi
node() { local i=$1; shift; psql -X -q -v ON_ERROR_STOP=1 -h "$dir" -p $((5470 + i)) -U postgres "$@"; }
coord() { node 0 -d postgres "$@"; }
single() { node 0 -d single "$@"; }

# the shards, the coordinator, and one server's database for comparison
for i in 1 2; do
	node "$i" -d postgres -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null
done
coord -c "CREATE EXTENSION chess" -v shard1="$(shard_conn "$dir" 1)" -v shard2="$(shard_conn "$dir" 2)" \
	-v shard_user=postgres -f examples/coordinator.sql >/dev/null
node 0 -d postgres -c "CREATE DATABASE single"
single -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null

# 3,000 seeded random games after one of five openings, results by number
single -A -t >"$dir/games.pgn" <<'SQL'
SELECT setseed(0.12);
CREATE TEMP TABLE played (game integer, ply integer, m move);
DO $$
DECLARE
	openings move[][] := '{{e2e4,c7c5,g1f3,d7d6},{e2e4,e7e5,g1f3,b8c6},{d2d4,d7d5,c2c4,e7e6},
	                       {d2d4,g8f6,c2c4,g7g6},{c2c4,e7e5,b1c3,g8f6}}';
	p "position";
	m move;
BEGIN
	FOR g IN 1..3000 LOOP
		p := start_position();
		FOR ply IN 1..4 LOOP
			m := openings[1 + g % 5][ply];
			INSERT INTO played VALUES (g, ply, m);
			p := play(p, m);
		END LOOP;
		FOR ply IN 5..20 + g % 41 LOOP
			SELECT x INTO m FROM legal_moves(p) AS x ORDER BY random() LIMIT 1;
			EXIT WHEN m IS NULL;
			INSERT INTO played VALUES (g, ply, m);
			p := play(p, m);
		END LOOP;
	END LOOP;
END $$;
SELECT pgn(start_position(), array_agg(m ORDER BY ply),
           jsonb_build_object('Event', 'Game ' || game,
                              'Result', (ARRAY['1-0', '0-1', '1/2-1/2', '*'])[1 + game % 4])) || E'\n'
FROM played GROUP BY game ORDER BY game;
SQL
sed -i '1d' "$dir/games.pgn"
chown postgres: "$dir/games.pgn"
load="INSERT INTO games (tags, result, g) SELECT tags, result, value FROM pgn_games_file('$dir/games.pgn') ORDER BY game"
coord -c "$load" -c "SELECT explorer_rebuild()"
single -c "$load" -c "SELECT explorer_rebuild()"
check "3,000 games on the coordinator" "$(coord -A -t -c 'SELECT count(*) FROM games')" 3000
s1=$(node 1 -d postgres -A -t -c 'SELECT count(*) FROM games')
s2=$(node 2 -d postgres -A -t -c 'SELECT count(*) FROM games')
check "each shard holds part of them, together all" "$((s1 > 1000 && s2 > 1000)),$((s1 + s2))" "1,3000"

# the same answers, sharded and on one server
queries=(
	"SELECT id FROM games WHERE g @> 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3'::\"position\" ORDER BY id"
	"SELECT count(*) FROM games WHERE g @> 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'::\"position\""
	"SELECT id FROM games WHERE g @> '8/8/5n2/8/4P3/8/8/8'::pattern ORDER BY id"
	"SELECT id FROM games WHERE g @> 'KQRRBBNNP*vKRRBBNNP*'::balance ORDER BY id"
	"SELECT * FROM explore(start_position()) ORDER BY move"
	"SELECT * FROM explore('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1') ORDER BY move"
	"SELECT * FROM explore('rnbqkb1r/pppp1ppp/5n2/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR w KQkq - 2 3') ORDER BY move"
	"SELECT id FROM games WHERE mainline(g) ^@ '1. e4 c5 2. Nf3 d6 3. d4' ORDER BY id"
	"SELECT result, count(*) FROM games GROUP BY result ORDER BY result"
	"SELECT material(final(g)), count(*) FROM games GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5"
	"SELECT id FROM games ORDER BY mainline(g), id LIMIT 20"
)
for q in "${queries[@]}"; do
	a=$(coord -A -t -c "$q" 2>&1)
	b=$(single -A -t -c "$q" 2>&1)
	check "sharded = single server ($(wc -l <<<"$b") rows): ${q:0:90}" "$(md5sum <<<"$a")" "$(md5sum <<<"$b")"
done

# what the shards are sent: the chess operators in their Remote SQL, both at once
plan=$(coord -c "EXPLAIN (VERBOSE, COSTS OFF) ${queries[0]}")
contains "g @> position is sent to the shards" "$plan" 'Remote SQL: SELECT id FROM public.games WHERE ((g OPERATOR(public.@>) '
contains "the shards are scanned at once" "$plan" "Async Foreign Scan on public.games_shard2"
plan=$(coord -c "EXPLAIN (VERBOSE, COSTS OFF) ${queries[2]}")
contains "g @> pattern is sent to the shards" "$plan" "::public.pattern))"
plan=$(coord -c "EXPLAIN (VERBOSE, COSTS OFF) ${queries[3]}")
contains "g @> balance is sent to the shards" "$plan" "::public.balance))"
plan=$(coord -c "EXPLAIN (VERBOSE, COSTS OFF) ${queries[7]}")
contains "mainline(g) ^@ game (an opening prefix) is sent to the shards" "$plan" "^@"
plan=$(coord -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT count(*) FROM games WHERE g @> start_position()")
contains "a count over the table: the shards filter and send no columns" "$plan" "Remote SQL: SELECT NULL FROM public.games WHERE ((g OPERATOR(public.@>) "
# 15 sends a partition's whole aggregate to its shard only when grouping by
# the partition key; querying the partitions has each shard aggregate
# (the README's example, verbatim)
by_shard=$(cat <<'SQL'
SELECT result, sum(n) FROM (SELECT result, count(*) AS n FROM games_shard1 GROUP BY result
                            UNION ALL SELECT result, count(*) FROM games_shard2 GROUP BY result) AS s
GROUP BY result ORDER BY result;
SQL
)
check "counts by result, added up from each shard's" "$(coord -A -t -c "$by_shard")" "$(single -A -t -c "${queries[8]}")"
plan=$(coord -c "EXPLAIN (VERBOSE, COSTS OFF) ${by_shard%;}")
contains "... each shard counts its own games" "$plan" "Remote SQL: SELECT result, count(*) FROM public.games GROUP BY 1"
contains "... both at once" "$plan" "Async Foreign Scan"

echo "== faults"
# a shard down: an error on the coordinator, not a partial answer
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$dir/node2" -m fast -w stop >/dev/null
out=$(coord -A -t -c "SELECT count(*) FROM games" 2>&1)
contains "a shard down: the coordinator's query fails (no partial count)" "$out" 'could not connect to server "shard2"'
out=$(coord -A -t -c "SELECT count(*) FROM games WHERE g @> start_position()" 2>&1)
contains "... also when the other shard has answers" "$out" 'ERROR:'
# a game for the shard that is down: nothing written anywhere
before=$(node 1 -d postgres -A -t -c 'SELECT count(*) FROM games')
out=$(coord -c "INSERT INTO games (id, tags, result, g) SELECT 100000 + n, jsonb_build_object('n', n), '*', '1. e4' FROM generate_series(1, 20) AS n" 2>&1)
contains "a write that reaches the shard that is down fails" "$out" 'ERROR:'
check "... and leaves nothing on the other shard" "$(node 1 -d postgres -A -t -c 'SELECT count(*) FROM games')" "$before"
runuser -u postgres -- "$PGBIN/pg_ctl" -D "$dir/node2" -l "$dir/node2.log" -w \
	-o "-p 5472 -k $dir -c listen_addresses='' -c fsync=off" start >/dev/null
# a write that one shard refuses (games it has, by their game_key): the
# whole statement is rolled back on every shard
twenty="SELECT jsonb_build_object('twenty', n), '*', '1. e4'::game FROM generate_series(1, 20) AS n"
node 2 -d postgres -c "INSERT INTO games (id, tags, result, g) SELECT 200000 + row_number() OVER (), * FROM ($twenty) AS t"
before1=$(node 1 -d postgres -A -t -c 'SELECT count(*) FROM games')
before2=$(node 2 -d postgres -A -t -c 'SELECT count(*) FROM games')
out=$(coord -c "INSERT INTO games (tags, result, g) $twenty" 2>&1)
contains "a write one shard refuses fails on the coordinator" "$out" 'duplicate key value violates unique constraint'
check "... and none of its games is left on either shard" \
	"$(node 1 -d postgres -A -t -c 'SELECT count(*) FROM games'),$(node 2 -d postgres -A -t -c 'SELECT count(*) FROM games')" \
	"$before1,$before2"
# a game the coordinator stores is on exactly one shard, found by its id
coord -c "INSERT INTO games (tags, result, g) VALUES ('{\"Event\": \"new\"}', '1-0', '1. f3 e5 2. g4 Qh4#')"
check "a new game is on one shard" \
	"$(($(node 1 -d postgres -A -t -c "SELECT count(*) FROM games WHERE tags->>'Event' = 'new'") + \
	    $(node 2 -d postgres -A -t -c "SELECT count(*) FROM games WHERE tags->>'Event' = 'new'")))" 1
check "... and the coordinator finds it" "$(coord -A -t -c "SELECT result FROM games WHERE mainline(g) ^@ '1. f3 e5 2. g4 Qh4#'")" "1-0"

# a game's key is its shard: an UPDATE of what makes it is refused
out=$(coord -c "UPDATE games SET tags = tags || '{\"edited\": 1}' WHERE tags->>'Event' = 'new'" 2>&1)
contains "an UPDATE of a game's tags on the coordinator is refused" "$out" "a game's tags, result and moves decide its shard"
check "... and changes nothing" "$(coord -A -t -c "SELECT count(*) FROM games WHERE tags ? 'edited'")" 0
coord -c "UPDATE games SET id = id WHERE tags->>'Event' = 'new'"
check "... other columns may change" "$?" 0

echo "== the client loader into the coordinator"
# examples/load_pgn.py, two sessions, the games of the test eight times
# over (24,000 games, several batches): a load that one shard stops
# halfway, resumed; a load again; every game once, on one shard
for k in 1 2 3 4 5 6 7 8; do sed "s/^\[Event \"Game \(.*\)\"\]$/[Event \"Load \1 copy $k\"]/" "$dir/games.pgn"; done >"$dir/load.pgn"
chown postgres: "$dir/load.pgn"
loader() { /usr/bin/python3 examples/load_pgn.py --dsn "host=$dir port=5470 dbname=postgres user=postgres" --jobs 2 "$@" <"$dir/load.pgn"; }
loaded() { coord -A -t -c "SELECT count(*) FROM games WHERE tags->>'Event' LIKE 'Load %'"; }
stop='CREATE FUNCTION stop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '"'"'refused by the test trigger'"'"'; END $$;
      CREATE TRIGGER stop BEFORE INSERT ON games FOR EACH ROW WHEN (NEW.tags->>'"'"'Event'"'"' = '"'"'Load 1500 copy 5'"'"') EXECUTE FUNCTION stop()'
node 1 -d postgres -c "$stop"
node 2 -d postgres -c "$stop"
out=$(loader --source load 2>&1)
contains "a shard refusing a game stops the load" "$out" "refused by the test trigger"
contains "... which says how to resume it" "$out" "resume: the same input with --source load --resume"
partial=$(loaded)
check "... halfway: some games in, not all" "$((partial > 0 && partial < 24000))" 1
node 1 -d postgres -c "DROP TRIGGER stop ON games"
node 2 -d postgres -c "DROP TRIGGER stop ON games"
out=$(loader --source load --resume 2>&1)
contains "resumed: the batches that were in are skipped" "$out" "loaded before (their batches skipped)"
check "... every game once" "$(loaded)" 24000
out=$(loader --source again 2>&1)
check "loaded again: nothing twice" "$out,$(loaded)" "0 games loaded, 24000 in the table already,24000"
check "... as the file is" \
	"$(coord -A -t -c "SELECT md5(string_agg(g::text || tags::text, '|' ORDER BY tags->>'Event')) FROM games WHERE tags->>'Event' LIKE 'Load %'")" \
	"$(coord -A -t -c "SELECT md5(string_agg(value::text || tags::text, '|' ORDER BY tags->>'Event')) FROM pgn_games_file('$dir/load.pgn')")"
keys() { node "$1" -d postgres -A -t -c "SELECT game_key FROM games WHERE tags->>'Event' LIKE 'Load %'"; }
key="md5(tags::text || result || encode(game_bytes(g), 'hex'))::uuid"
for r in 0 1; do
	check "... the coordinator's key of each game of shard $((r + 1)) is the shard's game_key" \
		"$(coord -A -t -c "SELECT $key FROM games_shard$((r + 1)) WHERE tags->>'Event' LIKE 'Load %' ORDER BY 1" | md5sum)" \
		"$(keys $((r + 1)) | LC_ALL=C sort | md5sum)"
	check "... and names that shard" \
		"$(coord -A -t -c "SELECT count(*) FILTER (WHERE NOT satisfies_hash_partition('games'::regclass, 2, $r, $key)) FROM games_shard$((r + 1)) WHERE tags->>'Event' LIKE 'Load %'")" 0
done
check "... each on one shard, both shards used" \
	"$(cat <(keys 1) <(keys 2) | sort | uniq -d | wc -l),$(($(keys 1 | wc -l) > 10000 && $(keys 2 | wc -l) > 10000))" "0,1"
echo "sharding: $passed passed, $failed failed"
((failed == 0))
