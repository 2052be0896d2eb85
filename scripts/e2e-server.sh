#!/usr/bin/env bash
# The browser tests' server: the production build through remix-serve, on a fresh data
# folder seeded with the demo content. Staff accounts are made by the test fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${E2E_PORT:=3100}"
: "${E2E_DATA_DIR:=$PWD/.cache/e2e-data}"
rm -rf "$E2E_DATA_DIR"
mkdir -p "$E2E_DATA_DIR"
export DATA_DIR="$E2E_DATA_DIR" PUBLIC_URL="http://localhost:$E2E_PORT"
unset DATABASE_URL SMTP_URL CLOUDINARY_URL UPSTREAM_API_URL
NODE_ENV=test npx tsx scripts/setup.ts >/dev/null
exec env NODE_ENV=production PORT="$E2E_PORT" npx remix-serve ./build/index.js
