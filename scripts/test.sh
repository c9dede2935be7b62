#!/usr/bin/env bash
# `npm test`: every check and test, in the order of DESIGN.md §6, each tier timed.
set -euo pipefail
cd "$(dirname "$0")/.."

# npm puts node_modules/.bin first on PATH, so `node` here is the project's Node 24 (package.json engines).
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 24 ]; then
  echo "npm test needs Node 24 or later (found $(node --version)); npm ci installs it into node_modules/.bin." >&2
  exit 1
fi

timings=()
tier() {
  local name=$1
  shift
  printf '\n\033[1m== %s ==\033[0m\n' "$name"
  local start=$SECONDS
  "$@"
  timings+=("$(printf '%-44s %4d s' "$name" $((SECONDS - start)))")
}
report() {
  printf '\n\033[1m== time per tier (node %s) ==\033[0m\n' "$(node --version)"
  printf '%s\n' "${timings[@]}"
}
trap report EXIT

tier "typecheck" npm run --silent typecheck
tier "lint" npm run --silent lint
tier "unit + integration + component tests (PGlite)" env TEST_DB=pglite npx vitest run
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  tier "integration tests (PostgreSQL)" env TEST_DB=postgres npx vitest run src/server
else
  echo "TEST_DATABASE_URL is not set: the PostgreSQL run of the integration suite is left out."
fi
tier "build" npm run --silent build
# The reference topology under kill -9 (issue 29, docs/scaling.md §5): its own time budget, fewer
# requests than a run by hand (SCALE_REQUESTS=600) so the tier stays near three minutes.
tier "scale test (2 web, 2 workers, faults)" env SCALE_REQUESTS="${SCALE_REQUESTS:-300}" timeout 900 npm run --silent test:scale
tier "end-to-end tests (Chromium)" env E2E_USE_DIST=1 npm run --silent test:e2e
