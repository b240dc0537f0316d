#!/usr/bin/env bash
# The Debian package, made as Debian makes its PostgreSQL extension packages
# (debian/: pg_buildext, the pgxs_loop debhelper sequence, debian/pgversions):
# dpkg-buildpackage -us -uc builds postgresql-15-chess (and the source
# package) from a copy of the tree, in a clean Debian 12 root file system
# that has build-essential and debian/control's build dependencies and
# nothing else (a copy of a debootstrap --variant=buildd root kept in
# $CHESS_ROOTS, default /var/cache/chess-majors, made on the first run;
# apt-get build-dep installs the dependencies into the copy), with
# DEB_BUILD_OPTIONS=nocheck: pg_regress runs once here, against the
# installed package, and test/majors.sh runs the build's own (dh_pgxs_test)
# in the 13, 17 and 18 roots; then the package is installed on this
# machine, CREATE EXTENSION works from it, `pg_buildext installcheck`
# passes against the installed files, and the
# package is removed again (the extension built from the tree is installed
# back for the tests that follow).  Checks too that the build used the
# portable flags (no -march, no -Werror) and that debian/control is the one
# pg_buildext makes from debian/control.in.  Run as root; prints
# "N passed, M failed".  With --root it only makes the clean root.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $1"; }
bad() { failed=$((failed + 1)); echo "!! FAILED: $1"; }
check() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }
finish() { echo "package: $passed passed, $failed failed"; exit $((failed > 0)); }

# pg_buildext here, for checkcontrol and installcheck; debootstrap for the root
needed=(postgresql-server-dev-all debootstrap)
missing=()
for p in "${needed[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
	echo "== installing ${missing[*]}"
	{ apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >/dev/null ||
		{ bad "install ${missing[*]}"; finish; }
fi

# shellcheck source=test/roots.sh
. test/roots.sh
roots=${CHESS_ROOTS:-/var/cache/chess-majors}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
pristine=$roots/bookworm-buildd
work=$(mktemp -d)
chmod 755 "$work"
root=$work/root
trap 'umount_root "$root" 2>/dev/null; rm -rf "$work"' EXIT
mkdir "$work/src"
# the tree's files, not its build products (the package builds and cleans in place)
git ls-files -z -co --exclude-standard | tar -c --null -T - | tar -x -C "$work/src"

if [[ ! -x $pristine/usr/bin/dpkg-buildpackage ]]; then
	echo "== making a Debian 12 root file system with build-essential (debootstrap --variant=buildd, once)"
	rm -rf "$pristine.tmp"
	mkdir -p "$roots"
	if debootstrap --variant=buildd bookworm "$pristine.tmp" "$mirror" >"$work/debootstrap.log" 2>&1; then
		mv "$pristine.tmp" "$pristine"
	else
		tail -n 20 "$work/debootstrap.log"
		bad "debootstrap of the build root"
		finish
	fi
fi
# --root: the clean root alone (test/run.sh has it made in the background)
[[ ${1:-} == --root ]] && finish
echo "== a copy of the clean root, and debian/control's build dependencies in it (apt-get build-dep)"
cp -a "$pristine" "$root"
mkdir -p "$roots/apt-archives/partial" "$root/build"
mount --bind "$roots/apt-archives" "$root/var/cache/apt/archives"	# the packages fetched once
cp /etc/resolv.conf "$root/etc/resolv.conf"
mount_root "$root"
cp -a "$work/src" "$root/build/src"
check "apt-get build-dep installs debian/control's build dependencies into the clean root" \
	"chroot_run '$root' 'apt-get -q update && apt-get -q -y build-dep /build/src' >'$work/build-dep.log' 2>&1 ||
	 { tail -n 20 '$work/build-dep.log'; false; }"
check "the clean root has no zstd program (the build needs none)" \
	"! chroot_run '$root' 'command -v zstd' >/dev/null"
version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" chess.control)

check "debian/control is what pg_buildext makes from debian/control.in" \
	"(cd '$work/src' && pg_buildext checkcontrol >/dev/null)"
check "debian/changelog's version is chess.control's default_version ($version)" \
	"head -n 1 debian/changelog | grep -qF '($version)'"

echo "== dpkg-buildpackage -us -uc in the clean root (nocheck: pg_regress runs against the installed package below)"
if chroot_run "$root" "cd /build/src && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -j2 -us -uc" \
	>"$work/build.log" 2>&1; then
	ok "dpkg-buildpackage built the package in the clean root"
else
	tail -n 40 "$work/build.log"
	bad "dpkg-buildpackage in the clean root"
	finish
fi
cp "$root"/build/*.deb "$root"/build/*.dsc "$root"/build/*.tar.* "$work/"
umount_root "$root"
deb=$work/postgresql-15-chess_${version}_amd64.deb
check "the package is postgresql-15-chess $version, beside its source package" \
	"[[ -f '$deb' && -f '$work/postgresql-chess_$version.dsc' && -f '$work/postgresql-chess_$version.tar.xz' ]]"
check "the build compiled with the portable flags (no -march, no -Werror)" \
	"grep -q 'gcc .*-c -o src/chess.o' '$work/build.log' && ! grep 'gcc .*-c -o ' '$work/build.log' | grep -qE -- '-march|-Werror( |$)'"
dpkg-deb -c "$deb" | awk '{print $6}' >"$work/contents"
check "the package holds chess.so, the control file and every script" \
	"grep -qx './usr/lib/postgresql/15/lib/chess.so' '$work/contents' &&
	 grep -qx './usr/share/postgresql/15/extension/chess.control' '$work/contents' &&
	 [[ \$(grep -c '/extension/chess--.*\.sql\$' '$work/contents') == $(ls sql/chess--*.sql | wc -l) ]]"

echo "== installing the package"
if dpkg -i "$deb" >"$work/dpkg.log" 2>&1; then
	ok "dpkg -i installs it"
	check "dpkg knows chess.so as the package's" \
		"dpkg -S /usr/lib/postgresql/15/lib/chess.so | grep -q '^postgresql-15-chess:'"
	pg_virtualenv -v 15 psql -X -q -A -t -o "$work/created" -c "CREATE EXTENSION chess" \
		-c "SELECT extversion FROM pg_extension WHERE extname = 'chess'" \
		-c "SELECT san(start_position(), 'g1f3')" >"$work/virtualenv.log" 2>&1
	got=$(tr '\n' ' ' <"$work/created" 2>/dev/null)
	check "CREATE EXTENSION chess from the package: $got" "[[ '$got' == '$version Nf3 ' ]]"
	schedule=$(make -s PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config regress-tests | wc -w)
	if (cd "$work/src" && pg_buildext installcheck) >"$work/installcheck.log" 2>&1 &&
		(($(grep -Ec '\.\.\. ok' "$work/installcheck.log") == schedule)); then
		ok "pg_buildext installcheck against the installed package ($schedule of $schedule tests)"
	else
		tail -n 40 "$work/installcheck.log"
		bad "pg_buildext installcheck against the installed package"
	fi
	check "dpkg -r removes it" "dpkg -r postgresql-15-chess >/dev/null 2>&1 && [[ ! -e /usr/lib/postgresql/15/lib/chess.so ]]"
else
	cat "$work/dpkg.log"
	bad "dpkg -i"
fi

# the tests after this one use the extension built from the tree
make -s PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config install >/dev/null || bad "make install from the tree"
finish
