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

say() { printf '[temporal-dev] %s\n' "$*" >&2; }

find_cli() {
  if command -v temporal >/dev/null 2>&1; then command -v temporal; return 0; fi
  local candidates=()
  [ -n "${GOBIN:-}" ] && candidates+=("$GOBIN/temporal")
  if command -v go >/dev/null 2>&1; then
    candidates+=("$(go env GOBIN 2>/dev/null)/temporal" "$(go env GOPATH 2>/dev/null)/bin/temporal")
  fi
  candidates+=("$HOME/go/bin/temporal" "$data_dir/bin/temporal")
  local c
  for c in "${candidates[@]}"; do
    if [ -x "$c" ] && [ "$c" != "/temporal" ]; then echo "$c"; return 0; fi
  done
  return 1
}

install_cli() {
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then export PATH=$PATH:/usr/local/go/bin; fi
  if ! command -v go >/dev/null 2>&1; then
    say "The Temporal CLI is not on PATH and Go is not installed, so it cannot be built here."
    say "Install Go (https://go.dev/dl) and re-run, or install the Temporal CLI yourself"
    say "(e.g. 'brew install temporal') so that 'temporal' is on PATH."
    exit 1
  fi
  say "installing Temporal CLI $version with 'go install' (the first build takes several minutes)..."
  local started=$SECONDS
  go install "github.com/temporalio/cli/cmd/temporal@$version" >&2
  say "Temporal CLI built in $((SECONDS - started)) s"
}

healthy() {
  "$cli" operator cluster health --address "$address" >/dev/null 2>&1
}

cli=$(find_cli || true)
if [ -z "$cli" ]; then
  install_cli
  cli=$(find_cli) || { say "go install finished but no temporal binary was found"; exit 1; }
fi

case "${1:-}" in
  --install) echo "$cli"; exit 0 ;;
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
  say "a Temporal server already answers on $address; nothing to do"
  exit 0
fi

mkdir -p "$state_dir"
args=(server start-dev --ip "$host" --port "$port" --db-filename "$db_file"
  --sqlite-pragma journal_mode=wal --sqlite-pragma synchronous=1
  --log-level warn --log-format json
  # The dev server's single history shard loads transfer tasks at most 20 times a second by
  # default, which puts a ~100 ms floor under every sequential activity; lift it, and let a
  # worker that polls start an activity eagerly in the workflow task's answer.
  --dynamic-config-value history.transferProcessorMaxPollRPS=1000
  --dynamic-config-value system.enableActivityEagerExecution=true)
if [ "${TEMPORAL_HEADLESS:-0}" = "1" ]; then args+=(--headless); else args+=(--ui-port "$ui_port"); fi
for sa in "${search_attributes[@]}"; do args+=(--search-attribute "$sa"); done

if [ "${1:-}" = "--background" ]; then
  say "starting Temporal dev server on $address (log: $log_file)"
  setsid nohup "$cli" "${args[@]}" >>"$log_file" 2>&1 < /dev/null &
  echo $! > "$pid_file"
  for _ in $(seq 1 150); do
    if healthy; then
      say "Temporal is up on $address$([ "${TEMPORAL_HEADLESS:-0}" = "1" ] || echo ", UI http://localhost:$ui_port")"
      exit 0
    fi
    if ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
      say "the server exited during start-up; last lines of $log_file:"
      tail -n 20 "$log_file" >&2
      exit 1
    fi
    sleep 0.2
  done
  say "Temporal did not become healthy within 30 s; see $log_file"
  exit 1
fi

say "Temporal dev server on $address, UI http://localhost:$ui_port, state $db_file"
echo $$ > "$pid_file"
exec "$cli" "${args[@]}"
