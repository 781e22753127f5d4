#!/usr/bin/env bash
# `npm run check` (and the first step of `npm test`): the static gates, side by side — the
# TypeScript typecheck of the whole repository (the web app and the SDK package included) and ESLint (floating
# promises, workflow determinism, the layers' one-way imports). Fails when either does, printing
# what it found.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(mktemp -d)
started=$SECONDS
mkdir -p .data
{ npx tsc --noEmit -p tsconfig.json && npx tsc --noEmit -p web/tsconfig.json && npx tsc -p sdk/tsconfig.json; } >"$out/typecheck" 2>&1 & tc=$!
npx eslint --cache --cache-location .data/eslint-cache . >"$out/lint" 2>&1 & li=$!
status=0
for gate in typecheck:$tc lint:$li; do
  name=${gate%%:*}
  if wait "${gate##*:}"; then
    printf '[check] %s: clean\n' "$name" >&2
  else
    status=1
    printf '[check] %s failed:\n' "$name" >&2
    tail -n 60 "$out/$name" >&2
  fi
done
rm -rf "$out"
printf '[check] done in %s s\n' "$((SECONDS - started))" >&2
exit "$status"
