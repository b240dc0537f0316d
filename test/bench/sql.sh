#!/usr/bin/env bash
# Benchmark: move generation through SQL (test/bench/sql_throughput.sql) in a
# throwaway cluster: legal_moves() against generate_series(1, 35) over
# 197,281 stored positions, and a recursive-CTE perft 5 against perft().
#
#   bash test/bench/sql.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source test/setup.sh >/dev/null
pg_virtualenv -v 15 psql -X -q -f test/bench/sql_throughput.sql 2>&1 | grep -v '^Dropping\|^Creating'
