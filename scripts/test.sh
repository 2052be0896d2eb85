#!/usr/bin/env bash
# Every test: unit, API contract (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
# then the browser journeys against the production build, then the performance budgets
# (JavaScript per page, no editor code on public pages, sized images). Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
results=.cache/test-results
rm -rf "$results"; mkdir -p "$results"
status=0

run_vitest() { # name, project, extra env...
  local name=$1 project=$2; shift 2
  echo "=== $name ==="
  env "$@" npx vitest run --project "$project" --reporter=default --reporter=json --outputFile="$results/$name.json" || status=1
}

[ -d node_modules ] || npm ci --no-audit --no-fund
run_vitest unit unit
run_vitest api-sqlite api TEST_DATABASE_URL=
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  run_vitest api-postgres api TEST_DATABASE_URL="$TEST_DATABASE_URL"
else
  echo "=== api-postgres skipped: set TEST_DATABASE_URL=postgres://… to run the API suite on PostgreSQL too ==="
fi

echo "=== build ==="
if npx remix build >/dev/null; then
  echo "=== e2e (Chromium, JavaScript on and off) ==="
  PW_REPORT="$results/e2e.json" npx playwright test || status=1
  echo "=== performance budgets (scripts/bench.ts) ==="
  npx tsx scripts/bench.ts --budgets-only --report "$results/budgets.json" || status=1
else
  echo "build failed"; status=1
  echo '{"stats":{"expected":0,"unexpected":1,"flaky":0}}' > "$results/e2e.json"
fi

node scripts/count-results.mjs "$results"
exit $status
