#!/usr/bin/env bash
# Runs `npm ci` only when package-lock.json (or a patch) changed since the last install made here: a clean
# install takes a minute or more, and most starts of the quick start have nothing new to install.
# The lock file's hash is kept inside node_modules, so removing node_modules forces an install.
set -euo pipefail
cd "$(dirname "$0")/.."
stamp=node_modules/.package-lock.sha256
# The patches in patches/ count too: patch-package applies them on install (postinstall).
wanted=$(node -e '
const fs = require("fs");
const hash = require("crypto").createHash("sha256").update(fs.readFileSync("package-lock.json"));
for (const f of fs.existsSync("patches") ? fs.readdirSync("patches").sort() : []) hash.update(f).update(fs.readFileSync("patches/" + f));
process.stdout.write(hash.digest("hex"));')
if [[ -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]; then
  echo "Dependencies match package-lock.json and patches/: skipping npm ci."
  exit 0
fi
npm ci --no-audit --no-fund
# Written only after a successful install, so a failed one is retried next time.
printf '%s' "$wanted" > "$stamp"
