#!/usr/bin/env bash
# Builds and tests the extension on the PostgreSQL majors other than this
# machine's 15: 13 (Debian 11, bullseye), 17 (Debian 13, trixie) and 18
# (Debian unstable, sid), each in a Debian root file system made with
# debootstrap.  In each: the build with -Wall -Wextra -Werror, a dump of a
# table of every type taken on 15 restored there with identical values, and
# the Debian package built by debian/'s recipe (dpkg-buildpackage), whose
# build runs every pg_regress file (softerr, the soft input errors, on 17
# and 18) against the package's files: the major's one pg_regress run (a
# second, against the -Werror build, took a minute a major and tested the
# same files).
#
# The root file systems are made once and kept in $CHESS_ROOTS (default
# /var/cache/chess-majors), where later runs on the machine find them; the
# three are made in parallel, about four minutes in all.  Runs as root.
#
# Usage: majors.sh [--roots] [MAJOR...]   (default: 13 17 18)
# With --roots it only makes the missing root file systems (test/run.sh
# has them made in the background while the engine's steps run: mostly
# downloads, four minutes of the run when made here).
# Prints each major's results and ends with "N passed, M failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
roots=${CHESS_ROOTS:-/var/cache/chess-majors}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
roots_only=false
if [[ ${1:-} == --roots ]]; then
	roots_only=true
	shift
fi
majors=("$@")
((${#majors[@]})) || majors=(13 17 18)
declare -A suite=([13]=bullseye [17]=trixie [18]=sid)
passed=0
failed=0
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# The mirror reached from here may be a snapshot whose Release files are
# past their Valid-Until date (sid's expire a week after they are made):
# apt in a root does not hold that against them.  The roots are for
# building and testing only.
apt_opts="-o Acquire::Check-Valid-Until=false"

# What the build and the tests need in a root, besides PostgreSQL; then
# what Debian's recipe for the package needs (debhelper, postgresql-all),
# added by apt once the root is made (debootstrap's own resolver is kept to
# the short list).
root_base=(make gcc libc6-dev zlib1g-dev libzstd-dev)
root_packages=("${root_base[@]}" debhelper dpkg-dev postgresql-all)

# Makes the root file system of a major unless it is there already; adds
# the packages a root made by an older version of this script lacks.
make_root() {
	local v=$1 root=$roots/${suite[$1]} missing=() p
	if [[ -x $root/usr/lib/postgresql/$v/bin/pg_config ]]; then
		for p in "${root_packages[@]}"; do
			chroot "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
				missing+=("$p")
		done
		((${#missing[@]})) || return 0
		echo "== adding ${missing[*]} to the ${suite[$v]} root file system"
		cp /etc/resolv.conf "$root/etc/resolv.conf"
		mount_root "$root"
		chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive PATH=/usr/sbin:/usr/bin:/sbin:/bin \
			sh -c "apt-get $apt_opts update -q && apt-get $apt_opts install -y -q ${missing[*]}" >"$log/apt-$v" 2>&1 ||
			{ tail -n 20 "$log/apt-$v"; return 1; }
		for p in "${missing[@]}"; do
			chroot "$root" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
				{ echo "!! $p is still missing in ${suite[$v]}"; tail -n 20 "$log/apt-$v"; return 1; }
		done
		return 0
	fi
	rm -rf "$root.tmp"
	mkdir -p "$roots"
	echo "== making the Debian ${suite[$v]} root file system for PostgreSQL $v"
	if debootstrap --variant=minbase \
		--include="$(IFS=,; echo "${root_base[*]}"),postgresql-$v,postgresql-server-dev-$v" \
		"${suite[$v]}" "$root.tmp" "$mirror" >"$log/debootstrap-$v" 2>&1; then
		mv "$root.tmp" "$root"
		make_root "$v"		# the packages of the recipe
	else
		tail -n 20 "$log/debootstrap-$v"
		return 1
	fi
}

# shellcheck source=test/roots.sh
. test/roots.sh

# Runs a command inside a major's root (mounted by mount_root, with a copy
# of the source tree in /build/chess).
in_root() {
	local root=$roots/${suite[$1]}
	shift
	chroot_run "$root" "$*"
}

# count NAME PASSED FAILED [STATUS [TESTS]]: a command that exited non-zero
# with no failure counted is one failure; fewer than TESTS reported, the
# missing ones are failures (a server that crashed for good stops the list).
count() {
	local name=$1 ok=$2 bad=$3 status=${4:-0} tests=${5:-0}
	if ((ok + bad == 0)); then
		echo "!! $name ran no test: counted as one failure"
		bad=1
	fi
	if ((ok + bad < tests)); then
		echo "!! $name reported $((ok + bad)) of $tests tests: the rest counted as failures"
		bad=$((tests - ok))
	fi
	if ((status != 0 && bad == 0)); then
		echo "!! $name exited with status $status and counted no failure: counted as one failure"
		bad=1
	fi
	echo "$name: $ok passed, $bad failed"
	passed=$((passed + ok))
	failed=$((failed + bad))
}

# Makes the missing roots in parallel, with debootstrap installed first: the
# makers installing it at once raced for dpkg's lock on a fresh machine, and
# the losers made no root
make_roots() {
	local v pids=() i status=0
	for v in "${majors[@]}"; do
		[[ -x $roots/${suite[$v]}/usr/lib/postgresql/$v/bin/pg_config ]] && continue
		command -v debootstrap >/dev/null ||
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null ||
			echo "!! could not install debootstrap"
		break
	done
	for v in "${majors[@]}"; do
		make_root "$v" &
		pids+=($!)
	done
	for i in "${!pids[@]}"; do
		wait "${pids[$i]}" || { echo "!! could not make the root file system for PostgreSQL ${majors[$i]}"; status=1; }
	done
	return $status
}

if $roots_only; then
	make_roots
	status=$?
	for v in "${majors[@]}"; do umount_root "$roots/${suite[$v]}"; done
	exit $status
fi

# the dump to restore on the other majors, taken on this machine's 15
echo "== a dump of a table of every type, taken on PostgreSQL 15"
bash test/stale_clusters.sh
pg_virtualenv -v 15 bash test/dump_restore.sh --export "$log/every_type.dump" "$log/every_type.txt" \
	>"$log/export" 2>&1
status=$?
cat "$log/export"
count "dump on 15" "$(grep -c '^ok:' "$log/export")" "$(grep -c '^!! FAILED' "$log/export")" $status

make_roots

for v in "${majors[@]}"; do
	root=$roots/${suite[$v]}
	echo "== PostgreSQL $v (Debian ${suite[$v]})"
	if [[ ! -x $root/usr/lib/postgresql/$v/bin/pg_config ]]; then
		count "PostgreSQL $v" 0 1
		continue
	fi
	mount_root "$root"
	bash test/stale_clusters.sh "$root"
	rm -rf "$root/build/chess"
	mkdir -p "$root/build/chess"
	tar -c --exclude=.git --exclude=node_modules --exclude=test/fuzz/corpus --exclude=results \
		--exclude='*.o' --exclude='*.so' --exclude='*.bc' . | tar -x -C "$root/build/chess"
	cp "$log/every_type.dump" "$log/every_type.txt" "$root/build/"
	pg_config=/usr/lib/postgresql/$v/bin/pg_config
	if in_root "$v" "cd /build/chess && make -s -j2 PG_CONFIG=$pg_config COPT=-Werror && make -s PG_CONFIG=$pg_config COPT=-Werror install" \
		>"$log/build-$v" 2>&1; then
		echo "build with -Wall -Wextra -Werror: ok ($(in_root "$v" "gcc --version | head -n 1"))"
		/usr/bin/python3 test/exports.py "$root/build/chess/chess.so" >"$log/exports-$v" 2>&1
		status=$?
		grep -E '^FAILED' "$log/exports-$v"
		count "exported symbols on PostgreSQL $v" "$(grep -c '^ok ' "$log/exports-$v")" \
			"$(grep -c '^FAILED' "$log/exports-$v")" $status
		in_root "$v" "cd /build/chess && pg_virtualenv -v $v bash test/dump_restore.sh --import /build/every_type.dump /build/every_type.txt" \
			>"$log/import-$v" 2>&1
		status=$?
		cat "$log/import-$v"
		count "restore of the 15 dump on PostgreSQL $v" "$(grep -c '^ok:' "$log/import-$v")" \
			"$(grep -c '^!! FAILED' "$log/import-$v")" $status
		# the Debian package by debian/'s recipe (test/package.sh on 15):
		# dpkg-buildpackage runs pg_regress against the package's files
		rm -rf "$root/build/pkg"
		mkdir -p "$root/build/pkg/src"
		git ls-files -z -co --exclude-standard | tar -c --null -T - | tar -x -C "$root/build/pkg/src"
		in_root "$v" "cd /build/pkg/src && PG_UPDATECONTROL=yes dpkg-buildpackage -j2 -us -uc -b" \
			>"$log/package-$v" 2>&1
		status=$?
		debs=$(ls "$root"/build/pkg/postgresql-"$v"-chess_*.deb 2>/dev/null | grep -vc dbgsym)
		tests=$(in_root "$v" "cd /build/chess && make -s PG_CONFIG=$pg_config regress-tests" | wc -w)
		# pg_regress prints "test x ... ok" up to 15, TAP ("ok 1 - x") from 16
		grep -E '\.\.\. |^(not )?ok |diff|No such file' "$log/package-$v"
		count "pg_regress in the package's build on PostgreSQL $v" \
			"$(grep -Ec '\.\.\. ok|^ok ' "$log/package-$v")" \
			"$(grep -Ec '\.\.\. (FAILED|failed)|^not ok |diff command failed' "$log/package-$v")" $status "$tests"
		if ((status == 0 && debs == 1)); then
			echo "Debian package postgresql-$v-chess: built"
			count "Debian package on PostgreSQL $v" 1 0
		else
			tail -n 60 "$log/package-$v"	# a failed build, or pg_regress's diffs
			count "Debian package on PostgreSQL $v" 0 1
		fi
	else
		tail -n 30 "$log/build-$v"
		count "build on PostgreSQL $v" 0 1
	fi
	umount_root "$root"
done
echo "majors: $passed passed, $failed failed"
((failed == 0))
