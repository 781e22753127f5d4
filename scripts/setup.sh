#!/usr/bin/env bash
# Installs what Atelier needs on this machine, only where it is missing:
#   npm dependencies (npm install), the Temporal CLI (temporal-dev.sh --install) and the S3 server
#   (s3-dev.sh --install) — for `npm test` (ATELIER_SETUP_FOR=test) also the Temporal server and sql
#   tool (temporal-cluster.sh --install) and helm —,
#   and Debian packages for media (ffmpeg, espeak-ng, pocketsphinx + pocketsphinx-en-us, tesseract-ocr, sox,
#   fonts-dejavu-core, openssl)
#   and chromium (the voice demo page's and the run viewer's browser tests drive it through
#   playwright-core); then builds the run viewer (web/ → web/dist) when it is missing or stale.
# Safe to run again; it does nothing when everything is there.
# ATELIER_SETUP_PROFILE=runtime (the container image, deploy/Dockerfile) leaves out what only tests
# and development use: tmux, chromium, the Temporal CLI and server.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '[setup] %s\n' "$*" >&2; }

# Node 20.19+ (require(esm), fetch, the Temporal SDK's engines field).
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 20 ]; then
  say "Node.js 20.19 or newer is required (found $(node --version 2>/dev/null || echo none))"
  exit 1
fi

# Native addons (isolated-vm) build against the local Node headers; never download them.
if [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ]; then export npm_config_nodedir=/usr; fi

if [ ! -d node_modules ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm dependencies (isolated-vm compiles from source: a few minutes the first time)..."
  # `npm install` rather than `npm ci`: registries that do not carry every platform's optional
  # binaries (@swc/core-darwin-*, @rollup/rollup-win32-*…) leave them out of the lock file, which
  # `npm ci` then refuses as out of sync. The lock file still pins every version installed here.
  npm install --no-audit --no-fund >&2
  # npm can end an install it never finished with status 0 ("Exit handler never called!").
  [ -f node_modules/.package-lock.json ] || { say "npm install did not finish (no node_modules/.package-lock.json)"; exit 1; }
fi

missing=()
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
# The local realtime engine hears with pocketsphinx and its US English model.
command -v pocketsphinx_continuous >/dev/null 2>&1 || missing+=(pocketsphinx)
[ -f /usr/share/pocketsphinx/model/en-us/en-us.lm.bin ] || missing+=(pocketsphinx-en-us)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
command -v sox >/dev/null 2>&1 || missing+=(sox)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
runtime=0
[ "${ATELIER_SETUP_PROFILE:-}" = runtime ] && runtime=1
if [ "$runtime" = 0 ]; then
  # The CLI's live-progress test runs it in a real pseudo-terminal.
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
# The README's tour (run as written by a test) reads ids out of answers with jq.
command -v jq >/dev/null 2>&1 || missing+=(jq)
# /metrics is checked with promtool (Prometheus's own linter), which Debian ships in prometheus.
command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
  # The voice demo page and the run viewer are checked in real Chromium (test/voice, test/tools);
  # playwright-core downloads none.
  [ -x /usr/bin/chromium ] || missing+=(chromium)
fi
# Story keyframes and burned-in subtitles render text with DejaVu Sans.
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
if [ ${#missing[@]} -gt 0 ]; then
  packages=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      say "missing Debian packages: $packages — install them (apt-get install -y $packages) and re-run"
      exit 1
    fi
  fi
  say "installing Debian packages: $packages"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >&2
fi

# The run viewer (/runs): a Vite build of web/ into web/dist, redone only when a source is newer.
if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html web/vite.config.ts package-lock.json -newer web/dist/index.html -print -quit)" ]; then
  say "building the run viewer (web/ → web/dist)..."
  npx --no-install vite build web >&2
fi

# Go-built tools (`go install` on first use, cached afterwards), only those the calling command
# starts, built side by side: `npm run dev` needs the Temporal CLI and the S3 server (versitygw);
# `npm test` (ATELIER_SETUP_FOR=test) also the Temporal server and its sql tool, which the
# processes-apart tests run as a real cluster, and helm, for the chart's lint and render tests.
if [ "$runtime" = 0 ]; then
  tools=(./temporal-dev.sh ./s3-dev.sh)
  [ "${ATELIER_SETUP_FOR:-dev}" = test ] && tools+=(./temporal-cluster.sh ./scripts/helm.sh)
  gobin=$( (command -v go >/dev/null && go env GOPATH) || echo "$HOME/go")/bin
  fresh=0
  for bin in temporal versitygw; do command -v "$bin" >/dev/null 2>&1 || [ -x "$gobin/$bin" ] || fresh=1; done
  if [ "$fresh" = 1 ]; then say "building the Go tools this command uses (${tools[*]##*/}) side by side: about 6-10 minutes the first time on 2 cores, nothing afterwards"; fi
  started=$SECONDS
  pids=()
  for tool in "${tools[@]}"; do "$tool" --install >/dev/null & pids+=($!); done
  failed=0
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" = 0 ] || { say "a Go tool did not build (see its messages above)"; exit 1; }
  if [ "$fresh" = 1 ]; then say "Go tools ready in $((SECONDS - started)) s"; fi
fi
