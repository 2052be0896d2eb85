#!/usr/bin/env bash
# A local try of the scale-out setup (docs/deploy.md): PostgreSQL (started if local and down),
# two production instances of the built site and nginx in front, all on this machine.
#   DATABASE_URL=postgres://… npm run cluster      (ports: CLUSTER_PORT, +1, +2 for nginx)
# Ctrl-C stops all three (the instances get SIGTERM and finish their requests).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?set DATABASE_URL=postgres://user:password@host:5432/db}"
: "${CLUSTER_PORT:=4000}"
: "${CLUSTER_DIR:=$PWD/.cache/cluster}"
A=$CLUSTER_PORT; B=$((CLUSTER_PORT + 1)); P=$((CLUSTER_PORT + 2))
export HONEYPOT_SECRET="${HONEYPOT_SECRET:-cluster-honeypot-secret-local-only}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:$P}" TRUSTED_PROXIES=127.0.0.1 PROXY_PAGE_CACHE=1 NODE_ENV=production DATABASE_URL
# A try on this machine: mail to files unless SMTP_URL is set, and http (docs/deploy.md, "Settings checked at start").
export MAIL_TO_FILES="${MAIL_TO_FILES:-1}" ALLOW_HTTP_PUBLIC_URL="${ALLOW_HTTP_PUBLIC_URL:-1}"
export ALLOW_LOCAL_MAIL_ADDRESSES="${ALLOW_LOCAL_MAIL_ADDRESSES:-1}"

if command -v pg_isready >/dev/null && ! pg_isready -q -d "$DATABASE_URL"; then
  echo "[cluster] starting the local PostgreSQL"; (service postgresql start || pg_ctlcluster 15 main start) >/dev/null
fi
mkdir -p "$CLUSTER_DIR/a" "$CLUSTER_DIR/b" "$CLUSTER_DIR/nginx/cache" "$CLUSTER_DIR/nginx/logs"
[ -f build/index.js ] || npx remix build
sed -e "s#__PORT_A__#$A#g; s#__PORT_B__#$B#g; s#__LISTEN__#127.0.0.1:$P#g; s#__CACHE_DIR__#$CLUSTER_DIR/nginx/cache#g" deploy/nginx.conf >"$CLUSTER_DIR/nginx/site.conf"
cat >"$CLUSTER_DIR/nginx/nginx.conf" <<CONF
pid $CLUSTER_DIR/nginx/nginx.pid;
error_log $CLUSTER_DIR/nginx/logs/error.log;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $CLUSTER_DIR/nginx/body; proxy_temp_path $CLUSTER_DIR/nginx/proxy;
  fastcgi_temp_path $CLUSTER_DIR/nginx/fcgi; uwsgi_temp_path $CLUSTER_DIR/nginx/uwsgi; scgi_temp_path $CLUSTER_DIR/nginx/scgi;
  include $CLUSTER_DIR/nginx/site.conf;
}
CONF

pids=()
stop() { for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done; wait; }
trap stop EXIT INT TERM
# The instances listen on loopback only, as in docs/deploy.md: nothing reaches them around nginx.
# Each is started as `npm start`, with its memory settings (docs/deploy.md, "Memory").
DATA_DIR="$CLUSTER_DIR/a" HOST=127.0.0.1 PORT=$A npm start --silent & pids+=($!)
DATA_DIR="$CLUSTER_DIR/b" HOST=127.0.0.1 PORT=$B npm start --silent & pids+=($!)
# nginx starts once both instances say they are ready (GET /readyz: database, migrations, data
# folder, mail queue; docs/deploy.md, "Health checks"), so no visitor meets one still starting.
for port in "$A" "$B"; do
  for _ in $(seq 1 120); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" && break
    sleep 0.5
  done
  curl -fsS "http://127.0.0.1:$port/readyz" >/dev/null || { echo "[cluster] the instance on :$port is not ready"; exit 1; }
done
/usr/sbin/nginx -p "$CLUSTER_DIR/nginx" -c "$CLUSTER_DIR/nginx/nginx.conf" -g "daemon off;" & pids+=($!)
echo "[cluster] instances on :$A and :$B, nginx on http://localhost:$P"
wait
