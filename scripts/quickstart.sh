#!/usr/bin/env bash
# One command from a fresh clone to a running demo on http://localhost:3000:
# install, build, prepare the embedded SQLite database with demo content, serve.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-if-changed.sh
npx remix build
# Demo mode is its own switch (DEMO=1: the demo login and demo content); the server runs with
# NODE_ENV=production so React's production build is used. It listens on this machine only
# (HOST=127.0.0.1) unless told otherwise, since the demo password is public.
export NODE_ENV="${NODE_ENV:-production}" DEMO="${DEMO:-1}"
# A production server refuses to start without SMTP_URL, on a PUBLIC_URL that is not https, or
# with .local mail addresses (docs/deploy.md, "Settings checked at start"). The demo means all
# three: its mail is written to data/outbox (README, "Where the demo's e-mails go") from the
# default no-reply@academy.local, and it is served on http://localhost.
export MAIL_TO_FILES="${MAIL_TO_FILES:-1}" ALLOW_HTTP_PUBLIC_URL="${ALLOW_HTTP_PUBLIC_URL:-1}"
export ALLOW_LOCAL_MAIL_ADDRESSES="${ALLOW_LOCAL_MAIL_ADDRESSES:-1}"
npx tsx scripts/setup.ts
# Production refuses to start without a honeypot key (docs/security.md): the demo makes one once
# and keeps it in its data folder, the same file the site itself would use outside production.
secret_file="${DATA_DIR:-data}/honeypot-secret"
if [ -z "${HONEYPOT_SECRET:-}" ]; then
  [ -s "$secret_file" ] || (umask 077 && node -e 'process.stdout.write(require("crypto").randomBytes(32).toString("hex"))' > "$secret_file")
  export HONEYPOT_SECRET="$(cat "$secret_file")"
fi
exec env PORT="${PORT:-3000}" HOST="${HOST:-127.0.0.1}" npm start --silent
