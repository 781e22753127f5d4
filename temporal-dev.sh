#!/usr/bin/env bash
# Starts a Temporal dev server for Atelier, installing the pinned Temporal CLI when needed.
#
#   ./temporal-dev.sh               run in the foreground until Ctrl-C
#   ./temporal-dev.sh --background  start detached, wait until healthy, return
#   ./temporal-dev.sh --stop        stop a server this script started (by its pid file)
#   ./temporal-dev.sh --install     only make sure the CLI is installed; print its path
#
# Environment: TEMPORAL_ADDRESS (127.0.0.1:7233), TEMPORAL_UI_PORT (gRPC port + 1000),
# ATELIER_DATA_DIR (.data), TEMPORAL_CLI_VERSION (v1.5.1), TEMPORAL_HEADLESS=1 for no UI.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
data_dir=${ATELIER_DATA_DIR:-$here/.data}
case "$data_dir" in /*) ;; *) data_dir=$here/$data_dir ;; esac
address=${TEMPORAL_ADDRESS:-127.0.0.1:7233}
host=${address%:*}
port=${address##*:}
ui_port=${TEMPORAL_UI_PORT:-$((port + 1000))}
version=${TEMPORAL_CLI_VERSION:-v1.5.1}
state_dir=$data_dir/temporal-$port
db_file=$state_dir/temporal.db
log_file=$state_dir/temporal.log
pid_file=$state_dir/temporal.pid

# Search attributes the engine writes on every run (see src/temporal/search-attributes.ts).
search_attributes=(AtelierWorkflowId=Keyword AtelierAccountId=Keyword AtelierTriggerType=Keyword AtelierKind=Keyword)

tag=temporal-dev bin_name=temporal go_module=github.com/temporalio/cli/cmd/temporal
install_hint="install the Temporal CLI yourself (e.g. 'brew install temporal') so that 'temporal' is on PATH"
# shellcheck source=scripts/lib/dev-service.sh
. "$here/scripts/lib/dev-service.sh"

healthy() {
  "$cli" operator cluster health --address "$address" >/dev/null 2>&1
}

cli=$(dev_ensure_bin)

case "${1:-}" in
  --install) echo "$cli"; exit 0 ;;
  --stop)
    dev_stop
    exit 0 ;;
esac

if healthy; then
  say "a Temporal server already answers on $address; nothing to do"
  exit 0
fi

mkdir -p "$state_dir"
# Go's collector runs when the heap has grown 100% over the live data by default; the dev server
# allocates a lot per workflow and its live heap is small, so at 400 it collects a quarter as often
# for a few hundred MB more (bench/n8n.ts: Temporal's CPU per run 16.1 → 12.6 ms). GOGC overrides.
export GOGC=${GOGC:-400}
args=(server start-dev --ip "$host" --port "$port" --db-filename "$db_file"
  --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=1
  --log-level warn --log-format json
  # The dev server's single history shard loads transfer tasks at most 20 times a second by
  # default, which puts a ~100 ms floor under every sequential activity; lift it, and let a
  # worker that polls start an activity eagerly in the workflow task's answer, and a process that
  # starts a run hand its first workflow task to its own worker in the start's answer.
  --dynamic-config-value history.transferProcessorMaxPollRPS=1000
  --dynamic-config-value system.enableActivityEagerExecution=true
  --dynamic-config-value system.enableEagerWorkflowStart=true
  # An activity's start reads its scheduled event (with the activity's input) from the shard's
  # events cache, else from the history batch that holds it. At the default 512 KB a fan-out's
  # scheduled events overflow it, and each of N activities then decodes a batch of N events from
  # SQLite: 500 activities with 1 KB inputs cost the server 1.9 s of CPU instead of 1.3 s.
  --dynamic-config-value history.eventsCacheMaxSizeBytes=67108864
  # Events that arrive while a workflow task runs are buffered; past 100 (the default) the server
  # fails that task to flush them, and its work is done again. A fan-out of 50 or more activities
  # finishing during one workflow task reaches that (two events each).
  --dynamic-config-value history.maximumBufferedEventsBatch=1000)
if [ "${TEMPORAL_HEADLESS:-0}" = "1" ]; then args+=(--headless); else args+=(--ui-port "$ui_port"); fi
for sa in "${search_attributes[@]}"; do args+=(--search-attribute "$sa"); done

if [ "${1:-}" = "--background" ]; then
  say "starting Temporal dev server on $address (log: $log_file)"
  dev_start_background "Temporal is up on $address$([ "${TEMPORAL_HEADLESS:-0}" = "1" ] || echo ", UI http://localhost:$ui_port")" "$cli" "${args[@]}"
  exit 0
fi

say "Temporal dev server on $address, UI http://localhost:$ui_port, state $db_file"
echo $$ > "$pid_file"
exec "$cli" "${args[@]}"
