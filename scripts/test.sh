#!/usr/bin/env bash
# `npm test`: installs what is missing, then runs the whole suite. The suite's global setup brings
# up its own Temporal dev server (127.0.0.1:7633) and embedded PostgreSQL (port 5439) under
# .data/test — separate from `npm run dev`'s — unless TEST_DATABASE_URL / DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/setup.sh
export NODE_OPTIONS="${NODE_OPTIONS:-} --max-old-space-size=4096"
exec npx vitest run "$@"
