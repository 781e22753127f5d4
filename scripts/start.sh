#!/usr/bin/env bash
# Starts one Atelier process (API, worker or both, as ATELIER_ROLE says). `npm start`, `npm run dev`,
# the container image and the Helm chart all start it through here, so every launch gets the same
# node flags:
#
#   --max-old-space-size=$ATELIER_HEAP_MB (default 384): V8's old-space limit, which V8 takes only
#     when the process starts. Without it V8 takes about a quarter of the machine's memory (4 GB on
#     a 23 GB host) and lets garbage pile up long before it collects (the 1,000,000-row data plane
#     bench peaked at 705 MB RSS without it, 371 MB with 384; docs/production.md). The limit holds
#     for each isolate: the main thread and each workflow thread. ATELIER_HEAP_MB=0 leaves V8's
#     own limit; a --max-old-space-size in NODE_OPTIONS wins over the setting.
#   MALLOC_ARENA_MAX=2: two glibc malloc arenas instead of eight per core (docs/configuration.md).
#
#   scripts/start.sh [--node-flag …] [entry]
#
# Arguments that start with -- go to node before the others (`npm start -- --max-semi-space-size=32`);
# entry is the file node runs (default src/main.ts).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

heap_mb=${ATELIER_HEAP_MB:-384}
case "$heap_mb" in
  '' | *[!0-9]*)
    echo "ATELIER_HEAP_MB must be a whole number of megabytes (0 = V8's own limit), not '$heap_mb'" >&2
    exit 2
    ;;
esac
heap_mb=$((10#$heap_mb))
if [ "$heap_mb" -ne 0 ] && [ "$heap_mb" -lt 128 ]; then
  echo "ATELIER_HEAP_MB=$heap_mb is too small for Atelier to start: give 128 or more (0 = V8's own limit)" >&2
  exit 2
fi

flags=(--no-node-snapshot)
case " ${NODE_OPTIONS:-} " in
  *' '--max[-_]old[-_]space[-_]size*) ;; # the operator's own limit
  *) if [ "$heap_mb" -gt 0 ]; then flags+=("--max-old-space-size=$heap_mb"); fi ;;
esac

while [ $# -gt 0 ] && [ "${1#--}" != "$1" ]; do
  flags+=("$1")
  shift
done

export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
exec node "${flags[@]}" --import tsx --import ./src/infra/temporal/workflow-thread-vm.mjs "${1:-src/main.ts}"
