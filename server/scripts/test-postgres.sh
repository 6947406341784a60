#!/usr/bin/env bash
# Runs the server tests against a throwaway PostgreSQL cluster (Debian's packages):
# initdb on a free port, TEST_DATABASE_URL exported, jest's server project, then the
# cluster is stopped and removed. Exits with jest's exit code.
# Usage: server/scripts/test-postgres.sh [extra jest arguments]
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [[ -z "${PG_BIN}" || ! -x "${PG_BIN}/initdb" ]]; then
  echo "PostgreSQL server binaries not found (set PG_BIN, or apt-get install postgresql)" >&2
  exit 1
fi

PORT="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
WORK="$(mktemp -d /tmp/kontor-pg.XXXXXX)"
chmod 755 "${WORK}"

# PostgreSQL refuses to run as root: run it as the postgres user then.
if [[ "$(id -u)" == "0" ]]; then
  chown postgres "${WORK}"
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

cleanup() {
  as_pg "${PG_BIN}/pg_ctl" -D "${WORK}/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "${WORK}"
}
trap cleanup EXIT

as_pg "${PG_BIN}/initdb" -D "${WORK}/data" -A trust -U postgres >"${WORK}/initdb.log" 2>&1 \
  || { cat "${WORK}/initdb.log" >&2; exit 1; }
as_pg "${PG_BIN}/pg_ctl" -D "${WORK}/data" -w -l "${WORK}/postgres.log" \
  -o "-p ${PORT} -k ${WORK} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "${WORK}/postgres.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${PORT}/postgres"
echo "PostgreSQL $("${PG_BIN}/postgres" --version | awk '{print $3}') on port ${PORT}"

cd "${REPO}"
set +e
# Options and test files go first: `--selectProjects` takes every word after it, up to the
# next option, as a project name.
npx jest "$@" --selectProjects server
status=$?
set -e
exit "${status}"
