#!/usr/bin/env bash
# Starts stripe-mock, Stripe's mock of its HTTP API built from Stripe's own API description, for
# the Stripe top-up tests and for trying ATELIER_TOPUP_GATEWAY=stripe locally (STRIPE_API_BASE at
# it). Installs the pinned build with `go install` when needed. It is stateless: every answer is
# a fixture with the request's values reflected into it; webhooks are not sent.
#
#   scripts/stripe-mock.sh               run in the foreground until Ctrl-C
#   scripts/stripe-mock.sh --background  start detached, wait until it answers, return
#   scripts/stripe-mock.sh --stop        stop a server this script started (by its pid file)
#   scripts/stripe-mock.sh --install     only make sure stripe-mock is installed; print its path
#
# Environment: STRIPE_MOCK_ADDRESS (127.0.0.1:12111, plain HTTP), STRIPE_MOCK_FIXTURES (a JSON
# file of fixtures used instead of the bundled ones, {"resources": {"customer": {...}, ...}}),
# ATELIER_DATA_DIR (.data), STRIPE_MOCK_VERSION (v0.203.0).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
data_dir=${ATELIER_DATA_DIR:-$root/.data}
case "$data_dir" in /*) ;; *) data_dir=$root/$data_dir ;; esac
address=${STRIPE_MOCK_ADDRESS:-127.0.0.1:12111}
host=${address%:*}
port=${address##*:}
version=${STRIPE_MOCK_VERSION:-v0.203.0}
fixtures=${STRIPE_MOCK_FIXTURES:-}
state_dir=$data_dir/stripe-mock-$port
log_file=$state_dir/stripe-mock.log
pid_file=$state_dir/stripe-mock.pid

tag=stripe-mock bin_name=stripe-mock go_module=github.com/stripe/stripe-mock
install_hint="run 'go install github.com/stripe/stripe-mock@$version' where Go is available and put the binary on PATH"
# shellcheck source=lib/dev-service.sh
. "$root/scripts/lib/dev-service.sh"

# `stripe-mock -version` prints "master" for a `go install` build; the module version is in the binary's build info.
bin_accept() {
  if ! command -v go >/dev/null 2>&1; then return 0; fi
  go version -m "$1" 2>/dev/null | grep -Eq "^[[:space:]]+mod[[:space:]]+github.com/stripe/stripe-mock[[:space:]]+$version([[:space:]]|\$)"
}

# Any HTTP answer means it is up: without a key stripe-mock answers 401 at once, needing no fixture
# (a fixtures file need not have every resource, and a request for a missing one gets no answer).
healthy() {
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://$address/v1/customers" 2>/dev/null || true)
  [ -n "$code" ] && [ "$code" != 000 ]
}

bin=$(dev_ensure_bin)

case "${1:-}" in
  --install) echo "$bin"; exit 0 ;;
  --stop)
    dev_stop
    exit 0 ;;
esac

if healthy; then
  say "a Stripe mock already answers on $address; nothing to do"
  exit 0
fi

mkdir -p "$state_dir"
# HTTPS on a port the system picks (unused: clients speak plain HTTP to $address), so two mocks never share one.
args=(-http-addr "$address" -https-addr "$host:")
if [ -n "$fixtures" ]; then args+=(-fixtures "$fixtures"); fi

if [ "${1:-}" = "--background" ]; then
  say "starting stripe-mock $version on $address (log: $log_file)"
  dev_start_background "Stripe mock is up on http://$address${fixtures:+ (fixtures $fixtures)}" "$bin" "${args[@]}"
  exit 0
fi

say "stripe-mock on http://$address${fixtures:+ (fixtures $fixtures)}"
echo $$ > "$pid_file"
exec "$bin" "${args[@]}"
