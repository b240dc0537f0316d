#!/usr/bin/env bash
# Benchmark: what loading the extension costs a new connection
# (test/bench/startup.py), in a throwaway cluster.
#
#   bash test/bench/startup.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source test/setup.sh >/dev/null
pg_virtualenv -v 15 /usr/bin/python3 test/bench/startup.py 2>&1 | grep -v '^Dropping\|^Creating'
