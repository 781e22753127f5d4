#!/usr/bin/env bash
# Starts one Atelier process (API, worker or both, as ATELIER_ROLE says). `npm start`, `npm run dev`,
# the container image and the Helm chart all start it through here, so every launch gets the same
# node flags:
#
#   --max-old-space-size=$ATELIER_HEAP_MB (default 1024): V8's old-space limit, which V8 takes only
#     when the process starts. Without it V8 takes about a quarter of the machine's memory (4 GB on
#     a 23 GB host). The limit holds for each isolate: the main thread and each workflow thread.
#     ATELIER_HEAP_MB=0 leaves V8's own limit; a --max-old-space-size in NODE_OPTIONS wins.
#   --heap-growing-percent=50: V8 collects once the heap is 1.5 times what its last collection
#     kept, instead of letting garbage pile up towards the limit. With both, the 1,000,000-row data
#     plane bench peaked at 419-431 MB RSS (705 MB with neither; docs/production.md), while a node
#     may still load a 256 MB result whole and the Temporal SDK keeps its full workflow cache.
#     A --heap-growing-percent among the flags below wins (node refuses it in NODE_OPTIONS).
#   MALLOC_ARENA_MAX=2: two glibc malloc arenas instead of eight per core (docs/configuration.md).
#
#   scripts/start.sh [--node-flag …] [entry]
#
# Arguments that start with -- go to node before the others (`npm start -- --max-semi-space-size=32`);
# entry is the file node runs (default src/main.ts).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

heap_mb=${ATELIER_HEAP_MB:-1024}
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

growing=(--heap-growing-percent=50)
while [ $# -gt 0 ] && [ "${1#--}" != "$1" ]; do
  case "$1" in --heap[-_]growing[-_]percent*) growing=() ;; esac
  flags+=("$1")
  shift
done
flags+=(${growing[@]+"${growing[@]}"})

export MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}
exec node "${flags[@]}" --import tsx --import ./src/infra/temporal/workflow-thread-vm.mjs "${1:-src/main.ts}"
