#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server (initdb + pg_ctl into a temporary directory,
# on a free port) and TEST_DATABASE_URL pointing at it; the server is stopped even on failure.
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ]; then
  echo "PostgreSQL binaries not found (apt-get install postgresql)" >&2
  exit 1
fi
PGDIR=$(mktemp -d /tmp/lineup-pg.XXXXXX)
PGPORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown postgres "$PGDIR"
stop_pg() { as_postgres "$PGBIN/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null 2>&1 || true; rm -rf "$PGDIR"; }
trap stop_pg EXIT
as_postgres "$PGBIN/initdb" -D "$PGDIR/data" -U postgres --auth=trust --no-sync >/dev/null
as_postgres "$PGBIN/pg_ctl" -D "$PGDIR/data" -w -l "$PGDIR/log" \
  -o "-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off" start >/dev/null
echo "PostgreSQL for tests on 127.0.0.1:$PGPORT"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres"
"$@"
