#!/usr/bin/env bash
# `make demo`: install dependencies, start RabbitMQ and PostgreSQL, build the release
# executables (Swift runtime linked statically, as docker/Dockerfile builds them), start
# stripe-sim (signed webhooks to notifications), a local SMTP sink, the four services
# (each with its own AMQP user and Postgres role) and two `connectbus tail` monitors (JSON and text), then
# play a store-builder platform through `connectbus send` (plus the simulator's hosted
# pages for what a seller or buyer clicks), print a summary, CHECK it (exit status 1 when
# anything is off) and stop everything.
#
#   scripts/demo.sh                 run the story, check it, stop
#   scripts/demo.sh --keep-running  leave everything running afterwards (stop with --stop)
#   scripts/demo.sh --no-story      only start everything, check /healthz and /readyz, and leave
#                                   it running (stop with --stop)
#   scripts/demo.sh --stop          stop what a --keep-running demo left behind
#   scripts/demo.sh --browser       start everything, prepare a seller and a shop, print the
#                                   URLs a person opens (onboarding, Checkout, app, reader)
#                                   and leave it running (scripts/lib/demo-browser.sh)
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
. "$CB_REPO/scripts/lib/demo-browser.sh"
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
# lines to $EVENTS_LOG (read by the story and the summary) and readable lines to the console.
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

# The story's helpers ---------------------------------------------------------------
say() { printf '\n\033[1m== %s\033[0m\n' "$*" >&2; }
step_ok() { printf '   ok  %s\n' "$*" >&2; }
# Steps run in subshells too ($(send …)), so a failure is recorded in a file.
step_fail() { printf '   FAILED  %s\n' "$*" >&2; echo "$*" >>"$RUN_DIR/story-failures"; }

# send COMMAND JSON [connectbus send options…]: the reply's JSON on stdout; on an error
# reply or timeout the step fails (and the caller stops the story).
send() {
    local command="$1" json="$2"; shift 2
    printf '   send %s %s\n' "$command" "$(tr -s ' \n' ' ' <<<"$json")" >&2
    if ! cbx send "$command" --json "$json" --timeout 60 "$@"; then
        step_fail "$command"
        return 1
    fi
}

# jget FIELD (from the JSON on stdin; dotted path, e.g. result.url)
jget() {
    python3 -c 'import json,sys
v=json.load(sys.stdin)
for k in sys.argv[1].split("."):
    v=v[int(k)] if isinstance(v,list) else v.get(k)
print(v if not isinstance(v,(dict,list,bool)) and v is not None else json.dumps(v))' "$1"
}

# wait_event ROUTING_KEY [FIELD=VALUE…]: waits (up to 60 s) until the monitor has seen an
# event with that routing key whose body (data.object for stripe.*) has those fields.
wait_event() {
    local key="$1"; shift
    if python3 - "$EVENTS_LOG" "$key" 60 "$@" <<'PY'
import json, sys, time
path, key, timeout, wanted = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
deadline = time.time() + timeout
while time.time() < deadline:
    with open(path) as f:
        for line in f:
            try:
                e = json.loads(line)
            except ValueError:
                continue
            if e.get("routing_key") != key:
                continue
            body = e.get("body") or {}
            if key.startswith("stripe.") and isinstance(body, dict):
                body = body.get("data", {}).get("object", {})
            if all(str(body.get(k)) == v for k, v in (w.split("=", 1) for w in wanted)):
                sys.exit(0)
    time.sleep(0.3)
sys.exit(1)
PY
    then
        step_ok "event $key $*"
    else
        step_fail "no event $key $* within 60 s"
        return 1
    fi
}

# wait_mail COUNT: waits (up to 60 s) until the SMTP sink holds COUNT e-mails.
wait_mail() {
    local i n=0
    for i in $(seq 1 120); do
        n="$(find "$MAIL_DIR/new" -type f 2>/dev/null | wc -l)"
        if [ "$n" -ge "$1" ]; then step_ok "e-mail received by the SMTP sink ($n in $MAIL_DIR/new)"; return 0; fi
        sleep 0.5
    done
    step_fail "the SMTP sink holds $n e-mails, expected $1"
    return 1
}

# sim METHOD PATH [curl args…]: a call to the simulator as the seller's or buyer's browser
# or device would make it (hosted pages and test helpers); prints the HTTP status.
sim() {
    local method="$1" path="$2"; shift 2
    curl -sS -o "$RUN_DIR/last-sim-response" -w '%{http_code}' -X "$method" "$STRIPE_API_BASE$path" "$@"
}

# The story ------------------------------------------------------------------------
# Every reference carries this run's id, so the story can be played again on the same
# database and broker.
RUN_ID="$(date -u +%Y%m%d%H%M%S)"
ACCOUNT="" PRODUCT="" PRICE="" LOCATION="" READER="" STORY_SECONDS=0 DLQ_BEFORE=0
SITE="http://127.0.0.1:$((PORT_BASE + 9))/shop"   # the platform's own pages (never opened)
SHOP_DOMAIN="lovelace-ceramics.example.com"   # the shop's web domain (registered for wallets and Link)
BUYER1="ada.buyer+$RUN_ID@example.com"
BUYER2="grace.buyer+$RUN_ID@example.com"
BUYER3="alan.buyer+$RUN_ID@example.com"
BUYER4="katherine.buyer+$RUN_ID@example.com"
BUYER5="mary.buyer+$RUN_ID@example.com"
BUYER6="dorothy.buyer+$RUN_ID@example.nl"
ORDER_ONLINE="web-$RUN_ID-1"; ORDER_DELAYED="web-$RUN_ID-2"; ORDER_APP="app-$RUN_ID-3"
ORDER_ELEMENTS="web-$RUN_ID-6"
ORDER_RETURNING="app-$RUN_ID-7"
ORDER_IDEAL="web-$RUN_ID-8"; ORDER_DEFERRED="web-$RUN_ID-9"; ORDER_DISPUTED="web-$RUN_ID-10"
SELLER_EMAIL="owner+$RUN_ID@ceramics.example"
STORY_CLOCK_START=0   # the simulator's clock when the story began (Unix seconds)
ORDER_SHOP="shop-$RUN_ID-4"; ORDER_ABANDONED="shop-$RUN_ID-5"; ORDER_POS="shop-$RUN_ID-6"

story_seller() {
    say "1. A seller signs up: connected account prefilled (person, bank account, payouts), onboarding link"
    local reply link status second
    reply="$(send onboarding.create_account "{\"seller_reference\":\"seller-$RUN_ID\",\"country\":\"US\",
        \"email\":\"$SELLER_EMAIL\",\"controller\":{\"fees\":{\"payer\":\"application\"},
        \"losses\":{\"payments\":\"application\"},\"stripe_dashboard\":{\"type\":\"express\"}},
        \"business_type\":\"individual\",\"business_profile\":{\"name\":\"Lovelace Ceramics\",\"mcc\":\"5719\",
        \"url\":\"https://ceramics.example\"},
        \"individual\":{\"first_name\":\"Ada\",\"last_name\":\"Lovelace\",\"email\":\"owner+$RUN_ID@ceramics.example\",
        \"phone\":\"+14155550100\",\"dob\":{\"day\":10,\"month\":12,\"year\":1985},
        \"address\":{\"line1\":\"address_full_match\",\"city\":\"San Francisco\",\"state\":\"CA\",
        \"postal_code\":\"94110\",\"country\":\"US\"},\"id_number\":\"000000000\"},
        \"external_account\":{\"token\":\"btok_us_verified_accountClosed\"},
        \"settings\":{\"payments\":{\"statement_descriptor\":\"LOVELACE CERAMICS\"},
        \"payouts\":{\"schedule\":{\"interval\":\"weekly\",\"weekly_anchor\":\"friday\"}}}}")" || return 1
    ACCOUNT="$(jget result.account <<<"$reply")"
    step_ok "connected account $ACCOUNT"
    # The nested controller must reach Stripe as controller[...] (it once arrived as an
    # empty `controller=`, which Stripe refuses): the simulator's account shows it.
    status="$(sim GET "/v1/accounts/$ACCOUNT" -u "$STRIPE_API_KEY:")"
    if [ "$status" = 200 ] && [ "$(jget controller.fees.payer <"$RUN_DIR/last-sim-response")" = application ] \
        && [ "$(jget controller.stripe_dashboard.type <"$RUN_DIR/last-sim-response")" = express ]; then
        step_ok "Stripe has its controller: fees paid by the application, Express dashboard"
    else
        step_fail "account $ACCOUNT lacks the controller it was created with (HTTP $status)"; return 1
    fi
    # Prefilled: Stripe's onboarding has nothing left to ask but the terms.
    if [ "$(jget requirements.currently_due <"$RUN_DIR/last-sim-response")" = '["tos_acceptance.date", "tos_acceptance.ip"]' ]; then
        step_ok "prefilled: Stripe still needs only the terms (tos_acceptance.date, tos_acceptance.ip)"
    else
        step_fail "prefilled account still needs $(jget requirements.currently_due <"$RUN_DIR/last-sim-response")"; return 1
    fi
    # A second seller with nothing but a reference: the platform's default controller properties.
    reply="$(send onboarding.create_account "{\"seller_reference\":\"second-$RUN_ID\"}")" || return 1
    second="$(jget result.account <<<"$reply")"
    status="$(sim GET "/v1/accounts/$second" -u "$STRIPE_API_KEY:")"
    [ "$status" = 200 ] && [ "$(jget controller.stripe_dashboard.type <"$RUN_DIR/last-sim-response")" = full ] \
        && step_ok "second account $second with the platform's defaults: $(jget type <"$RUN_DIR/last-sim-response"), country $(jget country <"$RUN_DIR/last-sim-response"), full dashboard" \
        || { step_fail "bare account $second: HTTP $status"; return 1; }
    wait_event onboarding.account.created account="$ACCOUNT" || true
    reply="$(send onboarding.create_account_link "{\"account\":\"$ACCOUNT\",\"type\":\"account_onboarding\",
        \"refresh_url\":\"$SITE/onboarding/refresh\",\"return_url\":\"$SITE/onboarding/done\"}")" || return 1
    link="$(jget result.url <<<"$reply")"
    status="$(curl -sS -o /dev/null -w '%{http_code}' "$link?outcome=complete")"
    [ "$status" = 302 ] && step_ok "the seller completes onboarding at $link (HTTP $status)" \
        || { step_fail "onboarding page answered HTTP $status"; return 1; }
    wait_event stripe.account.updated id="$ACCOUNT" charges_enabled=True || return 1
    wait_event onboarding.account.onboarding_completed account="$ACCOUNT" || return 1
    wait_event onboarding.account.capability_updated account="$ACCOUNT" capability=card_payments status=active || return 1
    reply="$(send onboarding.create_login_link "{\"account\":\"$ACCOUNT\"}")" || return 1
    [ -n "$(jget result.url <<<"$reply")" ] && step_ok "Express dashboard login link issued (single use, only in the reply)" \
        || { step_fail "no login link: $reply"; return 1; }
    reply="$(send onboarding.create_account_session "{\"account\":\"$ACCOUNT\",\"components\":{
        \"notification_banner\":{\"enabled\":true},\"payments\":{\"enabled\":true,\"features\":{\"refund_management\":true}},
        \"payouts\":{\"enabled\":true}}}")" || return 1
    [ -n "$(jget result.client_secret <<<"$reply")" ] && step_ok "account session for embedded components (client secret only in the reply)" \
        || { step_fail "no account session: $reply"; return 1; }
}

# The shop's web domain on the seller's account, so Apple Pay, Google Pay and Link show
# in Elements there (direct charges need it on each connected account).
story_payment_method_domain() {
    say "1b. The shop's domain is registered for Apple Pay, Google Pay and Link on the seller"
    local reply domain again listed
    reply="$(send payments.register_payment_method_domain "{\"domain_name\":\"$SHOP_DOMAIN\"}" --account "$ACCOUNT")" || return 1
    domain="$(jget result.domain.payment_method_domain <<<"$reply")"
    [ "$(jget result.created <<<"$reply")" = true ] && [ "$(jget result.domain.apple_pay_status <<<"$reply")" = active ] \
        && [ "$(jget result.domain.link_status <<<"$reply")" = active ] \
        && step_ok "$SHOP_DOMAIN registered on $ACCOUNT as $domain (Apple Pay, Google Pay, Link active)" \
        || { step_fail "domain not registered: $reply"; return 1; }
    again="$(send payments.register_payment_method_domain "{\"domain_name\":\"$SHOP_DOMAIN\"}" --account "$ACCOUNT")" || return 1
    [ "$(jget result.created <<<"$again")" = false ] && [ "$(jget result.domain.payment_method_domain <<<"$again")" = "$domain" ] \
        && step_ok "registering it again returns the same domain (nothing created)" \
        || { step_fail "a second registration answered: $again"; return 1; }
    listed="$(send payments.list_payment_method_domains "{}" --account "$ACCOUNT")" || return 1
    [ "$(jget result.domains.0.domain_name <<<"$listed")" = "$SHOP_DOMAIN" ] \
        && step_ok "the seller's payment method domains list $SHOP_DOMAIN" \
        || { step_fail "domain list: $listed"; return 1; }
}

story_checkout() {
    say "2. A buyer pays online: product, price, hosted Checkout with an application fee, card"
    local reply session status
    reply="$(send payments.create_product "{\"name\":\"Stoneware mug\",\"description\":\"Hand-thrown, 350 ml\"}" \
        --account "$ACCOUNT")" || return 1
    PRODUCT="$(jget result.product <<<"$reply")"
    reply="$(send payments.create_price "{\"product\":\"$PRODUCT\",\"unit_amount\":2400,\"currency\":\"usd\"}" \
        --account "$ACCOUNT")" || return 1
    PRICE="$(jget result.price <<<"$reply")"
    step_ok "product $PRODUCT, price $PRICE (24.00 USD)"
    reply="$(send payments.create_checkout_session "{\"order_reference\":\"$ORDER_ONLINE\",
        \"line_items\":[{\"price\":\"$PRICE\",\"quantity\":2}],\"application_fee_amount\":480,
        \"customer_email\":\"$BUYER1\",\"success_url\":\"$SITE/thanks?session={CHECKOUT_SESSION_ID}\",
        \"cancel_url\":\"$SITE/cart\"}" --account "$ACCOUNT")" || return 1
    session="$(jget result.checkout_session <<<"$reply")"
    status="$(sim POST "/sim/checkout/$session/pay" -d payment_method=pm_card_visa)"
    [ "$status" = 302 ] && step_ok "the buyer pays $session with a Visa test card (HTTP $status)" \
        || { step_fail "Checkout page answered HTTP $status: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    wait_event stripe.checkout.session.completed id="$session" || true
    wait_event payments.order.paid order_reference="$ORDER_ONLINE" amount=4800 application_fee_amount=480 || return 1
    wait_mail 1
}

story_checkout_elements() {
    say "2a. Another buyer pays on the shop's own page: Checkout with ui_mode=elements (the Payment Element)"
    local reply session secret status state
    reply="$(send payments.create_checkout_session "{\"order_reference\":\"$ORDER_ELEMENTS\",
        \"line_items\":[{\"price\":\"$PRICE\",\"quantity\":1}],\"application_fee_amount\":240,
        \"customer_email\":\"$BUYER4\",\"ui_mode\":\"elements\",
        \"return_url\":\"$SITE/return?session_id={CHECKOUT_SESSION_ID}\"}" --account "$ACCOUNT")" || return 1
    session="$(jget result.checkout_session <<<"$reply")"
    secret="$(jget result.client_secret <<<"$reply")"
    [ -n "$secret" ] && [ "$secret" != None ] && step_ok "session $session answers a client secret for the Payment Element" \
        || { step_fail "no client_secret in the elements session's reply: $reply"; return 1; }
    reply="$(send payments.get_checkout_session "{\"checkout_session\":\"$session\"}" --account "$ACCOUNT")" || return 1
    state="$(jget result.status <<<"$reply")/$(jget result.payment_status <<<"$reply")/$(jget result.order_state <<<"$reply")"
    [ "$state" = "open/unpaid/open" ] && step_ok "the return page asks before payment: $state" \
        || { step_fail "get_checkout_session before payment: $state"; return 1; }
    # The page the Payment Element is mounted on (stripe-sim), then the buyer's card.
    status="$(sim GET "/sim/checkout/embedded?client_secret=$secret")"
    [ "$status" = 200 ] || { step_fail "the Payment Element page answered HTTP $status"; return 1; }
    status="$(sim POST "/sim/checkout/$session/submit" -d method=card -d card_number=4242424242424242 -d "email=$BUYER4")"
    [ "$status" = 303 ] && step_ok "the buyer pays $session in the Payment Element with a Visa test card (HTTP $status)" \
        || { step_fail "the Payment Element page answered HTTP $status: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    wait_event payments.order.paid order_reference="$ORDER_ELEMENTS" amount=2400 application_fee_amount=240 || return 1
    reply="$(send payments.get_checkout_session "{\"checkout_session\":\"$session\"}" --account "$ACCOUNT")" || return 1
    state="$(jget result.status <<<"$reply")/$(jget result.payment_status <<<"$reply")/$(jget result.order_state <<<"$reply")"
    [ "$state" = "complete/paid/paid" ] && step_ok "the return page asks after payment: $state" \
        || { step_fail "get_checkout_session after payment: $state"; return 1; }
    wait_mail 2
}

story_delayed_failure() {
    say "2b. A second buyer pays with a delayed method (SEPA Debit) that fails"
    local reply session status
    reply="$(send payments.create_checkout_session "{\"order_reference\":\"$ORDER_DELAYED\",
        \"line_items\":[{\"price\":\"$PRICE\",\"quantity\":1}],\"application_fee_amount\":240,
        \"customer_email\":\"$BUYER2\",\"payment_method_types\":[\"sepa_debit\"],
        \"success_url\":\"$SITE/thanks?session={CHECKOUT_SESSION_ID}\",\"cancel_url\":\"$SITE/cart\"}" \
        --account "$ACCOUNT")" || return 1
    session="$(jget result.checkout_session <<<"$reply")"
    status="$(sim POST "/sim/checkout/$session/pay" -d payment_method=sepa_fail)"
    [ "$status" = 302 ] && step_ok "the buyer pays $session by SEPA Debit (HTTP $status); the debit fails later" \
        || { step_fail "Checkout page answered HTTP $status: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    wait_event payments.order.awaiting_payment order_reference="$ORDER_DELAYED" || return 1
    wait_event payments.order.payment_failed order_reference="$ORDER_DELAYED" || return 1
    wait_mail 4   # "payment received, confirming with your bank", then "payment failed"
}

story_payment_sheet() {
    say "3. A buyer pays in the app: PaymentSheet bundle, confirmed by the app"
    local reply pi status
    reply="$(send payments.create_payment_sheet "{\"order_reference\":\"$ORDER_APP\",
        \"customer_reference\":\"buyer-$RUN_ID-3\",\"customer_email\":\"$BUYER3\",\"amount\":3600,
        \"currency\":\"usd\",\"application_fee_amount\":360}" --account "$ACCOUNT")" || return 1
    pi="$(jget result.payment_intent <<<"$reply")"
    step_ok "PaymentSheet: customer $(jget result.customer <<<"$reply"), PaymentIntent $pi, key $(jget result.publishable_key <<<"$reply")"
    # What the mobile SDK does with the client secret: confirm with the buyer's card.
    status="$(sim POST "/v1/payment_intents/$pi/confirm" -u "$STRIPE_API_KEY:" -H "Stripe-Account: $ACCOUNT" \
        -d payment_method=pm_card_visa)"
    [ "$status" = 200 ] && step_ok "the app confirms $pi with a Visa test card (HTTP $status)" \
        || { step_fail "confirm answered HTTP $status: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    wait_event payments.order.paid order_reference="$ORDER_APP" amount=3600 || return 1
    wait_mail 5
}

story_returning_buyer() {
    say "3b. A returning buyer: card saved in the app's setup sheet, later charged off-session"
    local reply seti method status
    reply="$(send payments.create_setup_sheet "{\"customer_reference\":\"buyer-$RUN_ID-7\",
        \"customer_email\":\"$BUYER5\"}" --account "$ACCOUNT")" || return 1
    seti="$(jget result.setup_intent <<<"$reply")"
    step_ok "setup sheet: customer $(jget result.customer <<<"$reply"), SetupIntent $seti (nothing charged)"
    # What the mobile SDK does in setup mode: confirm the SetupIntent with the buyer's card.
    status="$(sim POST "/v1/setup_intents/$seti/confirm" -u "$STRIPE_API_KEY:" -H "Stripe-Account: $ACCOUNT" \
        -d payment_method=pm_card_visa)"
    [ "$status" = 200 ] && [ "$(jget status <"$RUN_DIR/last-sim-response")" = succeeded ] \
        && step_ok "the app saves a Visa test card with $seti (HTTP $status)" \
        || { step_fail "SetupIntent confirm answered HTTP $status: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    wait_event stripe.setup_intent.succeeded id="$seti" || true
    reply="$(send payments.list_payment_methods "{\"customer_reference\":\"buyer-$RUN_ID-7\"}" --account "$ACCOUNT")" || return 1
    method="$(jget result.payment_methods.0.payment_method <<<"$reply")"
    [ "$(jget result.payment_methods.0.last4 <<<"$reply")" = 4242 ] && step_ok "saved for the buyer: $method (visa 4242)" \
        || { step_fail "list_payment_methods: $reply"; return 1; }
    # Weeks later the buyer reorders from an e-mail; the shop charges the saved card without them.
    reply="$(send payments.charge_saved_payment_method "{\"order_reference\":\"$ORDER_RETURNING\",
        \"customer_reference\":\"buyer-$RUN_ID-7\",\"payment_method\":\"$method\",\"amount\":1800,
        \"currency\":\"usd\",\"application_fee_amount\":180,\"customer_email\":\"$BUYER5\",
        \"authentication_url\":\"https://ceramics.example/orders/$ORDER_RETURNING/pay\"}" --account "$ACCOUNT")" || return 1
    [ "$(jget result.status <<<"$reply")" = succeeded ] && step_ok "charged off-session: $(jget result.payment_intent <<<"$reply") succeeded" \
        || { step_fail "off-session charge: $reply"; return 1; }
    wait_event payments.order.paid order_reference="$ORDER_RETURNING" amount=1800 application_fee_amount=180 || return 1
    wait_mail 5
}

# present_card READER: the buyer taps a card on the simulated reader.
present_card() {
    local status
    status="$(sim POST "/v1/test_helpers/terminal/readers/$1/present_payment_method" -u "$STRIPE_API_KEY:" \
        -H "Stripe-Account: $ACCOUNT")"
    [ "$status" = 200 ] && step_ok "a card is presented on reader $1" \
        || { step_fail "present_payment_method answered HTTP $status: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
}

story_terminal() {
    say "4. A buyer pays in the shop: reader, cart on its screen, card-present PaymentIntent, decline then approval, capture with a tip"
    local reply pi pi2
    reply="$(send terminal.create_location "{\"display_name\":\"Lovelace Ceramics, Main St\",
        \"address\":{\"line1\":\"1 Main St\",\"city\":\"San Francisco\",\"state\":\"CA\",\"postal_code\":\"94110\",\"country\":\"US\"}}" \
        --account "$ACCOUNT")" || return 1
    LOCATION="$(jget result.location <<<"$reply")"
    reply="$(send terminal.register_reader "{\"registration_code\":\"simulated-wpe\",\"location\":\"$LOCATION\",
        \"label\":\"Counter\"}" --account "$ACCOUNT")" || return 1
    READER="$(jget result.reader <<<"$reply")"
    step_ok "reader $READER registered at $LOCATION"
    send terminal.set_reader_display "{\"reader\":\"$READER\",\"cart\":{\"currency\":\"usd\",
        \"line_items\":[{\"description\":\"Ceramic bowl\",\"amount\":2800,\"quantity\":1},
        {\"description\":\"Espresso cup\",\"amount\":700,\"quantity\":2}],\"total\":4200}}" --account "$ACCOUNT" >/dev/null || return 1
    step_ok "the cart (42.00 USD) is shown on reader $READER"
    # 42.05 USD: the simulator declines amounts ending in .05 (generic_decline).
    reply="$(send terminal.create_payment_intent "{\"order_reference\":\"$ORDER_SHOP\",\"amount\":4205,
        \"currency\":\"usd\",\"capture_method\":\"manual\",\"application_fee_amount\":420}" --account "$ACCOUNT")" || return 1
    pi="$(jget result.payment_intent <<<"$reply")"
    send terminal.process_payment "{\"reader\":\"$READER\",\"payment_intent\":\"$pi\"}" --account "$ACCOUNT" >/dev/null || return 1
    present_card "$READER" || return 1
    wait_event terminal.payment.declined payment_intent="$pi" || return 1
    # The clerk corrects the amount to 42.00; the same PaymentIntent is used again.
    reply="$(send terminal.create_payment_intent "{\"order_reference\":\"$ORDER_SHOP\",\"amount\":4200,
        \"currency\":\"usd\",\"capture_method\":\"manual\",\"application_fee_amount\":420}" --account "$ACCOUNT")" || return 1
    pi2="$(jget result.payment_intent <<<"$reply")"
    [ "$pi2" = "$pi" ] && step_ok "same PaymentIntent $pi reused (no second charge)" \
        || { step_fail "a second PaymentIntent $pi2 was created for $ORDER_SHOP"; return 1; }
    send terminal.process_payment "{\"reader\":\"$READER\",\"payment_intent\":\"$pi\"}" --account "$ACCOUNT" >/dev/null || return 1
    present_card "$READER" || return 1
    wait_event terminal.payment.authorized payment_intent="$pi" || return 1
    # A 4.20 tip on the receipt: 46.20 captured (over-capture), the fee recomputed by the
    # policy (CAPTURE_FEE_PERCENT=10): 4.62 instead of the 4.20 set at creation.
    send terminal.capture_payment "{\"payment_intent\":\"$pi\",\"amount_to_capture\":4620}" --account "$ACCOUNT" >/dev/null || return 1
    wait_event terminal.payment.captured payment_intent="$pi" amount_captured=4620 application_fee_amount=462 || return 1
}

story_app_created() {
    say "4c. The point-of-sale app creates the PaymentIntent itself (Terminal SDK) with a wrong fee; reconciliation captures it with the platform's"
    local pi status
    status="$(sim POST /v1/payment_intents -u "$STRIPE_API_KEY:" -H "Stripe-Account: $ACCOUNT" \
        -H "Stripe-Version: 2026-11-18.endive" -d amount=1800 -d currency=usd -d application_fee_amount=5 \
        -d "allowed_payment_method_types[]=card_present" -d capture_method=manual -d "metadata[order_reference]=$ORDER_POS")"
    [ "$status" = 200 ] || { step_fail "creating the app's PaymentIntent answered HTTP $status: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    pi="$(jget id <"$RUN_DIR/last-sim-response")"
    step_ok "the app created $pi on $ACCOUNT (the gateway has never seen it)"
    status="$(sim POST "/v1/terminal/readers/$READER/process_payment_intent" -u "$STRIPE_API_KEY:" -H "Stripe-Account: $ACCOUNT" \
        -d "payment_intent=$pi")"
    [ "$status" = 200 ] || { step_fail "process_payment_intent answered HTTP $status: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    present_card "$READER" || return 1
    wait_event terminal.payment.authorized payment_intent="$pi" order_reference="$ORDER_POS" || return 1
    # The order is handed over; the end-of-day run captures it and corrects the app's 0.05 fee
    # to the policy's (10 % of 18.00), announcing the correction.
    send terminal.complete_order "{\"order_reference\":\"$ORDER_POS\"}" >/dev/null || return 1
    send terminal.reconcile "{\"older_than_seconds\":0}" --account "$ACCOUNT" >/dev/null || return 1
    wait_event terminal.payment.fee_corrected payment_intent="$pi" reason=app_fee application_fee_amount_before=5 \
        application_fee_amount=180 captured_by=reconciliation || return 1
    wait_event terminal.payment.captured payment_intent="$pi" order_reference="$ORDER_POS" application_fee_amount=180 || return 1
}

story_abandoned() {
    say "4b. An authorization the shop never captures is cancelled by reconciliation"
    local reply pi
    reply="$(send terminal.create_payment_intent "{\"order_reference\":\"$ORDER_ABANDONED\",\"amount\":1500,
        \"currency\":\"usd\",\"capture_method\":\"manual\"}" --account "$ACCOUNT")" || return 1
    pi="$(jget result.payment_intent <<<"$reply")"
    send terminal.process_payment "{\"reader\":\"$READER\",\"payment_intent\":\"$pi\"}" --account "$ACCOUNT" >/dev/null || return 1
    present_card "$READER" || return 1
    wait_event terminal.payment.authorized payment_intent="$pi" || return 1
    # The platform says the sale was abandoned, so the run cancels it without waiting for the
    # end-of-day grace.
    send terminal.abandon_order "{\"order_reference\":\"$ORDER_ABANDONED\"}" >/dev/null || return 1
    reply="$(send terminal.reconcile "{\"older_than_seconds\":0}" --account "$ACCOUNT")" || return 1
    step_ok "reconciliation: captured $(jget result.captured <<<"$reply"), canceled $(jget result.canceled <<<"$reply"), left $(jget result.left <<<"$reply")"
    wait_event terminal.payment.canceled payment_intent="$pi" || return 1
}

story_refund() {
    say "5. A refund: one of the two mugs of the online order comes back"
    send payments.refund "{\"order_reference\":\"$ORDER_ONLINE\",\"amount\":2400,\"reason\":\"requested_by_customer\"}" \
        --account "$ACCOUNT" >/dev/null || return 1
    wait_event payments.order.refunded order_reference="$ORDER_ONLINE" || return 1
}

# sim_redirect METHOD PATH [curl args…]: like sim, but prints "STATUS LOCATION" (a page
# that answers 303 sends the browser on to LOCATION).
sim_redirect() {
    local method="$1" path="$2"; shift 2
    curl -sS -o "$RUN_DIR/last-sim-response" -w '%{http_code} %{redirect_url}' -X "$method" "$STRIPE_API_BASE$path" "$@"
}

story_ideal() {
    say "6. A Dutch buyer pays by iDEAL: Checkout in euros, the bank's test page, back to the shop"
    local reply session answer page
    reply="$(send payments.create_checkout_session "{\"order_reference\":\"$ORDER_IDEAL\",
        \"line_items\":[{\"price_data\":{\"product_name\":\"Stoneware mug\",\"unit_amount\":2200,\"currency\":\"eur\"},\"quantity\":1}],
        \"application_fee_amount\":220,\"customer_email\":\"$BUYER6\",\"payment_method_types\":[\"card\",\"ideal\"],
        \"success_url\":\"$SITE/thanks?session={CHECKOUT_SESSION_ID}\",\"cancel_url\":\"$SITE/cart\"}" \
        --account "$ACCOUNT")" || return 1
    session="$(jget result.checkout_session <<<"$reply")"
    answer="$(sim_redirect POST "/sim/checkout/$session/pay" -d payment_method=ideal)"
    page="${answer#* }"
    [ "${answer%% *}" = 303 ] && step_ok "the buyer picks iDEAL on $session and is sent to the bank's page: $page" \
        || { step_fail "Checkout page answered $answer: $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    answer="$(curl -sS -o "$RUN_DIR/last-sim-response" -w '%{http_code} %{redirect_url}' -X POST "$page" -d outcome=authorize)"
    [ "${answer%% *}" = 303 ] && step_ok "'Authorize test payment': back to the shop at ${answer#* }" \
        || { step_fail "the iDEAL test page answered $answer"; return 1; }
    wait_event payments.order.paid order_reference="$ORDER_IDEAL" amount=2200 currency=eur application_fee_amount=220 || return 1
}

story_deferred() {
    say "7. A deferred intent: the Payment Element collects the card first, the server confirms with a ConfirmationToken"
    local query answer token reply
    query="account=$ACCOUNT&amount=1800&currency=usd"
    [ "$(sim GET "/sim/elements/confirmation_token?$query")" = 200 ] \
        || { step_fail "the Payment Element page answered $(cat "$RUN_DIR/last-sim-response")"; return 1; }
    answer="$(sim_redirect POST /sim/elements/confirmation_token -d "account=$ACCOUNT" -d amount=1800 -d currency=usd \
        --data-urlencode "next=$SITE/pay" -d method=card -d card_number=4242424242424242)"
    token="$(sed -n 's/.*confirmation_token=\(ctoken_[A-Za-z0-9]*\).*/\1/p' <<<"$answer")"
    [ -n "$token" ] && step_ok "the buyer's card is collected without a PaymentIntent: ConfirmationToken $token" \
        || { step_fail "no ConfirmationToken: $answer"; return 1; }
    reply="$(send payments.confirm_payment "{\"order_reference\":\"$ORDER_DEFERRED\",\"amount\":1800,\"currency\":\"usd\",
        \"application_fee_amount\":180,\"confirmation_token\":\"$token\"}" --account "$ACCOUNT")" || return 1
    [ "$(jget result.status <<<"$reply")" = succeeded ] \
        && step_ok "the server creates and confirms $(jget result.payment_intent <<<"$reply") with the token: succeeded" \
        || { step_fail "confirm_payment with the token: $reply"; return 1; }
    wait_event payments.order.paid order_reference="$ORDER_DEFERRED" amount=1800 application_fee_amount=180 || return 1
}

# event_field ROUTING_KEY FIELD [FIELD=VALUE…]: FIELD of the first event the monitor saw
# with that routing key and those fields (empty when none).
event_field() {
    python3 - "$EVENTS_LOG" "$@" <<'PY'
import json, sys
path, key, field, wanted = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
for line in open(path):
    try:
        e = json.loads(line)
    except ValueError:
        continue
    body = e.get("body") or {}
    if e.get("routing_key") == key and isinstance(body, dict) \
            and all(str(body.get(k)) == v for k, v in (w.split("=", 1) for w in wanted)):
        value = body.get(field, "")
        print(json.dumps(value) if isinstance(value, (dict, list)) else value)
        break
PY
}

# wait_mail_to ADDRESS TEXT: waits (up to 60 s) for an e-mail to ADDRESS whose subject holds TEXT.
wait_mail_to() {
    local i
    for i in $(seq 1 120); do
        if python3 - "$MAIL_DIR/new" "$1" "$2" <<'PY'
import email, os, sys
folder, to, text = sys.argv[1:]
for name in os.listdir(folder) if os.path.isdir(folder) else []:
    with open(os.path.join(folder, name), "rb") as f:
        m = email.message_from_binary_file(f)
    if to in m.get("To", "") and text in str(email.header.make_header(email.header.decode_header(m.get("Subject", "")))):
        sys.exit(0)
sys.exit(1)
PY
        then step_ok "e-mail to $1: '…$2…'"; return 0; fi
        sleep 0.5
    done
    step_fail "no e-mail to $1 about '$2' within 60 s"
    return 1
}

# sim_clock: the simulator's clock now (Unix seconds).
sim_clock() { curl -sS "$STRIPE_API_BASE/sim/clock" | jget now; }

story_money_after_the_sale() {
    say "8. Money after the sale: a card is disputed and the dispute won on evidence; a payout fails; the seller's statement"
    local reply dispute
    reply="$(send payments.confirm_payment "{\"order_reference\":\"$ORDER_DISPUTED\",\"amount\":2000,\"currency\":\"usd\",
        \"application_fee_amount\":200,\"payment_method\":\"pm_card_createDispute\"}" --account "$ACCOUNT")" || return 1
    wait_event payments.order.paid order_reference="$ORDER_DISPUTED" amount=2000 || return 1
    wait_event payments.dispute.opened order_reference="$ORDER_DISPUTED" || return 1
    dispute="$(event_field payments.dispute.opened dispute order_reference="$ORDER_DISPUTED")"
    step_ok "the buyer's bank disputes the payment ($dispute, fraudulent): 20.00 and Stripe's 15.00 fee withdrawn"
    wait_mail_to "$SELLER_EMAIL" "was disputed" || return 1
    reply="$(send payments.submit_dispute_evidence "{\"dispute\":\"$dispute\",\"submit\":true,
        \"evidence\":{\"uncategorized_text\":\"winning_evidence: delivered and signed for\",
        \"customer_email_address\":\"buyer@example.com\",\"product_description\":\"Stoneware mug\"}}" \
        --account "$ACCOUNT")" || return 1
    step_ok "evidence submitted: the dispute is $(jget result.status <<<"$reply")"
    cbx sim clock advance 2m >/dev/null || { step_fail "the simulator's clock did not move"; return 1; }
    wait_event payments.dispute.closed order_reference="$ORDER_DISPUTED" status=won || return 1
    step_ok "the bank decided on the simulator's clock: won, the 20.00 reinstated (the 15.00 fee is not)"

    # The seller's bank account (prefilled in step 1) is one Stripe's test mode fails payouts
    # to (btok_us_verified_accountClosed); payouts become daily and the clock moves four days.
    send onboarding.update_account "{\"settings\":{\"payouts\":{\"schedule\":{\"interval\":\"daily\"}}}}" \
        --account "$ACCOUNT" >/dev/null || return 1
    cbx sim clock advance 3d >/dev/null && cbx sim clock advance 1d >/dev/null \
        || { step_fail "the simulator's clock did not move"; return 1; }
    wait_event onboarding.payout.failed account="$ACCOUNT" || return 1
    step_ok "payout $(event_field onboarding.payout.failed payout account="$ACCOUNT" | jget id) failed: $(event_field onboarding.payout.failed payout account="$ACCOUNT" | jget failure_code)"
    wait_mail_to "$SELLER_EMAIL" "could not be paid to your bank" || return 1

    # The statement since the story's day began (UTC), printed; the summary checks its net.
    local from=$((STORY_CLOCK_START / 86400 * 86400)) to
    to=$(( $(sim_clock) + 1 ))
    reply="$(send payments.get_statement "{\"from\":$from,\"to\":$to}" --account "$ACCOUNT")" || return 1
    jget result <<<"$reply" >"$RUN_DIR/statement.json"
    python3 - "$RUN_DIR/statement.json" <<'PY' >&2
import json, sys
s = json.load(open(sys.argv[1]))
print("   the seller's statement: %d balance transactions, %d discrepancies" % (s["transactions"], len(s["discrepancies"])))
for c in s["currencies"]:
    print("     %s: gross %d, application fees %d, Stripe fees %d, refunds %d, disputes -%d +%d, net %d, paid out %d"
          % (c["currency"].upper(), c["gross_sales"], c["application_fees"], c["stripe_fees"], c["refunds"],
             c["dispute_withdrawals"], c["dispute_reinstatements"], c["net"], c["payouts"]))
for d in s["discrepancies"]:
    print("     does not match: %s %s %s" % (d["kind"], d["source"], d.get("order_reference") or ""))
PY
}

# Dead letters parked now (all, or with ACCOUNT only those of the demo's seller: earlier
# test runs on the same broker may have parked others); the summary checks that the
# story parks none.
dead_letter_count() {
    cbx dlq list --exact ${1:+--account "$1"} 2>/dev/null | sed -n 's/^dead letters: \([0-9]*\).*/\1/p'
}

play_story() {
    local start=$SECONDS
    rm -f "$RUN_DIR/story-failures"
    DLQ_BEFORE="$(dead_letter_count)"
    STORY_CLOCK_START="$(sim_clock)"
    story_seller || { step_fail "the seller is not onboarded; the rest of the story needs it"; return 1; }
    story_payment_method_domain || true
    story_checkout || true
    story_checkout_elements || true
    story_delayed_failure || true
    story_payment_sheet || true
    story_returning_buyer || true
    story_terminal || true
    story_app_created || true
    story_abandoned || true
    story_refund || true
    story_ideal || true
    story_deferred || true
    story_money_after_the_sale || true
    STORY_SECONDS=$((SECONDS - start))
    [ ! -s "$RUN_DIR/story-failures" ]
}

# The summary, from what the monitor saw, the SMTP sink received, the simulator's
# application fees and the dead-letter queues; exits non-zero when a check fails.
check_summary() {
    say "Summary"
    local fees dlq_after dlq_mine=""
    fees="$(curl -sS -u "$STRIPE_API_KEY:" "$STRIPE_API_BASE/v1/application_fees?limit=100" || echo '{}')"
    dlq_after="$(dead_letter_count)"
    [ -z "$ACCOUNT" ] || dlq_mine="$(dead_letter_count "$ACCOUNT")"
    python3 - "$EVENTS_LOG" "$MAIL_DIR" "$ACCOUNT" "${DLQ_BEFORE:-?}:${dlq_after:-?}:${dlq_mine:-?}" "$STORY_SECONDS" \
        "$ORDER_ONLINE" "$ORDER_DELAYED" "$ORDER_APP" "$ORDER_SHOP" "$ORDER_ABANDONED" \
        "$BUYER1" "$BUYER2" "$BUYER3" "$fees" "$ORDER_ELEMENTS" "$BUYER4" "$ORDER_RETURNING" "$BUYER5" "$ORDER_POS" \
        "$ORDER_IDEAL" "$BUYER6" "$ORDER_DEFERRED" "$ORDER_DISPUTED" "$SELLER_EMAIL" "$RUN_DIR/statement.json" <<'PY'
import collections, email, email.header, json, os, sys
(log, mail_dir, account, dlq_counts, seconds, online, delayed, app, shop, abandoned,
 buyer1, buyer2, buyer3, fees_json, elements, buyer4, returning, buyer5, pos, ideal, buyer6, deferred,
 disputed, seller_email, statement_path) = sys.argv[1:]
dlq_before, dlq_after, dlq_mine = dlq_counts.split(":")
events = []
for line in open(log):
    try:
        events.append(json.loads(line))
    except ValueError:
        pass
def body(e):
    b = e.get("body") or {}
    return b if isinstance(b, dict) else {}
def mine(e):
    b = body(e)
    return account and (e.get("stripe_account") == account or b.get("account") == account)
def of(key, **fields):
    return [body(e) for e in events if e["routing_key"] == key and mine(e)
            and all(str(body(e).get(k)) == str(v) for k, v in fields.items())]
per_key = collections.Counter(e["routing_key"] for e in events)
mails = []
new = os.path.join(mail_dir, "new")
for name in sorted(os.listdir(new)) if os.path.isdir(new) else []:
    with open(os.path.join(new, name), "rb") as f:
        m = email.message_from_binary_file(f)
    mails.append((m.get("To", ""), str(email.header.make_header(email.header.decode_header(m.get("Subject", ""))))))
try:
    fees = [f for f in json.loads(fees_json).get("data", []) if f.get("account") == account]
except ValueError:
    fees = []
def money(v):
    return "%d.%02d USD" % (v // 100, v % 100)
try:
    statement = json.load(open(statement_path))
except (OSError, ValueError):
    statement = {}
lines = {c["currency"]: c for c in statement.get("currencies", [])}

paid = of("payments.order.paid")
captured = of("terminal.payment.captured")
refunded = of("payments.order.refunded")
# Amounts in USD; the iDEAL order is in euros and its fee counted per currency.
amount_paid = (sum(b.get("amount", 0) for b in paid if b.get("currency", "usd") == "usd")
               + sum(b.get("amount_captured", b.get("amount", 0)) for b in captured))
fee_by_currency = collections.Counter()
for b in paid + captured:
    fee_by_currency[b.get("currency", "usd")] += b.get("application_fee_amount") or 0
fee_sim_by_currency = collections.Counter()
for f in fees:
    fee_sim_by_currency[f.get("currency", "usd")] += f.get("amount", 0)
fee_events, fee_sim = fee_by_currency["usd"], fee_sim_by_currency["usd"]
print("accounts:   %s (onboarding completed: %d)" % (account, len(of("onboarding.account.onboarding_completed"))))
print("orders:")
for ref, what in [(online, "online, hosted Checkout, card"), (elements, "online, Checkout elements, card"), (delayed, "online, SEPA Debit that fails"),
                  (app, "in the app, PaymentSheet"), (returning, "returning buyer, off-session"),
                  (shop, "in the shop, reader, tip"), (pos, "in the shop, app-created"),
                  (abandoned, "in the shop, never captured"), (ideal, "online, Checkout, iDEAL (EUR)"),
                  (deferred, "online, deferred intent, card"), (disputed, "online, card disputed, won")]:
    state = []
    for key, label in [("payments.order.paid", "paid"), ("payments.order.payment_failed", "payment failed"),
                       ("payments.order.refunded", "refunded"), ("payments.order.disputed", "disputed"),
                       ("terminal.payment.declined", "declined"),
                       ("terminal.payment.authorized", "authorized"), ("terminal.payment.captured", "captured"),
                       ("terminal.payment.canceled", "canceled")]:
        hits = of(key, order_reference=ref)
        if hits:
            state.append(label if len(hits) == 1 else "%s x%d" % (label, len(hits)))
    print("  %-28s %-34s %s" % (ref, what, ", ".join(state) or "-"))
print("amounts:    %s paid, %s refunded" % (money(amount_paid), money(sum(b.get("amount", 0) for b in refunded))))
print("application fees collected: %s (events), %s in %d application fees (stripe-sim); in EUR %d.%02d (events), %d.%02d (stripe-sim)"
      % (money(fee_events), money(fee_sim), len(fees), fee_by_currency["eur"] // 100, fee_by_currency["eur"] % 100,
         fee_sim_by_currency["eur"] // 100, fee_sim_by_currency["eur"] % 100))
print("events seen per routing key (%d in all):" % len(events))
for key, n in sorted(per_key.items()):
    print("  %-48s %d" % (key, n))
print("e-mails received by the SMTP sink: %d" % len(mails))
for to, subject in mails:
    print("  to %-44s %s" % (to, subject))
usd, eur = lines.get("usd", {}), lines.get("eur", {})
dispute_fee = 1500
print("statement:  USD net %s (gross %s, fees %s + %s, refunds %s, disputes -%s +%s), paid out %s; EUR net %s; %d discrepancies"
      % (money(usd.get("net", 0)), money(usd.get("gross_sales", 0)), money(usd.get("application_fees", 0)),
         money(usd.get("stripe_fees", 0)), money(usd.get("refunds", 0)), money(usd.get("dispute_withdrawals", 0)),
         money(usd.get("dispute_reinstatements", 0)), money(usd.get("payouts", 0)),
         money(eur.get("net", 0)).replace("USD", "EUR"),
         len(statement.get("discrepancies", []))))
print("dead letters: %s of the demo's seller (%s parked before the story, %s now)" % (dlq_mine, dlq_before, dlq_after))
print("story wall time: %s s" % seconds)

checks = [
    ("seller onboarded once", len(of("onboarding.account.onboarding_completed")) == 1),
    ("online order paid exactly once", len(of("payments.order.paid", order_reference=online)) == 1),
    ("elements order paid exactly once", len(of("payments.order.paid", order_reference=elements)) == 1),
    ("delayed-method order failed", len(of("payments.order.payment_failed", order_reference=delayed)) >= 1),
    ("delayed-method order not paid", len(of("payments.order.paid", order_reference=delayed)) == 0),
    ("app order paid exactly once", len(of("payments.order.paid", order_reference=app)) == 1),
    ("returning buyer charged off-session with the saved card, paid exactly once",
        len(of("payments.order.paid", order_reference=returning)) == 1
        and len(of("payments.order.requires_action", order_reference=returning)) == 0),
    ("shop order declined, then captured once", len(of("terminal.payment.declined", order_reference=shop)) >= 1
        and len(of("terminal.payment.captured", order_reference=shop)) == 1),
    ("shop sale: 4.20 tip captured (46.20) with the fee recomputed (4.62)",
        [(b.get("amount_captured"), b.get("application_fee_amount")) for b in of("terminal.payment.captured", order_reference=shop)]
        == [(4620, 462)]),
    ("app-created PaymentIntent recorded, authorized and captured once with the policy fee (1.80)",
        len(of("terminal.payment.authorized", order_reference=pos)) == 1
        and [(b.get("amount_captured"), b.get("application_fee_amount")) for b in of("terminal.payment.captured", order_reference=pos)]
        == [(1800, 180)]),
    ("the app's fee corrected at reconciliation (0.05 -> 1.80), once",
        [(b.get("application_fee_amount_before"), b.get("application_fee_amount"), b.get("reason"), b.get("captured_by"))
         for b in of("terminal.payment.fee_corrected", order_reference=pos)] == [(5, 180, "app_fee", "reconciliation")]),
    ("abandoned authorization canceled", len(of("terminal.payment.canceled", order_reference=abandoned)) == 1),
    ("refund published", len(of("payments.order.refunded", order_reference=online)) == 1),
    ("iDEAL order paid exactly once through the bank's test page (22.00 EUR, fee 2.20)",
        [(b.get("amount"), b.get("currency"), b.get("application_fee_amount")) for b in of("payments.order.paid", order_reference=ideal)]
        == [(2200, "eur", 220)]),
    ("deferred-intent order paid exactly once with its ConfirmationToken (18.00, fee 1.80)",
        [(b.get("amount"), b.get("application_fee_amount")) for b in of("payments.order.paid", order_reference=deferred)] == [(1800, 180)]),
    ("amounts: 228.20 USD paid, 24.00 USD refunded",
        amount_paid == 22820 and sum(b.get("amount", 0) for b in refunded) == 2400),
    ("disputed card: opened once, evidence submitted, won on the simulator's clock",
        len(of("payments.dispute.opened", order_reference=disputed)) == 1
        and [b.get("status") for b in of("payments.dispute.closed", order_reference=disputed)] == ["won"]),
    ("the seller e-mailed once about the dispute and once about the failed payout (account_closed)",
        sum(1 for to, s in mails if seller_email in to and "was disputed" in s) == 1
        and sum(1 for to, s in mails if seller_email in to and "could not be paid" in s) == 1
        and [(b.get("payout") or {}).get("failure_code") for b in of("onboarding.payout.failed")] == ["account_closed"]),
    ("statement: USD net = paid - fees - refunds - the dispute's 15.00 fee (won), EUR net 19.80, nothing unmatched",
        usd.get("net") == amount_paid - fee_events - sum(b.get("amount", 0) for b in refunded) - dispute_fee
        and usd.get("dispute_withdrawals") == usd.get("dispute_reinstatements") == 2000
        and eur.get("net") == 2200 - 220 and statement.get("discrepancies") == []),
    ("Stripe webhooks re-published: account, Checkout, PaymentIntent, reader, refund",
        all(per_key.get(k, 0) >= 1 for k in ("stripe.account.updated", "stripe.checkout.session.completed",
                                              "stripe.payment_intent.succeeded",
                                              "stripe.terminal.reader.action_succeeded", "stripe.charge.refunded"))),
    ("confirmation e-mails to five buyers, one each; the delayed-method buyer one 'confirming with your bank', then one failure",
        all(sum(1 for to, _ in mails if b in to) == 1 for b in (buyer1, buyer3, buyer4, buyer5, buyer6))
        and sorted("received, confirming" in s for to, s in mails if buyer2 in to) == [False, True]),
    ("application fees: events = stripe-sim = 22.82 USD and 2.20 EUR",
        fee_events == fee_sim == 2282 and fee_by_currency["eur"] == fee_sim_by_currency["eur"] == 220),
    ("dead letters: 0", dlq_mine == "0"),
]
print()
failed = 0
for name, ok in checks:
    print("  %s  %s" % ("PASS" if ok else "FAIL", name))
    failed += 0 if ok else 1
print("\ndemo check: %s" % ("all %d checks passed" % len(checks) if not failed else "%d of %d checks FAILED" % (failed, len(checks))))
sys.exit(1 if failed else 0)
PY
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
        local echo_pid=$!
        play_story || status=1
        sleep 1   # late events (e-mail sent, duplicates) reach the monitor
        kill "$echo_pid" 2>/dev/null || true
        check_summary || status=1
        cb_log "demo: $( [ "$status" = 0 ] && echo passed || echo FAILED ) in $((SECONDS - begin)) s (story $STORY_SECONDS s)"
    fi
    if [ "$browser" = 1 ]; then
        browser_setup || { cb_log "demo: the browser set-up failed (see above); stop with scripts/demo.sh --stop"; return 1; }
    fi
    if [ "$keep" = 1 ]; then
        local moved=""
        [ "$PORT_BASE" = 8080 ] || moved+=" DEMO_HTTP_PORT_BASE=$PORT_BASE"
        [ "$STRIPE_SIM_PORT" = 12111 ] || moved+=" STRIPE_SIM_PORT=$STRIPE_SIM_PORT"
        cb_log "demo: everything runs; try: eval \"\$(scripts/infra-env.sh)\"${moved:+ && export$moved} && $BIN_DIR/connectbus status"
        cb_log "      (infra-env.sh exports the servers' ports${moved:+; the export, the services' and the simulator's}); stop it with: scripts/demo.sh --stop"
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
