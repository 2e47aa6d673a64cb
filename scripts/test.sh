#!/usr/bin/env bash
# `npm test`: every layer. Static checks (types, lint, dead code), unit and integration tests (SQLite, and PostgreSQL via
# a throwaway server when TEST_DATABASE_URL is not given), then end-to-end tests in Chromium.
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
npm run --silent typecheck
npm run --silent lint
npm run --silent knip
npm run --silent test:unit
npm run --silent test:e2e
