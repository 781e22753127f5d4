#!/usr/bin/env bash
# Runs the pinned Helm (v3.19.0), building it with `go install` the first time, the way
# temporal-dev.sh installs the Temporal CLI (never a downloaded binary).
#
#   scripts/helm.sh lint deploy/helm/atelier     any helm command
#   scripts/helm.sh --install                    build it when missing; print its path
#   scripts/helm.sh --find                       print its path when built (exit 1 otherwise; never builds)
#
# Environment: HELM_VERSION (v3.19.0), ATELIER_DATA_DIR (.data).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
data_dir=${ATELIER_DATA_DIR:-$here/.data}
case "$data_dir" in /*) ;; *) data_dir=$here/$data_dir ;; esac
version=${HELM_VERSION:-v3.19.0}
tag=helm bin_name=helm go_module=helm.sh/helm/v3/cmd/helm
install_hint="install Helm 3 yourself so that 'helm' is on PATH"
# shellcheck source=scripts/lib/dev-service.sh
. "$here/scripts/lib/dev-service.sh"

case "${1:-}" in
  --find) dev_find_bin; exit $? ;;
  --install) dev_ensure_bin; exit 0 ;;
esac
exec "$(dev_ensure_bin)" "$@"
