#!/usr/bin/env bash
# Benchmark: the ABAP article's pipeline ported to plain SQL against
# legal_moves(), over the same positions, after checking that both find the
# same moves (test/bench/abap_compare.sql).
#
#   bash test/bench/abap.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source test/setup.sh >/dev/null
pg_virtualenv -v 15 psql -X -q -v bench=1 -f test/bench/abap_compare.sql 2>&1 | grep -v '^Dropping\|^Creating'
