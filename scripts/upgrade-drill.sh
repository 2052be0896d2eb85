#!/usr/bin/env bash
# `npm run upgrade-drill [-- <previous tag>]`: rehearses docs/deploy.md's "Upgrade" and "Rollback"
# on this machine, on SQLite, in a scratch folder: the previous release (the newest tag not at
# HEAD, or the one named) is cloned, installed, built and set up with the demo content, served and
# read; backed up with an age key made for the drill; this checkout is built, migrates the same data
# and serves it (the new version in /healthz, every row still there); then the backup is restored
# into an empty folder and the previous release serves it again. Each step prints what it checked
# and how long it took; anything unexpected stops the drill with what differed. KEEP=1 keeps the
# scratch folder; DRILL_PORT (default 3990) is the port both releases are served on in turn.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$(pwd)
port=${DRILL_PORT:-3990}
started=$(date +%s)

say() { printf '[drill %4ds] %s\n' $(($(date +%s) - started)) "$*"; }
fail() { say "FAILED: $*"; exit 1; }

head_commit=$(git rev-parse HEAD)
prev=${1:-}
if [ -z "$prev" ]; then
  # The newest release tag that is not this commit: what an operator runs before upgrading to it.
  for tag in $(git tag --list 'v*' --sort=-version:refname); do
    [ "$(git rev-list -n1 "$tag")" = "$head_commit" ] && continue
    prev=$tag
    break
  done
fi
[ -n "$prev" ] || fail "no release tag to upgrade from (git tag --list 'v*' is empty: fetch the tags)"
git rev-parse -q --verify "refs/tags/$prev" >/dev/null || fail "no tag $prev"
command -v age-keygen >/dev/null || fail "age-keygen is missing (apt-get install -y age)"

work=$(mktemp -d /tmp/upgrade-drill.XXXXXX)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  if [ "${KEEP:-}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

# What both releases are started with: production, mail to files, http on this machine, one
# honeypot key (docs/deploy.md, "Settings checked at start").
export NODE_ENV=production MAIL_TO_FILES=1 ALLOW_HTTP_PUBLIC_URL=1 ALLOW_LOCAL_MAIL_ADDRESSES=1
export HONEYPOT_SECRET=$(node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))')
export PUBLIC_URL="http://127.0.0.1:$port"
unset DATABASE_URL

serve() { # release folder, data folder
  (cd "$1" && DATA_DIR="$2" PORT=$port HOST=127.0.0.1 exec npm start --silent) >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 120); do
    curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && return 0
    kill -0 "$server_pid" 2>/dev/null || { tail -20 "$work/server.log"; fail "the server in $1 stopped"; }
    sleep 0.5
  done
  tail -20 "$work/server.log"
  fail "the server in $1 was not ready within a minute"
}
stop() {
  kill -TERM "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}
version_served() { curl -fsS "http://127.0.0.1:$port/healthz"; }
# Rows per table of the data folder's database, one line: what must survive an upgrade and a restore.
counts() {
  node -e '
    const db = new (require("better-sqlite3"))(process.argv[1], { readonly: true });
    const out = [];
    for (const t of ["posts", "courses", "users", "contact_messages", "mail_outbox", "site_settings", "kysely_migration"])
      try { out.push(`${t}=${db.prepare(`select count(*) as n from ${t}`).get().n}`); } catch { out.push(`${t}=-`); }
    console.log(out.join(" "));
  ' "$1/academy.db"
}

say "upgrade from $prev to this checkout ($(node -p 'require("./package.json").version')+$(git rev-parse --short=12 HEAD)) in $work"

say "1. the previous release: clone $prev, npm ci, build"
git clone -q "$here" "$work/prev"
git -C "$work/prev" checkout -q "$prev"
# With its development packages (the build needs them), whatever NODE_ENV says below.
(cd "$work/prev" && npm ci --include=dev --no-audit --no-fund --prefer-offline >"$work/prev-install.log" 2>&1) || {
  tail -20 "$work/prev-install.log"
  fail "npm ci of $prev"
}
(cd "$work/prev" && npx remix build >"$work/prev-build.log" 2>&1) || { tail -20 "$work/prev-build.log"; fail "the build of $prev"; }

say "2. $prev set up with the demo content and served"
(cd "$work/prev" && DATA_DIR="$work/data" DEMO=1 npx tsx scripts/setup.ts >/dev/null) || fail "setup of $prev"
serve "$work/prev" "$work/data"
before_version=$(version_served)
curl -fsS "http://127.0.0.1:$port/" -o /dev/null || fail "the home page of $prev"
# A visitor's message written by the previous release (and its notice in the outbox): what an
# upgrade must carry over and a rollback bring back.
curl -fsS -X POST -H 'content-type: application/json' "http://127.0.0.1:$port/api/contact" \
  -d '{"fullname":"Drill Visitor","email":"drill@example.com","phone":"+2348031234567","issue":1,"message":"Sent before the upgrade."}' \
  -o /dev/null || fail "a message sent to $prev"
stop
before=$(counts "$work/data")
say "   $before_version; $before"

say "3. backup (docs/deploy.md, Upgrade step 2), encrypted to a key made for the drill"
age-keygen -o "$work/drill.key" 2>/dev/null
recipient=$(age-keygen -y "$work/drill.key")
(cd "$work/prev" && DATA_DIR="$work/data" BACKUP_AGE_RECIPIENT="$recipient" npm run --silent backup -- "$work/backups" \
  >"$work/backup.log" 2>&1) || { cat "$work/backup.log"; fail "the backup"; }
archive=$(ls "$work"/backups/*.tar.age | head -1)
say "   $(basename "$archive")"

say "4. this checkout: build, migrate the same data (Upgrade steps 3–4), serve it (step 5)"
npx remix build >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; fail "the build of this checkout"; }
DATA_DIR="$work/data" npx tsx scripts/setup.ts >"$work/migrate.log" 2>&1 || { cat "$work/migrate.log"; fail "the migration"; }
serve "$here" "$work/data"
after_version=$(version_served)
curl -fsS "http://127.0.0.1:$port/" -o /dev/null || fail "the home page after the upgrade"
curl -fsS "http://127.0.0.1:$port/courses" -o /dev/null || fail "/courses after the upgrade"
stop
after=$(counts "$work/data")
say "   $after_version; $after"
[ "$after_version" != "$before_version" ] || fail "the upgraded server still says $after_version"
# Every table's rows kept; only the list of migrations grows, by the new release's own.
[ "${after% kysely_migration=*}" = "${before% kysely_migration=*}" ] ||
  fail "rows differ after the upgrade: before $before, after $after"

say "5. rollback: restore the backup into an empty folder (Rollback step 3), the previous release serves it (step 4)"
(cd "$work/prev" && DATA_DIR="$work/restored" npm run --silent restore -- "$archive" --identity "$work/drill.key" \
  >"$work/restore.log" 2>&1) || { cat "$work/restore.log"; fail "the restore"; }
grep -q "restored and verified" "$work/restore.log" || { cat "$work/restore.log"; fail "the restore did not verify"; }
serve "$work/prev" "$work/restored"
rolled_back=$(version_served)
curl -fsS "http://127.0.0.1:$port/" -o /dev/null || fail "the home page after the rollback"
stop
restored=$(counts "$work/restored")
say "   $rolled_back; $restored"
[ "$rolled_back" = "$before_version" ] || fail "the rolled-back server says $rolled_back, not $before_version"
[ "$restored" = "$before" ] || fail "rows differ after the rollback: before $before, restored $restored"

say "upgrade and rollback rehearsed: $before_version → $after_version → $rolled_back, every row kept"
