#!/usr/bin/env bash
# The reference application, started and stopped in one command from a
# clean clone (as root on Debian 12): installs what is missing and builds
# and installs the extension (test/setup.sh), installs the application's
# npm packages, starts a throwaway PostgreSQL 15 cluster (pg_virtualenv),
# makes the database (setup.sql) and serves the application until Ctrl-C;
# the cluster goes when it stops.
#
#   bash examples/app/run.sh            serve on http://localhost:${PORT:-8080}/
#   bash examples/app/run.sh --test     the browser test (test.mjs) against it, then stop
#
# LIBRARY=file.pgn loads another games collection for the explorer
# (plain, gzip or zstd; default: the ECO lines of Debian's pgn-extract).
set -euo pipefail
app=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$app/../.." && pwd)

if [[ -z ${CHESS_APP_CLUSTER:-} ]]; then
	bash "$root/test/setup.sh"
	(cd "$app" && npm ci --no-audit --no-fund --loglevel=error)
	library=$(realpath "${LIBRARY:-/usr/share/pgn-extract/eco.pgn}")
	chmod o+r "$library" 2>/dev/null || true		# the server reads it
	# the same script again, inside the cluster; pg_virtualenv removes it afterwards
	CHESS_APP_CLUSTER=1 LIBRARY=$library pg_virtualenv -v 15 bash "$app/run.sh" "$@"
	exit
fi

password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
psql -X -q -v ON_ERROR_STOP=1 -v app_password="$password" -v library="$LIBRARY" -f "$app/setup.sql"
echo "library: $(psql -X -A -t -c 'SELECT count(*) FROM library.games') games from $LIBRARY"

export PORT=${PORT:-8080}
if [[ ${1:-} != --test ]]; then
	echo "Ctrl-C stops the application and removes its cluster"
	PGUSER=chess_app PGPASSWORD=$password exec node "$app/server.mjs"
fi

PGUSER=chess_app PGPASSWORD=$password node "$app/server.mjs" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
for _ in $(seq 100); do
	node -e "fetch('http://localhost:$PORT/api/games').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))" && break
	sleep 0.1
done
APP_URL=http://localhost:$PORT node "$app/test.mjs"
