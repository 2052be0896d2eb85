#!/usr/bin/env bash
# Every check and test: validate (typecheck, lint, format, knip), unit, API contract and security (SQLite, and
# PostgreSQL when TEST_DATABASE_URL is set), the web tier's attacks, fuzz, scale and scale-out, the browser
# journeys against the production build, then the performance budgets (JavaScript per page, no editor code on
# public pages, sized images). Ends with "N passed, N failed".
#
# After the build, three lanes run side by side (docs/decisions/090-ci-in-three-lanes.md): the SQLite lane
# (validate, unit, API, security, the web tier's attacks, fuzz, scale), the PostgreSQL lane (API, security,
# fuzz, scale, scale-out) and the browser lane (e2e, then the budgets). No lane shares a port, a data folder
# or a database with another. Each lane's output is kept in its own log and printed whole when the lane
# ends, so the run reads lane by lane; each phase's wall time is printed when it ends and listed again
# before the summary, so a slow phase shows in every run.
#
# Each suite writes $results/<name>.json; `suites` names every report the summary expects, so a
# suite that crashed, never ran or wrote nothing counts as failed instead of vanishing from the
# total. A new suite: add its name to `suites`, a phase to a lane, and write its report to "$results/<name>.json".
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .cache
results=.cache/test-results
rm -rf "$results"; mkdir -p "$results"
status=0
run_start=$(date +%s)

suites=(validate unit api-sqlite security-sqlite)
[ -n "${TEST_DATABASE_URL:-}" ] && suites+=(api-postgres security-postgres)
suites+=(security-web fuzz-sqlite scale-sqlite)
[ -n "${TEST_DATABASE_URL:-}" ] && suites+=(fuzz-postgres scale-postgres scaleout)
suites+=(e2e budgets)

run_vitest() { # name, project, extra env...
  local name=$1 project=$2; shift 2
  env "$@" npx vitest run --project "$project" --reporter=default --reporter=json --outputFile="$results/$name.json"
}

# One phase: its command, then its wall time, into the lane's log and the list of phases.
phase() { # lane, name, command...
  local lane=$1 name=$2; shift 2
  local start; start=$(date +%s)
  echo "=== $name ==="
  "$@"
  local code=$?
  printf '%-10s %-20s %5d s%s\n' "$lane" "$name" $(($(date +%s) - start)) "$([ $code -eq 0 ] || echo '  (failed)')" \
    | tee -a "$results/phases.txt"
  return $code
}

[ -d node_modules ] || npm ci --no-audit --no-fund

echo "=== build ==="
build_start=$(date +%s)
built=1
npx remix build >/dev/null || { built=0; status=1; echo "build failed"; }
printf '%-10s %-20s %5d s\n' main build $(($(date +%s) - build_start)) | tee -a "$results/phases.txt"

sqlite_lane() {
  local code=0
  phase sqlite validate node scripts/validate.mjs --report "$results/validate.json" || code=1
  phase sqlite unit run_vitest unit unit || code=1
  phase sqlite api-sqlite run_vitest api-sqlite api TEST_DATABASE_URL= || code=1
  # The attacks of docs/security.md, with the real limits.
  phase sqlite security-sqlite run_vitest security-sqlite security TEST_DATABASE_URL= || code=1
  if [ $built = 1 ]; then
    # The web tier's attacks and the crash test, against the production build (tests/security/web).
    phase sqlite security-web run_vitest security-web security-web || code=1
    # Generated input against every action; FUZZ_SEED repeats a run, `npm run fuzz` is the long one.
    phase sqlite fuzz-sqlite run_vitest fuzz-sqlite fuzz TEST_DATABASE_URL= || code=1
    # A decade of content, smaller (docs/decisions/027-keyset-paging-search-sitemap.md).
    phase sqlite scale-sqlite run_vitest scale-sqlite scale TEST_DATABASE_URL= || code=1
  fi
  return $code
}

postgres_lane() {
  local code=0
  phase postgres api-postgres run_vitest api-postgres api TEST_DATABASE_URL="$TEST_DATABASE_URL" || code=1
  phase postgres security-postgres run_vitest security-postgres security TEST_DATABASE_URL="$TEST_DATABASE_URL" || code=1
  if [ $built = 1 ]; then
    phase postgres fuzz-postgres run_vitest fuzz-postgres fuzz TEST_DATABASE_URL="$TEST_DATABASE_URL" || code=1
    # ~20,000 posts and applicants on PostgreSQL, and its search compared with SQLite's.
    phase postgres scale-postgres run_vitest scale-postgres scale TEST_DATABASE_URL="$TEST_DATABASE_URL" || code=1
    # Two instances and nginx on PostgreSQL (docs/deploy.md); ports E2E_PORT+40…+42.
    phase postgres scaleout run_vitest scaleout scaleout TEST_DATABASE_URL="$TEST_DATABASE_URL" \
      SCALEOUT_PORT=$((${E2E_PORT:-3100} + 40)) || code=1
  fi
  return $code
}

browser_lane() {
  [ $built = 1 ] || return 1
  local code=0
  # Chromium, every journey with JavaScript on and off.
  phase browser e2e env PW_REPORT="$results/e2e.json" npx playwright test || code=1
  phase browser budgets npx tsx scripts/bench.ts --budgets-only --report "$results/budgets.json" || code=1
  return $code
}

lanes=(sqlite browser)
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  lanes+=(postgres)
else
  echo "=== the PostgreSQL lane is skipped: set TEST_DATABASE_URL=postgres://… to run the API, security, fuzz and scale suites on PostgreSQL too ==="
fi
pids=()
for lane in "${lanes[@]}"; do
  ("${lane}_lane" >"$results/lane-$lane.log" 2>&1) &
  pids+=($!)
done
for i in "${!lanes[@]}"; do
  if ! wait "${pids[$i]}"; then status=1; fi
  echo
  echo "############ the ${lanes[$i]} lane ############"
  cat "$results/lane-${lanes[$i]}.log"
done

printf '%-10s %-20s %5d s\n' all total $(($(date +%s) - run_start)) >>"$results/phases.txt"
echo "=== phases (wall time; the lanes run side by side) ==="
cat "$results/phases.txt"
echo "=== summary ==="
node scripts/count-results.mjs "$results" "${suites[@]}" || status=1
exit $status
