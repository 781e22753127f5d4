#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs the whole suite. The suite's global setup brings
# up its own Temporal dev server (127.0.0.1:7633) and embedded PostgreSQL (port 5439) under
# .data/test — separate from `npm run dev`'s — unless TEST_DATABASE_URL / DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ATELIER_SETUP_FOR=test bash scripts/setup.sh
# isolated-vm (the code node's sandbox) requires --no-node-snapshot on Node 20+.
export NODE_OPTIONS="${NODE_OPTIONS:-} --max-old-space-size=4096 --no-node-snapshot"
# The static gates first (the typecheck, the SDK package's build and lint): a type or lint error
# fails the run before the suite starts.
bash scripts/check.sh
mkdir -p .data/test
results=.data/test/results-$$.json
rm -f "$results"
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$results" "$@" || status=$?
# One plain closing line, whatever the reporter printed above it.
if [ -f "$results" ]; then
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
    console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
  ' "$results"
fi
rm -f "$results"
exit "$status"
