# Shared by temporal-dev.sh and s3-dev.sh: find or build a pinned Go binary, stop a server by its
# pid file, and start one in the background until it answers. Sourced, not run.
#
# The caller sets: tag (log prefix), bin_name, go_module, version, data_dir, pid_file, log_file,
# port, and defines healthy() before calling dev_start_background. Optional: bin_on_path=0 to skip
# the PATH lookup (for generic names such as `server`), a bin_accept() that a found binary must
# pass (e.g. the pinned version), start_timeout_s (30).

say() { printf '[%s] %s\n' "$tag" "$*" >&2; }

dev_bin_acceptable() { ! declare -F bin_accept >/dev/null || bin_accept "$1"; }

dev_find_bin() {
  if [ "${bin_on_path:-1}" = 1 ] && command -v "$bin_name" >/dev/null 2>&1 && dev_bin_acceptable "$(command -v "$bin_name")"; then
    command -v "$bin_name"; return 0
  fi
  local candidates=()
  [ -n "${GOBIN:-}" ] && candidates+=("$GOBIN/$bin_name")
  if command -v go >/dev/null 2>&1; then
    candidates+=("$(go env GOBIN 2>/dev/null)/$bin_name" "$(go env GOPATH 2>/dev/null)/bin/$bin_name")
  fi
  candidates+=("$HOME/go/bin/$bin_name" "$data_dir/bin/$bin_name")
  local c
  for c in "${candidates[@]}"; do
    if [ -x "$c" ] && [ "$c" != "/$bin_name" ] && dev_bin_acceptable "$c"; then echo "$c"; return 0; fi
  done
  return 1
}

# Builds the pinned binary with `go install`. Several callers at once (npm run dev beside npm
# test, parallel test runs) wait on one lock and build it once instead of compiling it side by side.
dev_install_bin() {
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then export PATH=$PATH:/usr/local/go/bin; fi
  if ! command -v go >/dev/null 2>&1; then
    say "$bin_name is not on PATH and Go is not installed, so it cannot be built here."
    say "Install Go (https://go.dev/dl) and re-run${install_hint:+, or $install_hint}."
    exit 1
  fi
  local lock_dir=${XDG_CACHE_HOME:-$HOME/.cache}/atelier
  mkdir -p "$lock_dir"
  exec 9>"$lock_dir/go-install-$bin_name.lock"
  if ! flock -n 9; then
    say "another process is building $bin_name; waiting for it..."
    flock 9
  fi
  if dev_find_bin >/dev/null; then exec 9>&-; return 0; fi
  say "installing $bin_name $version with 'go install' (the first build takes several minutes)..."
  local started=$SECONDS
  go install "$go_module@$version" >&2
  say "$bin_name built in $((SECONDS - started)) s"
  exec 9>&-
}

dev_ensure_bin() {
  local found
  found=$(dev_find_bin || true)
  if [ -z "$found" ]; then
    dev_install_bin
    found=$(dev_find_bin) || { say "go install finished but no $bin_name binary was found"; exit 1; }
  fi
  echo "$found"
}

dev_stop() {
  if [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; then
    kill "$(cat "$pid_file")"
    for _ in $(seq 1 50); do kill -0 "$(cat "$pid_file")" 2>/dev/null || break; sleep 0.2; done
    rm -f "$pid_file"
    say "stopped"
  else
    say "no server started by this script is running on port $port"
  fi
}

# dev_start_background <ready message> <command...>: detached, logs to $log_file, waits up to
# start_timeout_s (30) for healthy().
dev_start_background() {
  local ready=$1; shift
  local timeout=${start_timeout_s:-30}
  setsid nohup "$@" >>"$log_file" 2>&1 < /dev/null &
  echo $! > "$pid_file"
  for _ in $(seq 1 $((timeout * 5))); do
    if healthy; then say "$ready"; return 0; fi
    if ! kill -0 "$(cat "$pid_file")" 2>/dev/null; then
      say "the server exited during start-up; last lines of $log_file:"
      tail -n 20 "$log_file" >&2
      exit 1
    fi
    sleep 0.2
  done
  say "the server did not become healthy within $timeout s; see $log_file"
  exit 1
}
