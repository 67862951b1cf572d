#!/usr/bin/env bash
# `make demo`: install dependencies, start RabbitMQ and PostgreSQL, build the release
# executables, start stripe-sim and the four services (each with its own AMQP user and
# Postgres role), wait for their /healthz, show what runs, then stop everything.
#
#   scripts/demo.sh                 run, show, stop
#   scripts/demo.sh --keep-running  leave everything running (stop later with --stop)
#   scripts/demo.sh --stop          stop what a --keep-running demo left behind
#
# Environment: SWIFT_BUILD_PATH (default .build), STRIPE_SIM_PORT (default 12111),
# DEMO_HTTP_PORT_BASE (default 8080: services on 8081-8084), KEEP_INFRA=1, and the port
# variables of scripts/lib/common.sh.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cb_avoid_busy_ports
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

BUILD_PATH="${SWIFT_BUILD_PATH:-$CB_REPO/.build}"
STRIPE_SIM_PORT="${STRIPE_SIM_PORT:-12111}"
STRIPE_API_BASE="http://127.0.0.1:$STRIPE_SIM_PORT"
STRIPE_API_KEY="${STRIPE_API_KEY:-sk_test_connectbus_demo}"
STRIPE_WEBHOOK_SECRET="${STRIPE_WEBHOOK_SECRET:-whsec_connectbus_demo}"
PORT_BASE="${DEMO_HTTP_PORT_BASE:-8080}"
# service name (AMQP user, Postgres role) : executable : HTTP port
DEMO_SERVICES=(
    "onboarding:onboarding:$((PORT_BASE + 1))"
    "payments:payments:$((PORT_BASE + 2))"
    "terminal:terminal-gateway:$((PORT_BASE + 3))"
    "notifications:notifications:$((PORT_BASE + 4))"
)
PRODUCTS=(stripe-sim onboarding payments terminal-gateway notifications connectbus)
RUN_DIR="$CB_REPO/.local/demo"
BIN_DIR=""

build_products() {
    local p
    for p in "${PRODUCTS[@]}"; do
        cb_log "building $p (release)"
        swift build -c release --build-path "$BUILD_PATH" --product "$p"
    done
    BIN_DIR="$(swift build -c release --build-path "$BUILD_PATH" --show-bin-path)"
}

# start NAME LOGFILE [VAR=value ...] -- command args...: start in the background, record pid.
start_process() {
    local name="$1" log="$2"; shift 2
    local vars=()
    while [ "$1" != "--" ]; do vars+=("$1"); shift; done
    shift
    env "${vars[@]}" "$@" >"$log" 2>&1 &
    echo $! >"$RUN_DIR/$name.pid"
    cb_log "started $name (pid $!), log $log"
}

start_sim() {
    start_process stripe-sim "$RUN_DIR/stripe-sim.log" -- \
        "$BIN_DIR/stripe-sim" --port "$STRIPE_SIM_PORT"
    local i
    for i in $(seq 1 60); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$STRIPE_SIM_PORT") 2>/dev/null; then
            cb_log "stripe-sim listens on $STRIPE_API_BASE"
            return 0
        fi
        process_alive stripe-sim || break
        sleep 0.5
    done
    cb_log "stripe-sim did not start; last lines of its log:"
    tail -20 "$RUN_DIR/stripe-sim.log" >&2 || true
    return 1
}

start_services() {
    local entry name exe port
    for entry in "${DEMO_SERVICES[@]}"; do
        IFS=: read -r name exe port <<<"$entry"
        start_process "$name" "$RUN_DIR/$name.log" \
            AMQP_URL="$(cb_service_amqp_url "$name")" \
            DATABASE_URL="$(cb_service_database_url "$name")" \
            STRIPE_API_KEY="$STRIPE_API_KEY" \
            STRIPE_API_BASE="$STRIPE_API_BASE" \
            STRIPE_WEBHOOK_SECRETS="$STRIPE_WEBHOOK_SECRET" \
            HTTP_PORT="$port" \
            -- "$BIN_DIR/$exe"
    done
}

process_alive() {
    local pid
    pid="$(cat "$RUN_DIR/$1.pid" 2>/dev/null || true)"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

# Wait until every service answers /healthz; report the ones that exited or never did.
wait_healthy() {
    local entry name exe port i ok=0
    for entry in "${DEMO_SERVICES[@]}"; do
        IFS=: read -r name exe port <<<"$entry"
        for i in $(seq 1 120); do
            if curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" 2>/dev/null; then
                cb_log "$name is healthy on http://127.0.0.1:$port/healthz"
                continue 2
            fi
            process_alive "$name" || break
            sleep 0.5
        done
        ok=1
        if process_alive "$name"; then
            cb_log "$name runs but did not answer /healthz on port $port; last lines of its log:"
        else
            cb_log "$name exited before serving /healthz; last lines of its log:"
        fi
        tail -20 "$RUN_DIR/$name.log" >&2 || true
    done
    return "$ok"
}

show_status() {
    local entry name exe port
    echo
    echo "ConnectBus demo"
    echo "  RabbitMQ    amqp://127.0.0.1:$CB_AMQP_PORT/  management http://127.0.0.1:$CB_MGMT_PORT/ (connectbus/connectbus)"
    echo "  PostgreSQL  127.0.0.1:$CB_PG_PORT database $CB_DB_NAME"
    echo "  stripe-sim  $STRIPE_API_BASE  (pid $(cat "$RUN_DIR/stripe-sim.pid" 2>/dev/null))"
    for entry in "${DEMO_SERVICES[@]}"; do
        IFS=: read -r name exe port <<<"$entry"
        printf '  %-16s pid %-7s http://127.0.0.1:%s/healthz /readyz /metrics  (AMQP user and role %s)\n' \
            "$exe" "$(cat "$RUN_DIR/$name.pid" 2>/dev/null)" "$port" "$name"
    done
    echo "  logs        $RUN_DIR"
    echo
}

# SIGTERM every process this demo started (services first, then the simulator) and wait.
stop_all() {
    local name pid i
    for name in onboarding payments terminal notifications stripe-sim; do
        pid="$(cat "$RUN_DIR/$name.pid" 2>/dev/null || true)"
        [ -n "$pid" ] || continue
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            for i in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
            if kill -0 "$pid" 2>/dev/null; then
                cb_log "$name (pid $pid) ignored SIGTERM for 30 s; killing it"
                kill -KILL "$pid" 2>/dev/null || true
            fi
            # Our own children report their exit status (a --stop run cannot see it).
            local rc=0
            wait "$pid" 2>/dev/null || rc=$?
            if [ "$rc" = 127 ]; then
                cb_log "stopped $name (pid $pid)"
            else
                cb_log "stopped $name (pid $pid, exit status $rc)"
            fi
        fi
        rm -f "$RUN_DIR/$name.pid"
    done
    if [ "${KEEP_INFRA:-0}" != 1 ]; then
        "$CB_REPO/scripts/infra-down.sh"
    fi
}

main() {
    local keep=0
    case "${1:-}" in
        --keep-running) keep=1 ;;
        --stop) stop_all; return ;;
        "") ;;
        *) cb_die "unknown argument $1 (use --keep-running or --stop)" ;;
    esac
    mkdir -p "$RUN_DIR"
    "$CB_REPO/scripts/install-deps.sh"
    "$CB_REPO/scripts/infra-up.sh"
    build_products
    [ "$keep" = 1 ] || trap stop_all EXIT
    local status=0
    start_sim || status=1
    start_services
    wait_healthy || status=1
    show_status
    if [ "$status" != 0 ]; then
        cb_log "demo: not every part came up (see above)"
    elif [ "$keep" = 1 ]; then
        cb_log "demo: everything runs; stop it with: scripts/demo.sh --stop"
    else
        cb_log "demo: everything came up; stopping (use --keep-running to keep it)"
    fi
    return "$status"
}

main "$@"
