#!/usr/bin/env bash
# Annotated PGN both ways with lichess's chessops (annotations.mjs): seeded
# lichess-style games with clocks and evaluations, the lichess studies and
# puzzles Debian's pychess ships, and pgn-extract's eco.pgn, read by
# pgn_games() and written back by pgn(), then compared with chessops's
# reading of the originals node by node.  Needs npm's chessops
# (test/differential: npm ci) and, once, Debian's pychess package (its
# files only: apt-get download, unpacked in /var/cache/chess-data).
# Prints "annotations and analysis with chessops: N passed, M failed, K skipped".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pychess=/var/cache/chess-data/pychess
if [[ ! -d $pychess/usr/share/pychess/learn ]]; then
	mkdir -p "$pychess"
	(cd "$work" && apt-get download pychess >/dev/null) || {
		echo "!! apt-get download pychess failed"
		echo "annotations and analysis with chessops: 0 passed, 1 failed"
		exit 1
	}
	dpkg-deb -x "$work"/pychess_*.deb "$pychess"
fi
node test/differential/annotations.mjs write 400 20261202 >"$work/lichess.pgn"
mapfile -t files < <(find "$pychess/usr/share/pychess/learn" -name '*.pgn' | sort)
node test/differential/annotations.mjs files "$work/lichess.pgn" "${files[@]}" \
	/usr/share/pgn-extract/eco.pgn >"$work/files.jsonl"
pg_virtualenv -v 15 sh -c 'psql -X -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION chess" \
	-f test/differential/compare_annotations.sql' <"$work/files.jsonl" 2>&1 | grep -v '^DETAIL\|^CONTEXT'
node test/differential/annotations.mjs compare "$work/files.jsonl" test/differential/ours_annotated.jsonl
