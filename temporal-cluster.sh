#!/usr/bin/env bash
# Starts a real Temporal server for Atelier — the server binary, not the CLI's dev server — on
# PostgreSQL with several history shards and the dynamic config docs/production.md recommends.
# Builds the pinned server and its sql schema tool with `go install` when they are missing.
#
#   ./temporal-cluster.sh               run in the foreground until Ctrl-C
#   ./temporal-cluster.sh --background  start detached, wait until healthy, return
#   ./temporal-cluster.sh --stop        stop a server this script started (by its pid file)
#   ./temporal-cluster.sh --install     only make sure the server and sql tool are built; print paths
#
# Before starting it creates the two databases on PostgreSQL when missing and migrates their
# schemas to this server version (the sql tool's create-database, setup-schema and update-schema
# are all idempotent); once the server answers it registers the namespace and the four search
# attributes Atelier writes. Run it again at any time: what exists is left as it is.
#
# Environment:
#   TEMPORAL_CLUSTER_ADDRESS    frontend gRPC address (127.0.0.1:7933); the other services take the
#                               next ports: history +1, matching +2, worker +3, frontend HTTP +4,
#                               membership +5..+8, Prometheus metrics +9
#   TEMPORAL_CLUSTER_PG_URL     postgres://user[:password]@host[:port] (postgres://postgres@127.0.0.1:5432)
#   TEMPORAL_CLUSTER_DB, TEMPORAL_CLUSTER_VISIBILITY_DB
#                               database names (atelier_temporal, atelier_temporal_visibility)
#   TEMPORAL_CLUSTER_SHARDS     history shards (4). Fixed when the database is first set up: the
#                               server refuses to start on a database made with another count.
#   TEMPORAL_NAMESPACE          namespace to register (default); TEMPORAL_CLUSTER_RETENTION (72h)
#   TEMPORAL_SERVER_VERSION     v1.29.1;  ATELIER_DATA_DIR (.data): config, log and pid live in
#                               $ATELIER_DATA_DIR/temporal-cluster-<port>
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
data_dir=${ATELIER_DATA_DIR:-$here/.data}
case "$data_dir" in /*) ;; *) data_dir=$here/$data_dir ;; esac
address=${TEMPORAL_CLUSTER_ADDRESS:-127.0.0.1:7933}
host=${address%:*}
port=${address##*:}
version=${TEMPORAL_SERVER_VERSION:-v1.29.1}
shards=${TEMPORAL_CLUSTER_SHARDS:-4}
namespace=${TEMPORAL_NAMESPACE:-default}
retention=${TEMPORAL_CLUSTER_RETENTION:-72h}
db=${TEMPORAL_CLUSTER_DB:-atelier_temporal}
visibility_db=${TEMPORAL_CLUSTER_VISIBILITY_DB:-atelier_temporal_visibility}
pg_url=${TEMPORAL_CLUSTER_PG_URL:-postgres://postgres@127.0.0.1:5432}
state_dir=$data_dir/temporal-cluster-$port
config_dir=$state_dir/config
log_file=$state_dir/temporal.log
pid_file=$state_dir/temporal.pid

# Search attributes the engine writes on every run (the same list as temporal-dev.sh).
search_attributes=(AtelierWorkflowId AtelierAccountId AtelierTriggerType AtelierKind)

tag=temporal-cluster
install_hint="build it elsewhere and put it in \$(go env GOPATH)/bin"
# A cluster's start (membership, shard ownership, four services) takes longer than the dev server's.
start_timeout_s=${TEMPORAL_CLUSTER_START_TIMEOUT_S:-120}
# shellcheck source=scripts/lib/dev-service.sh
. "$here/scripts/lib/dev-service.sh"

# `go install` names the binaries after their package folders — `server` and `sql` — so never take
# whatever else is called that on PATH: only a binary that reports the pinned version.
bin_on_path=0
bin_accept() { "$1" --version 2>/dev/null | grep -q "version ${version#v}\b"; }

ensure_tools() {
  bin_name=server go_module=go.temporal.io/server/cmd/server
  server_bin=$(dev_ensure_bin)
  bin_name=sql go_module=go.temporal.io/server/cmd/tools/sql
  sql_bin=$(dev_ensure_bin)
}

re='^postgres(ql)?://([^:@/]+)(:([^@/]*))?@([^:/?]+)(:([0-9]+))?(/[^?]*)?(\?.*)?$'
if [[ ! $pg_url =~ $re ]]; then
  say "TEMPORAL_CLUSTER_PG_URL must look like postgres://user[:password]@host[:port] (got a value that does not)"
  exit 2
fi
pg_user=${BASH_REMATCH[2]} pg_password=${BASH_REMATCH[4]} pg_host=${BASH_REMATCH[5]} pg_port=${BASH_REMATCH[7]:-5432}

cli() { "$here/temporal-dev.sh" --install; }

healthy() {
  "$temporal_cli" operator cluster health --address "$address" >/dev/null 2>&1
}

# Creates a database when missing and migrates it to the schema this server version ships
# (embedded in the sql tool; the same files as schema/postgresql/v12 in the module).
migrate() {
  local name=$1 schema=$2
  local sqlx=("$sql_bin" --plugin postgres12 --ep "$pg_host" -p "$pg_port" -u "$pg_user" --db "$name")
  # The password goes through the environment (SQL_PASSWORD), never the command line.
  SQL_PASSWORD=$pg_password "${sqlx[@]}" create-database >>"$log_file" 2>&1 \
    || { say "could not create database $name on $pg_host:$pg_port; see $log_file"; tail -n 5 "$log_file" >&2; exit 1; }
  SQL_PASSWORD=$pg_password "${sqlx[@]}" setup-schema -v 0.0 >>"$log_file" 2>&1 \
    || { say "setup-schema failed for $name; see $log_file"; tail -n 5 "$log_file" >&2; exit 1; }
  SQL_PASSWORD=$pg_password "${sqlx[@]}" update-schema --schema-name "postgresql/v12/$schema" >>"$log_file" 2>&1 \
    || { say "update-schema failed for $name; see $log_file"; tail -n 5 "$log_file" >&2; exit 1; }
}

write_config() {
  mkdir -p "$config_dir"
  local yaml_password=${pg_password//\'/\'\'}
  # Mode 600: it holds the database password.
  ( umask 077
    cat > "$config_dir/development.yaml" <<EOF
# Written by temporal-cluster.sh; rewritten on every start. Based on the module's
# config/development-postgres12.yaml.
log:
  stdout: true
  level: warn
  format: json

persistence:
  defaultStore: default
  visibilityStore: visibility
  numHistoryShards: $shards
  datastores:
    default:
      sql:
        pluginName: postgres12
        databaseName: $db
        connectAddr: "$pg_host:$pg_port"
        connectProtocol: tcp
        user: $pg_user
        password: '$yaml_password'
        maxConns: 20
        maxIdleConns: 20
        maxConnLifetime: 1h
    visibility:
      sql:
        pluginName: postgres12
        databaseName: $visibility_db
        connectAddr: "$pg_host:$pg_port"
        connectProtocol: tcp
        user: $pg_user
        password: '$yaml_password'
        maxConns: 4
        maxIdleConns: 4
        maxConnLifetime: 1h

global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: "$host"
  metrics:
    prometheus:
      framework: tally
      timerType: histogram
      listenAddress: "$host:$((port + 9))"

services:
  frontend:
    rpc: { grpcPort: $port, httpPort: $((port + 4)), membershipPort: $((port + 5)), bindOnIP: "$host" }
  history:
    rpc: { grpcPort: $((port + 1)), membershipPort: $((port + 6)), bindOnIP: "$host" }
  matching:
    rpc: { grpcPort: $((port + 2)), membershipPort: $((port + 7)), bindOnIP: "$host" }
  worker:
    rpc: { grpcPort: $((port + 3)), membershipPort: $((port + 8)), bindOnIP: "$host" }

clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: active
  currentClusterName: active
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: frontend
      rpcAddress: "$address"

dcRedirectionPolicy:
  policy: noop

dynamicConfigClient:
  filepath: "$config_dir/dynamic.yaml"
  pollInterval: 10s
EOF
  )
  # The settings docs/production.md recommends, for the reasons given there (the same ones
  # temporal-dev.sh passes to the dev server): a fast transfer queue (default 20 polls/s per shard:
  # a ~50 ms floor under every sequential step), eager activity and workflow starts, an events
  # cache sized for wide fan-outs (default 512 KB per shard), and room for the events a wide
  # fan-out's completions add while a workflow task runs (default 100).
  cat > "$config_dir/dynamic.yaml" <<'EOF'
history.transferProcessorMaxPollRPS:
  - value: 1000
system.enableActivityEagerExecution:
  - value: true
system.enableEagerWorkflowStart:
  - value: true
history.eventsCacheMaxSizeBytes:
  - value: 67108864
history.maximumBufferedEventsBatch:
  - value: 1000
limit.maxIDLength:
  - value: 255
EOF
}

# The namespace and the search attributes, each only when missing.
register_namespace() {
  if ! "$temporal_cli" operator namespace describe --address "$address" --namespace "$namespace" >/dev/null 2>&1; then
    "$temporal_cli" operator namespace create --address "$address" --namespace "$namespace" --retention "$retention" >/dev/null
    say "namespace $namespace created (retention $retention)"
  fi
  local listed sa
  # A namespace just created reaches the frontend's cache within a few seconds.
  for _ in $(seq 1 60); do
    if listed=$("$temporal_cli" operator search-attribute list --address "$address" --namespace "$namespace" 2>/dev/null); then break; fi
    sleep 0.5
  done
  # One at a time: given several names and one type, this CLI version creates only the first.
  for sa in "${search_attributes[@]}"; do
    if ! grep -qw "$sa" <<<"$listed"; then
      "$temporal_cli" operator search-attribute create --address "$address" --namespace "$namespace" --name "$sa" --type Keyword >/dev/null
      say "search attribute $sa created"
    fi
  done
  # Starts that name a search attribute fail until the frontend sees it: wait until it does.
  for _ in $(seq 1 60); do
    listed=$("$temporal_cli" operator search-attribute list --address "$address" --namespace "$namespace" 2>/dev/null || true)
    local all=1
    for sa in "${search_attributes[@]}"; do grep -qw "$sa" <<<"$listed" || all=0; done
    [ "$all" = 1 ] && return 0
    sleep 0.5
  done
  say "the search attributes did not show up in namespace $namespace"
  exit 1
}

case "${1:-}" in
  --install)
    ensure_tools
    echo "$server_bin"
    echo "$sql_bin"
    exit 0 ;;
  --stop)
    dev_stop
    exit 0 ;;
  ''|--background) ;;
  *) say "unknown argument: $1 (--background, --stop, --install or nothing)"; exit 2 ;;
esac

temporal_cli=$(cli)
mkdir -p "$state_dir"

if healthy; then
  register_namespace
  say "a Temporal server already answers on $address; namespace $namespace ready"
  exit 0
fi

ensure_tools
say "migrating $db and $visibility_db on $pg_host:$pg_port (server $version)"
migrate "$db" temporal
migrate "$visibility_db" visibility
write_config
# As temporal-dev.sh: the history service allocates a lot per workflow over a small live heap.
export GOGC=${GOGC:-400}
args=(--root "$state_dir" --config config --env development --allow-no-auth start)

if [ "${1:-}" = "--background" ]; then
  say "starting Temporal server $version on $address ($shards history shards; log: $log_file)"
  dev_start_background "Temporal server is up on $address" "$server_bin" "${args[@]}"
  register_namespace
  say "namespace $namespace ready"
  exit 0
fi

say "Temporal server $version on $address ($shards history shards), config $config_dir"
echo $$ > "$pid_file"
# Registers the namespace once the server answers, beside the server in the foreground.
( for _ in $(seq 1 600); do healthy && { register_namespace; say "namespace $namespace ready"; exit 0; }; sleep 0.2; done ) &
exec "$server_bin" "${args[@]}"
