# Sourced by the scripts that drive a running `baton dev` (contract-test,
# soak): build the executable, start it on a free loopback port in a fresh
# data directory, stop it. Set SWIFT_SCRATCH_PATH to build elsewhere than .build,
# and SWIFT_CONFIGURATION=release for an optimised build (default debug).

# Builds `baton` in $SWIFT_CONFIGURATION (debug unless set) and sets BATON_BIN to it.
# With scripts/test's compiler flags, so after the suite's build this is a
# no-op rather than a rebuild of every module with different flags.
baton_build() {
    local flags=(--configuration "${SWIFT_CONFIGURATION:-debug}" -Xswiftc -warnings-as-errors)
    [ -n "${SWIFT_SCRATCH_PATH:-}" ] && flags+=(--scratch-path "$SWIFT_SCRATCH_PATH")
    swift build --product baton "${flags[@]}" >&2
    BATON_BIN="$(swift build --show-bin-path "${flags[@]}")/baton"
}

# A new directory under $TMPDIR named after $1, searchable by others: as
# root the PostgreSQL server runs as user postgres and must reach inside.
make_work_dir() {
    local dir
    dir=$(mktemp -d "${TMPDIR:-/tmp}/$1-XXXXXX")
    chmod 755 "$dir"
    echo "$dir"
}

# A free TCP port on 127.0.0.1.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Starts `baton dev` in the new directory $1 (its log is $1/dev.log), with
# the options that follow (such as --no-worker); extra BATON_* settings come
# from the caller's environment. Sets BATON_DEV_PID, BATON_URL,
# BATON_ADMIN_KEY and BATON_DATABASE (the cluster's conninfo).
baton_dev_start() {
    local dir=$1 port
    shift
    # As root the cluster runs as user postgres, which must reach the directory.
    mkdir -p "$dir" && chmod 755 "$dir"
    port=$(free_port)
    "$BATON_BIN" dev --data-dir "$dir" --listen "127.0.0.1:$port" "$@" >"$dir/dev.log" 2>&1 &
    BATON_DEV_PID=$!
    BATON_DEV_DIR=$dir
    BATON_URL="http://127.0.0.1:$port"
    for _ in $(seq 1 300); do
        if curl -fsS "$BATON_URL/readyz" >/dev/null 2>&1; then
            BATON_ADMIN_KEY=$(cat "$dir/admin.key")
            BATON_DATABASE=$(. "$dir/baton.env" && echo "$BATON_DATABASE_URL")
            return 0
        fi
        kill -0 "$BATON_DEV_PID" 2>/dev/null || break
        sleep 0.2
    done
    echo "baton dev did not become ready; its log:" >&2
    cat "$dir/dev.log" >&2
    return 1
}

# Starts `baton worker` with the settings `baton dev` wrote to $BATON_DEV_DIR/baton.env
# (its output in $BATON_DEV_DIR/worker.log) and sets BATON_WORKER_PID.
baton_worker_start() {
    (set -a && . "$BATON_DEV_DIR/baton.env" && set +a && exec "$BATON_BIN" worker) >"$BATON_DEV_DIR/worker.log" 2>&1 &
    BATON_WORKER_PID=$!
}

# Stops that worker gracefully (SIGTERM) and waits for it.
baton_worker_stop() {
    [ -n "${BATON_WORKER_PID:-}" ] || return 0
    kill -TERM "$BATON_WORKER_PID" 2>/dev/null || true
    wait "$BATON_WORKER_PID" 2>/dev/null || true
    BATON_WORKER_PID=
}

# Interrupts `baton dev` (it stops its worker and cluster), waits for it and
# deletes the cluster's files; its log stays.
baton_dev_stop() {
    [ -n "${BATON_DEV_PID:-}" ] || return 0
    kill -INT "$BATON_DEV_PID" 2>/dev/null || true
    wait "$BATON_DEV_PID" 2>/dev/null || true
    BATON_DEV_PID=
    rm -rf "$BATON_DEV_DIR/postgres"
}
