#!/usr/bin/env bash
# `npm run dev`: installs what is missing, starts the Temporal dev server, then Atelier (API and
# worker in one process; embedded PostgreSQL unless DATABASE_URL is set). Ctrl-C stops everything
# this script started.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh

export ATELIER_DATA_DIR="${ATELIER_DATA_DIR:-.data}"
export TEMPORAL_ADDRESS="${TEMPORAL_ADDRESS:-127.0.0.1:7233}"
temporal_port=${TEMPORAL_ADDRESS##*:}
export TEMPORAL_UI_URL="${TEMPORAL_UI_URL:-http://localhost:$((temporal_port + 1000))}"

started_temporal=0
temporal_out=$(./temporal-dev.sh --background 2>&1)
printf '%s\n' "$temporal_out" >&2
case "$temporal_out" in *'starting Temporal dev server'*) started_temporal=1 ;; esac

# The S3-compatible object server behind storage, unless S3_ENDPOINT points at another one.
started_s3=0
if [ -z "${S3_ENDPOINT:-}" ]; then
  export S3_DEV_ADDRESS="${S3_DEV_ADDRESS:-127.0.0.1:7070}"
  export S3_ENDPOINT="http://$S3_DEV_ADDRESS"
  s3_out=$(./s3-dev.sh --background 2>&1)
  printf '%s\n' "$s3_out" >&2
  case "$s3_out" in *'starting versitygw'*) started_s3=1 ;; esac
fi

app_pid=""
cleanup() {
  trap - INT TERM EXIT
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill -TERM "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
  fi
  if [ "$started_temporal" = 1 ]; then ./temporal-dev.sh --stop || true; fi
  if [ "$started_s3" = 1 ]; then ./s3-dev.sh --stop || true; fi
}
trap cleanup INT TERM EXIT

# Started as `npm start` starts it (scripts/start.sh): the heap limit (ATELIER_HEAP_MB) and two
# malloc arenas instead of glibc's eight per core.
bash scripts/start.sh &
app_pid=$!

# The S3 server posts its bucket events and access log to Atelier (notifications, replication,
# access logging), and refuses to start while that URL does not answer: once Atelier answers, the
# server this script started is started again with its events pointed at it.
if [ "$started_s3" = 1 ]; then
  app_url="http://127.0.0.1:${PORT:-3000}"
  for _ in $(seq 1 240); do
    kill -0 "$app_pid" 2>/dev/null || break
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$app_url/healthz" || true)
    [ -n "$code" ] && [ "$code" != 000 ] && break
    sleep 0.5
  done
  if kill -0 "$app_pid" 2>/dev/null; then
    ./s3-dev.sh --stop >/dev/null 2>&1 || true
    if S3_EVENTS_TO="$app_url" ./s3-dev.sh --background >&2; then
      printf '[dev] the S3 server sends its bucket events and access log to %s\n' "$app_url" >&2
    else
      printf '[dev] the S3 server did not start again with events; bucket notifications, replication and access logs are off\n' >&2
      S3_EVENTS_TO= ./s3-dev.sh --background >&2 || true
    fi
  fi
fi
wait "$app_pid"
