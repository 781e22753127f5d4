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
# below), S3_REGION (eu-central-1), S3_EVENTS_TO (the Atelier API's base URL, e.g.
# http://127.0.0.1:3000: the server then posts every bucket event and its audit log there, and
# Atelier carries out notifications, replication and access logging; the API must be up when the
# server starts, as versitygw posts a test event on start).
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

tag=s3-dev bin_name=versitygw go_module=github.com/versity/versitygw/cmd/versitygw
install_hint="point Atelier at any S3 server with S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY"
# shellcheck source=scripts/lib/dev-service.sh
. "$here/scripts/lib/dev-service.sh"

healthy() {
  curl -fsS -o /dev/null --max-time 2 "http://$address/health" 2>/dev/null
}

bin=$(dev_ensure_bin)

case "${1:-}" in
  --install) echo "$bin"; exit 0 ;;
  --stop)
    dev_stop
    exit 0 ;;
esac

if healthy; then
  say "an S3 server already answers on $address; nothing to do"
  exit 0
fi

mkdir -p "$state_dir/buckets" "$state_dir/versions" "$state_dir/iam"
# Root credentials come from the environment (never on the command line, where ps shows them).
export ROOT_ACCESS_KEY_ID=$access ROOT_SECRET_ACCESS_KEY=$secret
if [ -n "${S3_EVENTS_TO:-}" ]; then
  # The URL's secret is derived from the root secret as Atelier derives it (eventToken), and goes
  # through the environment too, never the command line.
  token=$(printf '%s' atelier-s3-events | openssl dgst -sha256 -hmac "$secret" -binary | base64 | tr '+/' '-_' | tr -d '=')
  export VGW_EVENT_WEBHOOK_URL="${S3_EVENTS_TO%/}/internal/storage/s3-events/$token"
  export VGW_LOG_WEBHOOK_URL="${S3_EVENTS_TO%/}/internal/storage/s3-access-log/$token"
fi
# --iam-dir: an internal IAM store, one user per bucket access key (created by Atelier through
# the admin API on the same port); --iam-cache-disable so a revoked key stops working at once.
args=(--port "$address" --region "$region" --health /health --quiet
  --iam-dir "$state_dir/iam" --iam-cache-disable
  posix --versioning-dir "$state_dir/versions" "$state_dir/buckets")

if [ "${1:-}" = "--background" ]; then
  say "starting versitygw $version on $address (log: $log_file)"
  dev_start_background "S3 server is up on http://$address (region $region, data $state_dir)" "$bin" "${args[@]}"
  exit 0
fi

say "versitygw on http://$address (region $region), data $state_dir"
echo $$ > "$pid_file"
exec "$bin" "${args[@]}"
