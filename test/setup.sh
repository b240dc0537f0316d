#!/usr/bin/env bash
# Prepares a Debian 12 machine (as root) for the extension: installs the
# Debian packages that are missing, builds the extension warning-free and
# installs it into PostgreSQL 15.  Sourced by test/tour.sh and test/run.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config
export PG_CONFIG

# What the build and the tests need, from Debian: the toolchain and
# PostgreSQL 15; the zlib and zstd libraries (pgn_games_file() reads
# compressed files); clang with its sanitizer and libFuzzer runtimes for the
# fuzzers; psycopg 3 for the SQL fuzzer and the resource tests, and psycopg2
# beside it for the client tests; Node.js and npm for the differential tests
# against chess.js and the node-postgres client tests; Chromium to render
# board_svg() in a real browser; the locale data for the test at a Turkish
# locale; Stockfish, the second generator of the Chess960 differential test;
# pgn-extract, whose ECO lines are the reference application's library.
packages=(make gcc libc6-dev postgresql-15 postgresql-server-dev-15 postgresql-common
	zlib1g-dev libzstd-dev clang libclang-rt-14-dev python3-psycopg python3-psycopg2 chromium
	locales stockfish pgn-extract)
# test/run.sh adds what its package and majors steps need on this machine
# (debootstrap, pg_buildext), installed here before it starts them in the
# background: two installers at once would race for dpkg's lock
packages+=(${CHESS_MORE_PACKAGES:-})
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if ((${#missing[@]})); then
	echo "== installing Debian packages: ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q
	apt-get install -y -q "${missing[@]}"
fi

# test/locale.sh reads in a Turkish database (before any server starts: a
# running server does not see a locale made after it)
locale -a | grep -qi '^tr_TR\.utf-\?8$' || localedef -i tr_TR -f UTF-8 tr_TR.UTF-8

echo "== building and installing the extension"
# the test command builds with -Werror (CHESS_WERROR=1, set by test/run.sh)
make -s -j"$(nproc)" PG_CONFIG="$PG_CONFIG" ${CHESS_WERROR:+COPT=-Werror}
make -s PG_CONFIG="$PG_CONFIG" ${CHESS_WERROR:+COPT=-Werror} install
