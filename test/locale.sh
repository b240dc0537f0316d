#!/usr/bin/env bash
# Locale independence (issue 14): every reader folds case and skips white
# space in ASCII (src/engine/types.h), never through <ctype.h>, whose
# answers follow the server's LC_CTYPE.  Checks that no source file calls a
# <ctype.h> classifier, and that test/locale.sql reads the same in a C
# database and a Turkish one (tr_TR.UTF-8, where lower('I') is 'ı').
# Run inside pg_virtualenv; prints "N passed, M failed".
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
passed=0
failed=0
check() {
	if "$@" >/dev/null 2>&1; then passed=$((passed + 1)); echo "ok: $what"
	else failed=$((failed + 1)); echo "!! FAILED: $what"; fi
}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

what="no <ctype.h> classifier in src/ (isspace, tolower, ...)"
calls=$(grep -nE '\b(is(space|alpha|digit|alnum|upper|lower|xdigit|print|punct|cntrl|graph|blank)|to(lower|upper))\(' \
	src/*.c src/*.h src/engine/*.c src/engine/*.h)
[[ -n $calls ]] && echo "$calls"
check test -z "$calls"

what="the Turkish locale exists (localedef -i tr_TR -f UTF-8 tr_TR.UTF-8)"
check bash -c 'locale -a | grep -qi "^tr_TR.utf-\?8$"'

psql -X -q -c "CREATE DATABASE chess_c TEMPLATE template0 ENCODING 'UTF8' LOCALE 'C'" || true
psql -X -q -c "CREATE DATABASE chess_tr TEMPLATE template0 ENCODING 'UTF8' LOCALE 'tr_TR.UTF-8'" || true
what="the Turkish database folds case the Turkish way (lower('I') = 'ı')"
check test "$(psql -X -At -d chess_tr -c "SELECT lower('I')")" = "ı"
for db in chess_c chess_tr; do
	psql -X -q -d "$db" -c "CREATE EXTENSION chess"
	psql -X -d "$db" -f test/locale.sql >"$out/$db" 2>&1
done
what="test/locale.sql reads the same in both ($(grep -c . "$out/chess_c") lines, $(grep -c ERROR "$out/chess_c") of them errors)"
diff "$out/chess_c" "$out/chess_tr"
check cmp "$out/chess_c" "$out/chess_tr"
what="every statement of test/locale.sql ran: 10 read, 4 refused"
check test "$(grep -c '(1 row)' "$out/chess_c")" = 10 -a "$(grep -c 'ERROR' "$out/chess_c")" = 4
echo "locale: $passed passed, $failed failed"
((failed == 0))
