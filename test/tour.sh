#!/usr/bin/env bash
# The main job: installs what is missing, builds and installs the extension,
# starts a throwaway PostgreSQL 15 cluster and runs the guided tour in it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source test/setup.sh

echo "== the guided tour (examples/tour.sql) in a throwaway cluster"
pg_virtualenv -v 15 psql -X -q -v ON_ERROR_STOP=1 -P pager=off -f examples/tour.sql
