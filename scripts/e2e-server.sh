#!/usr/bin/env bash
# The browser tests' (and the bench's) server: the production build through remix-serve, started
# by `npm start` as a deployment is (with its memory settings, docs/deploy.md "Memory"), on a
# fresh data folder seeded with the demo content. Staff accounts are made by the test fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${E2E_PORT:=3100}"
: "${E2E_DATA_DIR:=$PWD/.cache/e2e-data}"
rm -rf "$E2E_DATA_DIR"
mkdir -p "$E2E_DATA_DIR"
# One browser on 127.0.0.1 plays every visitor of the journeys: limits x100 (docs/security.md).
export DATA_DIR="$E2E_DATA_DIR" PUBLIC_URL="http://localhost:$E2E_PORT" RATE_LIMIT_FACTOR=100
unset DATABASE_URL SMTP_URL CLOUDINARY_URL UPSTREAM_API_URL
# The demo content is seeded (DEMO=1 for setup only); the server itself runs as a real
# deployment does: production, not in demo mode.
DEMO=1 npx tsx scripts/setup.ts >/dev/null
# Production refuses to start without a honeypot key (docs/security.md).
export HONEYPOT_SECRET="${HONEYPOT_SECRET:-e2e-honeypot-secret-not-for-production}"
# A production build tried on this machine: mail to files, http and .local mail addresses (the
# sender's default, the inbox the journeys read), said knowingly (docs/deploy.md).
export ACADEMY_INBOX="${ACADEMY_INBOX:-admissions@academy.local}"
exec env NODE_ENV=production DEMO=0 MAIL_TO_FILES=1 ALLOW_HTTP_PUBLIC_URL=1 ALLOW_LOCAL_MAIL_ADDRESSES=1 PORT="$E2E_PORT" npm start --silent
