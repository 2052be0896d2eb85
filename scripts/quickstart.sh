#!/usr/bin/env bash
# One command from a fresh clone to a running demo on http://localhost:3000:
# install, build, prepare the embedded SQLite database with demo content, serve.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
npx remix build
# The demo runs the production build with NODE_ENV=test: production refuses the demo
# login by design, and remix-serve cannot run in development mode without Remix's dev server.
export NODE_ENV="${NODE_ENV:-test}"
npx tsx scripts/setup.ts
exec env PORT="${PORT:-3000}" npx remix-serve ./build/index.js
