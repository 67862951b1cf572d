#!/usr/bin/env bash
# `make demo`: install dependencies, start RabbitMQ and PostgreSQL, build the release
# executables (Swift runtime linked statically, as docker/Dockerfile builds them), start
# stripe-sim (signed webhooks to notifications), a local SMTP sink, the four services
# (each with its own AMQP user and Postgres role) and two `connectbus tail` monitors (JSON and text), then
# play a store-builder platform with `connectbus story` (a platform service in Swift on the
# typed message package, plus the simulator's hosted pages for what a seller or buyer
# clicks), which prints a summary and CHECKS it (exit status 1 when anything is off), and
# stop everything. This script only starts and stops processes.
#
#   scripts/demo.sh                 run the story, check it, stop
#   scripts/demo.sh --keep-running  leave everything running afterwards (stop with --stop)
#   scripts/demo.sh --no-story      only start everything, check /healthz and /readyz, and leave
#                                   it running (stop with --stop)
#   scripts/demo.sh --stop          stop what a --keep-running demo left behind
#   scripts/demo.sh --browser       start everything, prepare a seller and a shop, print the
#                                   URLs a person opens (onboarding, Checkout, app, reader)
#                                   and leave it running (`connectbus story --browser-setup`)
#
# Environment: SWIFT_BUILD_PATH (default .build), DEMO_BIN_DIR (use the executables in
# this folder, skip the build), STRIPE_SIM_PORT (default 12111), DEMO_HTTP_PORT_BASE
# (default 8080: services on 8081-8084), DEMO_SMTP_PORT (default 2525), DEMO_RUN_DIR
# (logs, events, e-mails; default .local/demo), KEEP_INFRA=1, and
# the port variables of scripts/lib/common.sh.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cb_avoid_busy_ports
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
. "$CB_REPO/scripts/lib/pidfile.sh"
cd "$CB_REPO"

BUILD_PATH="${SWIFT_BUILD_PATH:-$CB_REPO/.build}"
STRIPE_SIM_PORT="${STRIPE_SIM_PORT:-12111}"
STRIPE_API_BASE="http://127.0.0.1:$STRIPE_SIM_PORT"
STRIPE_API_KEY="${STRIPE_API_KEY:-sk_test_connectbus_demo}"
STRIPE_WEBHOOK_SECRET="${STRIPE_WEBHOOK_SECRET:-whsec_connectbus_demo}"
STRIPE_CONNECT_WEBHOOK_SECRET="${STRIPE_CONNECT_WEBHOOK_SECRET:-whsec_connectbus_demo_connect}"
PORT_BASE="${DEMO_HTTP_PORT_BASE:-8080}"
SMTP_PORT="${DEMO_SMTP_PORT:-2525}"
NOTIFICATIONS_URL="http://127.0.0.1:$((PORT_BASE + 4))"
# service name (AMQP user, Postgres role) : executable : HTTP port
DEMO_SERVICES=(
    "onboarding:onboarding:$((PORT_BASE + 1))"
    "payments:payments:$((PORT_BASE + 2))"
    "terminal:terminal-gateway:$((PORT_BASE + 3))"
    "notifications:notifications:$((PORT_BASE + 4))"
)
PRODUCTS=(stripe-sim onboarding payments terminal-gateway notifications connectbus)
RUN_DIR="${DEMO_RUN_DIR:-$CB_REPO/.local/demo}"
MAIL_DIR="$RUN_DIR/mail"
EVENTS_LOG="$RUN_DIR/events.jsonl"
BIN_DIR="${DEMO_BIN_DIR:-}"
# Extra stripe-sim flags (--browser: account links and reader actions wait 24 h for a person).
SIM_EXTRA_ARGS=()
# Everything the demo starts, in the order stop_all stops it, and the program each runs
# (its pid file records it with the start time: see scripts/lib/pidfile.sh).
DEMO_PROCESSES=(monitor monitor-text onboarding payments terminal notifications stripe-sim smtp-sink)
demo_program() {
    case "$1" in
        monitor|monitor-text) echo connectbus ;;
        terminal) echo terminal-gateway ;;
        smtp-sink) echo aiosmtpd ;;
        *) echo "$1" ;;
    esac
}

# demo_pid NAME: the pid of the demo's process NAME while it is still that process (not a
# pid the kernel gave to another one since); nothing otherwise.
demo_pid() { cb_pid_read "$RUN_DIR/$1.pid" "${2:-}"; }

build_products() {
    local p
    if [ -n "$BIN_DIR" ]; then
        cb_log "using the executables in $BIN_DIR (DEMO_BIN_DIR)"
        for p in "${PRODUCTS[@]}"; do
            [ -x "$BIN_DIR/$p" ] || cb_die "$BIN_DIR/$p is missing: build it or unset DEMO_BIN_DIR"
        done
        return 0
    fi
    for p in "${PRODUCTS[@]}"; do
        cb_log "building $p (release)"
        swift build -c release --static-swift-stdlib --build-path "$BUILD_PATH" --product "$p"
    done
    BIN_DIR="$(swift build -c release --static-swift-stdlib --build-path "$BUILD_PATH" --show-bin-path)"
}

# start NAME LOGFILE [VAR=value ...] -- command args...: start in the background, record pid.
# Empties the services' command, event and retry queues on the local broker (not the
# dead-letter queues, nor the history stream, nor anyone else's queues) and logs what it
# dropped: messages other runs left there (a benchmark's events routed into a queue an
# earlier demo declared) name objects this run's new simulator does not know, and the
# services would work through them before the story's own.
empty_service_queues() {
    local api="http://127.0.0.1:$CB_MGMT_PORT/api/queues/%2F" listing dropped
    listing="$(curl -fsS -u "$CB_AMQP_ADMIN:$CB_AMQP_ADMIN_PASSWORD" "$api?columns=name,type,messages")" || {
        cb_log "demo: could not list the broker's queues; their messages stay"; return 0; }
    dropped="$(printf '%s' "$listing" | python3 -c '
import json, sys
for q in json.load(sys.stdin):
    if (q["name"].split(".")[0] in ("onboarding", "payments", "terminal", "notifications")
            and not q["name"].endswith(".dlq") and q.get("type") != "stream" and q.get("messages")):
        print(q["name"], q["messages"])')"
    [ -n "$dropped" ] || return 0
    local name count
    while read -r name count; do
        curl -fsS -o /dev/null -X DELETE -u "$CB_AMQP_ADMIN:$CB_AMQP_ADMIN_PASSWORD" "$api/$name/contents" \
            && cb_log "demo: emptied $name ($count $( [ "$count" = 1 ] && echo message || echo messages) other runs left)"
    done <<<"$dropped"
}

start_process() {
    local name="$1" log="$2"; shift 2
    local vars=()
    while [ "$1" != "--" ]; do vars+=("$1"); shift; done
    shift
    env "${vars[@]}" "$@" >"$log" 2>&1 &
    cb_pid_record "$RUN_DIR/$name.pid" $! "$(demo_program "$name")"
    cb_log "started $name (pid $!), log $log"
}

start_sim() {
    start_process stripe-sim "$RUN_DIR/stripe-sim.log" -- \
        "$BIN_DIR/stripe-sim" --port "$STRIPE_SIM_PORT" --log "$RUN_DIR/stripe-sim-requests.jsonl" "${SIM_EXTRA_ARGS[@]}" \
        --webhook "url=$NOTIFICATIONS_URL/webhooks/stripe,secret=$STRIPE_WEBHOOK_SECRET" \
        --webhook "url=$NOTIFICATIONS_URL/webhooks/stripe/connect,secret=$STRIPE_CONNECT_WEBHOOK_SECRET,connect=true"
    if cb_wait_started "$RUN_DIR/stripe-sim.pid" 60 0.5 cb_port_busy "$STRIPE_SIM_PORT"; then
        cb_log "stripe-sim listens on $STRIPE_API_BASE"
        return 0
    fi
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
            STRIPE_CONNECT_BASE="$STRIPE_API_BASE" \
            STRIPE_CONNECT_CLIENT_ID=ca_connectbus_sim_platform \
            STRIPE_WEBHOOK_SECRETS="$STRIPE_WEBHOOK_SECRET" \
            STRIPE_CONNECT_WEBHOOK_SECRETS="$STRIPE_CONNECT_WEBHOOK_SECRET" \
            SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" \
            SMTP_FROM="ConnectBus demo shop <no-reply@shop.example>" \
            CAPTURE_FEE_PERCENT=10 \
            HTTP_PORT="$port" \
            -- "$BIN_DIR/$exe"
    done
}

process_alive() {
    local pid
    pid="$(demo_pid "$1")"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null
}

# healthz PORT: does a service answer /healthz on PORT?
healthz() { curl -fsS -o /dev/null "http://127.0.0.1:$1/healthz" 2>/dev/null; }

# Wait until every service answers /healthz; report the ones that exited or never did.
# Every start-up wait here gives up early only through cb_wait_started, whose check (the
# recorded pid still runs, same start time) holds while `env` execs the program; the
# pid file's program match (process_alive) is for stopping, never for a start-up wait.
wait_healthy() {
    local entry name exe port ok=0
    for entry in "${DEMO_SERVICES[@]}"; do
        IFS=: read -r name exe port <<<"$entry"
        if cb_wait_started "$RUN_DIR/$name.pid" 120 0.5 healthz "$port"; then
            cb_log "$name is healthy on http://127.0.0.1:$port/healthz"
            continue
        fi
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
    echo "  stripe-sim  $STRIPE_API_BASE  (pid $(demo_pid stripe-sim))"
    for entry in "${DEMO_SERVICES[@]}"; do
        IFS=: read -r name exe port <<<"$entry"
        printf '  %-16s pid %-7s http://127.0.0.1:%s/healthz /readyz /metrics  (AMQP user and role %s)\n' \
            "$exe" "$(demo_pid "$name")" "$port" "$name"
    done
    echo "  logs        $RUN_DIR"
    echo
}

# SIGTERM every process this demo started (services first, then the simulator) and wait.
# A pid whose process is gone, or now belongs to another process (after the services were
# killed and restarted by hand), is never signalled: only the pid file is removed.
UNCLEAN_STOPS=()
stop_all() {
    local name pid i
    for name in "${DEMO_PROCESSES[@]}"; do
        [ -f "$RUN_DIR/$name.pid" ] || continue
        pid="$(demo_pid "$name" report)"
        if [ -n "$pid" ] && cb_proc_alive "$pid"; then
            kill -TERM "$pid" 2>/dev/null || true
            for i in $(seq 1 60); do cb_proc_alive "$pid" || break; sleep 0.5; done
            if cb_proc_alive "$pid"; then
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
                # A service or the simulator must drain and exit 0 on SIGTERM.
                case "$name" in
                    monitor|monitor-text|smtp-sink) ;;
                    *) [ "$rc" = 0 ] || UNCLEAN_STOPS+=("$name (exit status $rc)") ;;
                esac
            fi
        fi
        rm -f "$RUN_DIR/$name.pid"
    done
    if [ "${KEEP_INFRA:-0}" != 1 ]; then
        "$CB_REPO/scripts/infra-down.sh"
    fi
}

# The demo's own ports must be free: a process still holding one (often a demo started
# with --keep-running) would answer in place of the one started now.
check_ports_free() {
    local spec name port busy=0
    for spec in "stripe-sim:$STRIPE_SIM_PORT" "smtp-sink:$SMTP_PORT" "onboarding:$((PORT_BASE + 1))" \
                "payments:$((PORT_BASE + 2))" "terminal-gateway:$((PORT_BASE + 3))" "notifications:$((PORT_BASE + 4))"; do
        IFS=: read -r name port <<<"$spec"
        if cb_port_busy "$port"; then
            cb_log "port $port ($name) is already in use"
            busy=1
        fi
    done
    [ "$busy" = 0 ] || cb_die "stop the earlier demo with scripts/demo.sh --stop (or set STRIPE_SIM_PORT, DEMO_SMTP_PORT, DEMO_HTTP_PORT_BASE)"
}

# A local SMTP sink (aiosmtpd's Mailbox handler): every e-mail becomes one file in
# $MAIL_DIR/new (Maildir).
start_smtp_sink() {
    mkdir -p "$MAIL_DIR/tmp" "$MAIL_DIR/new" "$MAIL_DIR/cur"
    start_process smtp-sink "$RUN_DIR/smtp-sink.log" -- \
        python3 -m aiosmtpd -n -l "127.0.0.1:$SMTP_PORT" -c aiosmtpd.handlers.Mailbox "$MAIL_DIR"
    if cb_wait_started "$RUN_DIR/smtp-sink.pid" 40 0.25 cb_port_busy "$SMTP_PORT"; then
        cb_log "SMTP sink listens on 127.0.0.1:$SMTP_PORT, e-mails go to $MAIL_DIR/new"
        return 0
    fi
    cb_log "the SMTP sink did not start; last lines of its log:"
    tail -20 "$RUN_DIR/smtp-sink.log" >&2 || true
    return 1
}

# The CLI with the admin user and role of the local servers.
cbx() {
    AMQP_URL="$(cb_admin_amqp_url)" DATABASE_URL="$(cb_admin_database_url)" \
        CONNECTBUS_MANAGEMENT_URL="http://$CB_AMQP_ADMIN:$CB_AMQP_ADMIN_PASSWORD@127.0.0.1:$CB_MGMT_PORT" \
        DEMO_HTTP_PORT_BASE="$PORT_BASE" "$BIN_DIR/connectbus" "$@"
}

# Two `connectbus tail` monitors on every event, as the broker's `monitor` user: JSON
# lines to $EVENTS_LOG (for `connectbus trace` and the tests; the story follows the events
# itself) and readable lines to the console.
start_monitors() {
    : >"$EVENTS_LOG"
    AMQP_URL="$(cb_service_amqp_url monitor)" "$BIN_DIR/connectbus" tail --json "#" >"$EVENTS_LOG" 2>"$RUN_DIR/monitor.err" &
    cb_pid_record "$RUN_DIR/monitor.pid" $! connectbus
    AMQP_URL="$(cb_service_amqp_url monitor)" "$BIN_DIR/connectbus" tail "#" >"$RUN_DIR/events.log" 2>"$RUN_DIR/monitor-text.err" &
    cb_pid_record "$RUN_DIR/monitor-text.pid" $! connectbus
    if cb_wait_started "$RUN_DIR/monitor.pid" 40 0.25 grep -q "listening" "$RUN_DIR/monitor.err" \
        && cb_wait_started "$RUN_DIR/monitor-text.pid" 40 0.25 grep -q "listening" "$RUN_DIR/monitor-text.err"; then
        cb_log "event monitors run: connectbus tail '#' >$RUN_DIR/events.log, and --json >$EVENTS_LOG"
        return 0
    fi
    cb_log "the event monitor did not start:"; cat "$RUN_DIR/monitor.err" "$RUN_DIR/monitor-text.err" >&2; return 1
}

# Wait (up to 60 s) until every service answers /readyz (queues declared, database
# migrated), as `connectbus status` reports it.
wait_ready() {
    local i
    for i in $(seq 1 120); do
        if cbx status >"$RUN_DIR/status.txt" 2>&1; then
            cb_log "every service is ready (connectbus status)"
            return 0
        fi
        sleep 0.5
    done
    cb_log "not every service became ready:"; tail -6 "$RUN_DIR/status.txt" >&2
    return 1
}

# The story ----------------------------------------------------------------------
# `connectbus story` (Tools/ConnectBusCLI/Sources/Story) plays it as a platform service
# written on the typed message package: commands as the admin user (cbx), events followed
# as the broker's `monitor` user. It prints each step, the summary and its checks, and
# exits 1 when a step or a check fails. With --browser-setup it prepares a seller and a shop
# for a person instead, and writes $RUN_DIR/browser-urls.json.
run_story() {
    STRIPE_API_KEY="$STRIPE_API_KEY" STRIPE_API_BASE="$STRIPE_API_BASE" \
        cbx story --run-dir "$RUN_DIR" --events-url "$(cb_service_amqp_url monitor)" "$@"
}

main() {
    local keep=0 story=1 browser=0 arg
    for arg in "$@"; do
        case "$arg" in
            --keep-running) keep=1 ;;
            --no-story) story=0 keep=1 ;;
            --browser) browser=1 keep=1 story=0 SIM_EXTRA_ARGS=(--account-link-ttl 86400 --reader-timeout 86400) ;;
            --stop) stop_all; return ;;
            *) cb_die "unknown argument $arg (use --keep-running, --no-story, --browser or --stop)" ;;
        esac
    done
    local begin=$SECONDS
    mkdir -p "$RUN_DIR"
    rm -rf "$MAIL_DIR"
    "$CB_REPO/scripts/install-deps.sh"
    "$CB_REPO/scripts/infra-up.sh"
    build_products
    check_ports_free
    empty_service_queues
    [ "$keep" = 1 ] || trap stop_all EXIT
    local status=0
    start_smtp_sink || status=1
    start_sim || status=1
    start_services
    wait_healthy || status=1
    wait_ready || status=1
    start_monitors || status=1
    show_status
    if [ "$status" != 0 ]; then
        cb_log "demo: not every part came up (see above)$( [ "$keep" = 1 ] && echo "; stop what started with scripts/demo.sh --stop")"
        return "$status"
    fi
    if [ "$story" = 1 ]; then
        # Show the monitor's lines while the story plays.
        tail -n +1 -f --pid=$$ "$RUN_DIR/events.log" >&2 &
        local echo_pid=$! story_begin=$SECONDS
        run_story || status=1
        kill "$echo_pid" 2>/dev/null || true
        cb_log "demo: $( [ "$status" = 0 ] && echo passed || echo FAILED ) in $((SECONDS - begin)) s (story and summary $((SECONDS - story_begin)) s)"
    fi
    if [ "$browser" = 1 ]; then
        run_story --browser-setup || { cb_log "demo: the browser set-up failed (see above); stop with scripts/demo.sh --stop"; return 1; }
    fi
    if [ "$keep" = 1 ]; then
        local moved=""
        [ "$PORT_BASE" = 8080 ] || moved+=" DEMO_HTTP_PORT_BASE=$PORT_BASE"
        [ "$STRIPE_SIM_PORT" = 12111 ] || moved+=" STRIPE_SIM_PORT=$STRIPE_SIM_PORT"
        cb_log "demo: everything runs; try: eval \"\$(scripts/infra-env.sh)\"${moved:+ && export$moved} && $BIN_DIR/connectbus status"
        cb_log "      (infra-env.sh exports the servers' ports${moved:+; the export sets the services' and the simulator's}); stop it with: scripts/demo.sh --stop"
    else
        cb_log "demo: stopping (use --keep-running to keep it)"
        trap - EXIT
        stop_all
        if [ "${#UNCLEAN_STOPS[@]}" -gt 0 ]; then
            cb_log "demo: FAILED: not stopped cleanly: ${UNCLEAN_STOPS[*]}"
            status=1
        else
            cb_log "demo: every service stopped cleanly"
        fi
    fi
    return "$status"
}

main "$@"
