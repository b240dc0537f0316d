# Throwaway PostgreSQL 15 servers on this machine for the sharding test and
# benchmark (sourced): shard_start DIR N starts servers 0..N-1 in DIR (unix
# sockets in DIR, ports 5470 + i; the server refuses root, so they run as
# postgres), shard_stop DIR stops them, shard_conn DIR I prints a conninfo.
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}

shard_start() {
	local dir=$1 n=$2 i
	mkdir -p "$dir"
	chown postgres: "$dir"
	for ((i = 0; i < n; i++)); do
		runuser -u postgres -- "$PGBIN/initdb" -D "$dir/node$i" -A trust -U postgres --no-sync \
			>"$dir/initdb$i.log" 2>&1 || { cat "$dir/initdb$i.log"; return 1; }
		runuser -u postgres -- "$PGBIN/pg_ctl" -D "$dir/node$i" -l "$dir/node$i.log" -w \
			-o "-p $((5470 + i)) -k $dir -c listen_addresses='' -c max_worker_processes=16 -c fsync=off" \
			start >/dev/null || { cat "$dir/node$i.log"; return 1; }
	done
}

shard_stop() {
	local dir=$1 d
	for d in "$dir"/node*; do
		[[ -f $d/postmaster.pid ]] && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$d" -m fast -w stop >/dev/null
	done
	return 0
}

shard_conn() {
	echo "host=$1 port=$((5470 + $2)) dbname=postgres"
}
