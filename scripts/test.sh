#!/usr/bin/env bash
# Every check and test: validate (typecheck, lint, format, knip), unit, API contract and security (SQLite, and
# PostgreSQL when TEST_DATABASE_URL is set), then the browser journeys against the production
# build, then the performance budgets (JavaScript per page, no editor code on public pages, sized
# images). Ends with "N passed, N failed".
#
# Each suite writes $results/<name>.json; `suites` names every report the summary expects, so a
# suite that crashed, never ran or wrote nothing counts as failed instead of vanishing from the
# total. A new suite: add its name to `suites` and write its report to "$results/<name>.json".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
results=.cache/test-results
rm -rf "$results"; mkdir -p "$results"
status=0

suites=(validate unit api-sqlite security-sqlite)
[ -n "${TEST_DATABASE_URL:-}" ] && suites+=(api-postgres security-postgres)
suites+=(security-web fuzz-sqlite scale-sqlite)
[ -n "${TEST_DATABASE_URL:-}" ] && suites+=(fuzz-postgres scale-postgres scaleout)
suites+=(e2e budgets)

# Each phase's wall time is printed when it ends and listed again before the summary, so a slow
# phase shows in every run (a CI run must stay well inside its time limit on a slow machine).
phase_name="" phase_start=$(date +%s) run_start=$(date +%s)
: >"$results/phases.txt"
phase() { # name: ends the running phase (if any) and starts the next
  local now; now=$(date +%s)
  if [ -n "$phase_name" ]; then
    printf '%-20s %5d s\n' "$phase_name" $((now - phase_start)) | tee -a "$results/phases.txt"
  fi
  phase_name=$1 phase_start=$now
  [ -n "$phase_name" ] && echo "=== $phase_name ==="
  return 0
}

run_vitest() { # name, project, extra env...
  local name=$1 project=$2; shift 2
  phase "$name"
  env "$@" npx vitest run --project "$project" --reporter=default --reporter=json --outputFile="$results/$name.json" || status=1
}

[ -d node_modules ] || npm ci --no-audit --no-fund
phase validate # typecheck, lint, format check, knip
node scripts/validate.mjs --report "$results/validate.json" || status=1
run_vitest unit unit
run_vitest api-sqlite api TEST_DATABASE_URL=
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  run_vitest api-postgres api TEST_DATABASE_URL="$TEST_DATABASE_URL"
else
  echo "=== api-postgres skipped: set TEST_DATABASE_URL=postgres://… to run the API suite on PostgreSQL too ==="
fi
# The attacks of docs/security.md, with the real limits, on each database.
run_vitest security-sqlite security TEST_DATABASE_URL=
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  run_vitest security-postgres security TEST_DATABASE_URL="$TEST_DATABASE_URL"
else
  echo "=== security-postgres skipped: set TEST_DATABASE_URL=postgres://… to run the security suite on PostgreSQL too ==="
fi

phase build
if npx remix build >/dev/null; then
  # The web tier's attacks and the crash test, against the production build (tests/security).
  run_vitest security-web security-web
  # fuzz: generated input against every action; FUZZ_SEED repeats a run.
  run_vitest fuzz-sqlite fuzz TEST_DATABASE_URL=
  if [ -n "${TEST_DATABASE_URL:-}" ]; then run_vitest fuzz-postgres fuzz TEST_DATABASE_URL="$TEST_DATABASE_URL"; fi
  # A decade of content, smaller (docs/decisions/027-keyset-paging-search-sitemap.md): ~20,000
  # posts and applicants; on PostgreSQL it also compares search results with SQLite's.
  run_vitest scale-sqlite scale TEST_DATABASE_URL=
  if [ -n "${TEST_DATABASE_URL:-}" ]; then run_vitest scale-postgres scale TEST_DATABASE_URL="$TEST_DATABASE_URL"; fi
  # Two instances and nginx on PostgreSQL (docs/deploy.md); ports E2E_PORT+40…+42.
  if [ -n "${TEST_DATABASE_URL:-}" ]; then
    run_vitest scaleout scaleout TEST_DATABASE_URL="$TEST_DATABASE_URL" SCALEOUT_PORT=$(( ${E2E_PORT:-3100} + 40 ))
  fi
  phase e2e # Chromium, JavaScript on and off
  PW_REPORT="$results/e2e.json" npx playwright test || status=1
  phase budgets # scripts/bench.ts
  npx tsx scripts/bench.ts --budgets-only --report "$results/budgets.json" || status=1
else
  # e2e and budgets leave no report, so the summary counts each as failed.
  echo "build failed"; status=1
fi

phase ""
printf '%-20s %5d s\n' total $(( $(date +%s) - run_start )) >>"$results/phases.txt"
echo "=== phases (wall time) ==="
cat "$results/phases.txt"
echo "=== summary ==="
node scripts/count-results.mjs "$results" "${suites[@]}" || status=1
exit $status
