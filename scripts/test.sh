#!/usr/bin/env bash
# `npm test`: every layer. Static checks (types, lint, dead code), unit and integration tests (SQLite, and PostgreSQL via
# a throwaway server when TEST_DATABASE_URL is not given), then end-to-end tests in Chromium against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_DATABASE_URL:-}" ] && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  exec bash scripts/with-postgres.sh bash "$0" "$@"
fi
[ -n "${TEST_DATABASE_URL:-}" ] || echo "warning: no PostgreSQL found; integration tests run on SQLite only" >&2
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Chromium not found at /usr/bin/chromium: apt-get install chromium" >&2
  exit 1
fi

# The static checks and the build need no database and no browser, and mostly use one core: they
# run beside Vitest, whose workers leave CPU idle while they wait on their databases (decision 050).
# Their output is printed when Vitest is done, so the two logs do not interleave.
beside_log=$(mktemp)
(npm run --silent typecheck && npm run --silent lint && npm run --silent knip && npm run --silent build) >"$beside_log" 2>&1 &
beside=$!
trap 'kill "$beside" 2>/dev/null || true; rm -f "$beside_log"' EXIT

unit=0
npm run --silent test:unit || unit=$?
checks=0
wait "$beside" || checks=$?
echo "== static checks and build"
cat "$beside_log"
if [ "$checks" -ne 0 ]; then echo "static checks or build failed (exit $checks)" >&2; fi
if [ "$unit" -ne 0 ] || [ "$checks" -ne 0 ]; then exit 1; fi

node scripts/bundle-budget.mjs
TZ=UTC npx playwright test
