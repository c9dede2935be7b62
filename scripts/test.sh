#!/usr/bin/env bash
# `npm test`: every check and test, in the order of DESIGN.md §6.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }

step "typecheck"
npm run --silent typecheck
step "lint"
npm run --silent lint
step "unit + integration tests (PGlite)"
TEST_DB=pglite npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration tests (PostgreSQL)"
  TEST_DB=postgres npx vitest run src/server
else
  echo "TEST_DATABASE_URL is not set: the PostgreSQL run of the integration suite is left out."
fi
step "build"
npm run --silent build
step "end-to-end tests (Chromium)"
E2E_USE_DIST=1 npm run --silent test:e2e
