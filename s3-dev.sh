#!/usr/bin/env bash
# Starts a local S3-compatible object server for Atelier (versitygw, posix backend), installing
# the pinned versitygw build when needed.
#
#   ./s3-dev.sh               run in the foreground until Ctrl-C
#   ./s3-dev.sh --background  start detached, wait until healthy, return
#   ./s3-dev.sh --stop        stop a server this script started (by its pid file)
#   ./s3-dev.sh --install     only make sure versitygw is installed; print its path
#
# Environment: S3_DEV_ADDRESS (127.0.0.1:7070), ATELIER_DATA_DIR (.data), VERSITYGW_VERSION
# (v1.7.0), S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (the root credentials; development defaults
# below), S3_REGION (eu-central-1).
#
# Data lives under $ATELIER_DATA_DIR/s3-<port>: buckets/ (one folder per bucket, metadata in
# extended attributes), versions/ (object versions; enables bucket versioning and object lock)
# and iam/ (the per-bucket access keys Atelier creates through the admin API).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
data_dir=${ATELIER_DATA_DIR:-$here/.data}
case "$data_dir" in /*) ;; *) data_dir=$here/$data_dir ;; esac
address=${S3_DEV_ADDRESS:-127.0.0.1:7070}
port=${address##*:}
version=${VERSITYGW_VERSION:-v1.7.0}
access=${S3_ACCESS_KEY_ID:-atelier-dev-root}
secret=${S3_SECRET_ACCESS_KEY:-atelier-dev-root-secret}
region=${S3_REGION:-eu-central-1}
state_dir=$data_dir/s3-$port
log_file=$state_dir/versitygw.log
pid_file=$state_dir/versitygw.pid

say() { printf '[s3-dev] %s\n' "$*" >&2; }

find_bin() {
  if command -v versitygw >/dev/null 2>&1; then command -v versitygw; return 0; fi
  local candidates=()
  [ -n "${GOBIN:-}" ] && candidates+=("$GOBIN/versitygw")
  if command -v go >/dev/null 2>&1; then
    candidates+=("$(go env GOBIN 2>/dev/null)/versitygw" "$(go env GOPATH 2>/dev/null)/bin/versitygw")
  fi
  candidates+=("$HOME/go/bin/versitygw" "$data_dir/bin/versitygw")
  local c
  for c in "${candidates[@]}"; do
    if [ -x "$c" ] && [ "$c" != "/versitygw" ]; then echo "$c"; return 0; fi
  done
  return 1
}

install_bin() {
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then export PATH=$PATH:/usr/local/go/bin; fi
  if ! command -v go >/dev/null 2>&1; then
    say "versitygw is not on PATH and Go is not installed, so it cannot be built here."
    say "Install Go (https://go.dev/dl) and re-run, or point Atelier at any S3 server with"
    say "S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY."
    exit 1
  fi
  say "installing versitygw $version with 'go install' (the first build takes several minutes)..."
  local started=$SECONDS
  go install "github.com/versity/versitygw/cmd/versitygw@$version" >&2
  say "versitygw built in $((SECONDS - started)) s"
}

healthy() {
  curl -fsS -o /dev/null --max-time 2 "http://$address/health" 2>/dev/null
}

bin=$(find_bin || true)
if [ -z "$bin" ]; then
  install_bin
  bin=$(find_bin) || { say "go install finished but no versitygw binary was found"; exit 1; }
fi

case "${1:-}" in
  --install) echo "$bin"; exit 0 ;;
  --stop)
    if [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; then
      kill "$(cat "$pid_file")"
      for _ in $(seq 1 50); do kill -0 "$(cat "$pid_file")" 2>/dev/null || break; sleep 0.2; done
      rm -f "$pid_file"
      say "stopped"
    else
      say "no server started by this script is running on port $port"
    fi
    exit 0 ;;
esac

if healthy; then
  say "an S3 server already answers on $address; nothing to do"
  exit 0
fi

mkdir -p "$state_dir/buckets" "$state_dir/versions" "$state_dir/iam"
# Root credentials come from the environment (never on the command line, where ps shows them).
export ROOT_ACCESS_KEY_ID=$access ROOT_SECRET_ACCESS_KEY=$secret
# --iam-dir: an internal IAM store, one user per bucket access key (created by Atelier through
# the admin API on the same port); --iam-cache-disable so a revoked key stops working at once.
args=(--port "$address" --region "$region" --health /health --quiet
  --iam-dir "$state_dir/iam" --iam-cache-disable
  posix --versioning-dir "$state_dir/versions" "$state_dir/buckets")

if [ "${1:-}" = "--background" ]; then
  say "starting versitygw $version on $address (log: $log_file)"
  setsid nohup "$bin" "${args[@]}" >>"$log_file" 2>&1 < /dev/null &
  echo $! > "$pid_file"
  for _ in $(seq 1 150); do
    if healthy; then
      say "S3 server is up on http://$address (region $region, data $state_dir)"
      exit 0
    fi
    if ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
      say "the server exited during start-up; last lines of $log_file:"
      tail -n 20 "$log_file" >&2
      exit 1
    fi
    sleep 0.2
  done
  say "the S3 server did not become healthy within 30 s; see $log_file"
  exit 1
fi

say "versitygw on http://$address (region $region), data $state_dir"
echo $$ > "$pid_file"
exec "$bin" "${args[@]}"
