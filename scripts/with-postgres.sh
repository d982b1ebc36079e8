#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server, found in this order:
# TEST_DATABASE_URL if set; a server answering on 127.0.0.1:5432; otherwise a throwaway cluster
# started on a free loopback port and removed afterwards.
set -euo pipefail

if [ -n "${TEST_DATABASE_URL:-}" ]; then exec "$@"; fi

# FARMANEXO_OWN_POSTGRES=1 skips the shared server (to exercise the fresh-machine path).
if [ -z "${FARMANEXO_OWN_POSTGRES:-}" ] && command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432 -t 3 \
  && psql "postgres://postgres@127.0.0.1:5432/postgres" -Atqc "select 1" >/dev/null 2>&1; then
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
  exec "$@"
fi

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (scripts/ensure-system-packages.sh installs it)." >&2; exit 1; }
dir=$(mktemp -d /tmp/farmanexo-pg.XXXXXX)
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
as_pg=()
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$dir"; as_pg=(runuser -u postgres --); fi

echo "Starting a throwaway PostgreSQL on 127.0.0.1:$port"
"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" -w -l "$dir/log" start >/dev/null
cleanup() { "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
