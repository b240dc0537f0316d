#!/usr/bin/env bash
# Removes the throwaway "regress" clusters an interrupted pg_virtualenv left
# behind (killed before its clean-up: a machine restarted mid-run), under
# ROOT (default /; a Debian root file system of test/majors.sh otherwise).
# pg_virtualenv refuses to start while /etc/postgresql/V/regress exists, so
# one interrupted run would fail every later one.  Only clusters carrying
# pg_virtualenv's own marker are touched, and nothing while a pg_virtualenv
# is running.
set -uo pipefail
root=${1:-/}
root=${root%/}
pgrep -x pg_virtualenv >/dev/null && exit 0
for marker in "$root"/etc/postgresql/*/regress/.by_pg_virtualenv; do
	[[ -f $marker ]] || continue
	v=$(basename "$(dirname "$(dirname "$marker")")")
	echo "removing the throwaway cluster $v/regress an interrupted run left in ${root:-/}"
	if [[ -z $root ]]; then
		pg_ctlcluster --mode immediate "$v" regress stop >/dev/null 2>&1
		pg_dropcluster "$v" regress >/dev/null 2>&1
	else
		chroot "$root" pg_ctlcluster --mode immediate "$v" regress stop >/dev/null 2>&1
		chroot "$root" pg_dropcluster "$v" regress >/dev/null 2>&1
	fi
	# pg_dropcluster keeps files it did not make (the marker) and gives up
	# on a cluster whose data directory is gone
	rm -rf "$root/etc/postgresql/$v/regress" "$root/var/lib/postgresql/$v/regress"
done
exit 0
