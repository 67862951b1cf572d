#!/usr/bin/env bash
# Webhook ingress side by side with its Python peer (../shared/bench/ingress/peer: Flask under
# gunicorn sync workers, the stripe verifier, psycopg, a pika relay), in rounds on the same
# local servers, with the same wrk script and the same kind of signed ~2 KiB events:
#   1. notifications, closed loop at 16 connections (scripts/bench-webhooks.sh);
#   2. the peer with 2 and with 4 workers, closed loop at 16 connections for PEER_SECONDS, driven
#      by its harness's own gen_events.py and replay.lua, every event sent checked stored (its
#      `ctl.py verify`);
#   3. notifications paced at PACED_RATE events/s (default 2,000): the p99 at that offered load.
# Prints one line per measurement with the load average (compare within a round only), and
# ends with one summary block (scripts/lib/bench_summary.py), one line per metric with the
# median of the rounds and every round: each run's rate and wrk p99, the CPU per event of
# notifications and of the peer (the service or the peer's processes, the broker, Postgres,
# their total), the p99 of each stage a webhook
# waits in (bench-webhooks.sh's "where a webhook waits": the checks, the group commit's queue
# and its write, the service's whole, wrk's, and the HTTP server's rest), and notifications'
# closed-loop rate ÷ the peer's at its best worker count.
# The peer runs from a virtualenv with its pinned requirements (PEER_PYTHON, default
# /tmp/bvenv/bin/python, created with `python3 -m venv` + `pip install -r
# peer/requirements.txt` when missing); BENCH_PEERS=0 skips the peer (its virtualenv too):
# notifications alone, closed loop and paced.
# Usage: scripts/bench-ingress.sh [ROUNDS=3]   (env: PEER_BENCH_DIR, BENCH_PEERS=0, PEER_EVENTS=20000,
# PEER_SECONDS=10, PEER_WORKERS="2 4", PEER_PORT=18490, CB_EVENTS=40000, PACED_RATE=2000,
# PACED_EVENTS=30000, BENCH_BIN=<folder with notifications and connectbus-bench: no build>,
# BENCH_SKIP_BUILD=1, BENCH_BUILD_PATH (default .build), bench-webhooks.sh's BENCH_PORT (18480),
# the port variables of scripts/lib/common.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/bench-summary.sh"
cd "$CB_REPO"
ROUNDS="${1:-3}"
"$CB_REPO/scripts/infra-up.sh" >&2
. "$CB_REPO/scripts/lib/common.sh"
export AMQP_URL="${AMQP_URL:-$(cb_admin_amqp_url)}"
export DATABASE_URL="${DATABASE_URL:-$(cb_admin_database_url)}"
cb_bench_peers ingress/peer/ctl.py "the Python peer's runs"
PEER_PYTHON="${PEER_PYTHON:-/tmp/bvenv/bin/python}"
if [ -n "$PEERS" ] && ! "$PEER_PYTHON" -c "import flask, gunicorn, stripe, psycopg, pika" 2>/dev/null; then
    cb_log "creating the peer's virtualenv $(dirname "$(dirname "$PEER_PYTHON")")"
    python3 -m venv "$(dirname "$(dirname "$PEER_PYTHON")")"
    "$PEER_PYTHON" -m pip install --quiet --disable-pip-version-check -r "$PEERS/ingress/peer/requirements.txt"
fi
# bench-webhooks.sh runs these executables (nothing built there).
BIN="$(cb_bench_bin .build notifications connectbus-bench)"
WORK="$(mktemp -d)"
CTL=()
# On exit the peer stops and its sink queue is emptied (`ctl.py reset`; its tables keep their
# rows for the next run's steady state): a later user of the broker (the chaos run's "queues
# drained" after the CI smoke) must not find the peer's last events waiting there.
trap '[ "${#CTL[@]}" = 0 ] || { "${CTL[@]}" stop >/dev/null 2>&1; "${CTL[@]}" reset >/dev/null 2>&1; } || true; rm -rf "$WORK"' EXIT
if [ -n "$PEERS" ]; then
    psql "$DATABASE_URL" -qtAc "SELECT 1 FROM pg_database WHERE datname = 'peer'" | grep -q 1 \
        || psql "$DATABASE_URL" -qc "CREATE DATABASE peer"
    export PEER_DSN="postgresql://$CB_ADMIN_ROLE:$CB_ADMIN_ROLE_PASSWORD@127.0.0.1:$CB_PG_PORT/peer"
    export PEER_AMQP_URL="amqp://$CB_AMQP_ADMIN:$CB_AMQP_ADMIN_PASSWORD@127.0.0.1:$CB_AMQP_PORT/%2F"
    export PEER_RUN_DIR="$WORK/peer"
    CTL=("$PEER_PYTHON" "$PEERS/ingress/peer/ctl.py")
    "${CTL[@]}" setup >/dev/null
fi
PORT="${PEER_PORT:-18490}"
SECRET="whsec_peer_$RANDOM$RANDOM"
load() { cut -d' ' -f1-3 /proc/loadavg; }
# CPU ticks of the running peer: its root processes (gunicorn's master, the relay) and their
# children (gunicorn's workers).
peer_ticks() {
    local total=0 root pid
    for root in $("${CTL[@]}" pids 2>/dev/null); do
        for pid in "$root" $(pgrep -P "$root"); do
            total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
        done
    done
    echo "$total"
}
stored() { "${CTL[@]}" verify | python3 -c 'import json,sys; print(json.load(sys.stdin)["stored"])'; }

# wrk's latency (850.00us, 12.34ms, 1.20s) in milliseconds.
ms() { awk '{v = $1; if (v ~ /us$/) print v / 1000; else if (v ~ /ms$/) print v + 0; else if (v ~ /s$/) print v * 1000}'; }

connectbus() { # metric label, line label, env...
    local metric="$1" label="$2"; shift 2
    env BENCH_BIN="$BIN" "$@" scripts/bench-webhooks.sh >"$WORK/cb.txt" 2>&1 || { cat "$WORK/cb.txt" >&2; cb_die "bench-webhooks.sh failed"; }
    local rps p99 rate events cpu="" part us total=0
    rps="$(awk '/Requests\/sec/ {print $2}' "$WORK/cb.txt")"
    p99="$(awk '$1 == "99%" {print $2}' "$WORK/cb.txt")"
    rate="$(grep -E "events/s" "$WORK/cb.txt" | grep -v "^run" | head -1)"
    events="$(sed -n 's/^ingress rate: \([0-9]*\) events\/s.*/\1/p' "$WORK/cb.txt" | head -1)"
    bench_metric "$WORK/metrics" "$metric, rate" "$events" "events/s"
    bench_metric "$WORK/metrics" "$metric, wrk p99" "$(echo "$p99" | ms)" "ms"
    # bench-webhooks.sh's "<part> CPU during the load: … (N us per event)" lines.
    for part in service broker postgres; do
        us="$(sed -n "s/^$part CPU during the load: .* (\([0-9]*\) us per event)/\1/p" "$WORK/cb.txt")"
        bench_metric "$WORK/metrics" "$metric, CPU per event, $part" "$us" "us"
        cpu="$cpu${cpu:+, }$part ${us:-?} us"; total=$((total + ${us:-0}))
    done
    bench_metric "$WORK/metrics" "$metric, CPU per event, total" "$total" "us"
    # bench-webhooks.sh's "where a webhook waits" lines: each stage's p99.
    local stage value
    while IFS=$'\t' read -r stage value; do
        bench_metric "$WORK/metrics" "$metric, p99 $stage" "$value" "ms"
    done < <(sed -n 's/^  wait \(.*\): *[^ ]* \/ *\([0-9.]*\)$/\1\t\2/p' "$WORK/cb.txt")
    grep -A6 '^where a webhook waits' "$WORK/cb.txt" >&2 || true
    CB_RATE="$events"
    echo "connectbus $label | wrk $rps req/s, p99 $p99 | $rate | CPU per event: $cpu | $(grep -E '^peak RSS' "$WORK/cb.txt") | load $(load)"
}

peer() { # workers
    # Driven by the peer harness's own instruments (gen_events.py, replay.lua): a sync
    # gunicorn worker closes every connection, and replay.lua is the wrk script it was
    # measured with (scripts/bench-webhooks.lua, with its delay() hook, holds a
    # Connection: close server to a fraction of its rate).
    local workers="$1" seconds="${PEER_SECONDS:-10}" events="${PEER_EVENTS:-20000}"
    "${CTL[@]}" reset >/dev/null
    "${CTL[@]}" start --workers "$workers" --port "$PORT" --secret "$SECRET" >/dev/null
    python3 "$PEERS/ingress/gen_events.py" "$events" "$SECRET" "$WORK/peer-events.bin" >/dev/null 2>&1
    local before after ticks0 ticks1 broker0 broker1 pg0 pg1
    before="$(stored)"
    ticks0="$(peer_ticks)" broker0="$(cb_server_ticks beam.smp)" pg0="$(cb_server_ticks postgres)"
    wrk -t2 -c16 -d"${seconds}s" --latency --timeout 10s -s "$PEERS/ingress/replay.lua" \
        "http://127.0.0.1:$PORT/webhooks/stripe" -- "events=$WORK/peer-events.bin" quiet >"$WORK/peer-wrk.txt" 2>&1 || true
    sleep 1
    after="$(stored)"
    ticks1="$(peer_ticks)" broker1="$(cb_server_ticks beam.smp)" pg1="$(cb_server_ticks postgres)"
    "${CTL[@]}" stop >/dev/null
    local sent ok=no
    sent="$(sed -n 's/.*"events_unique_sent":\([0-9]*\).*/\1/p' "$WORK/peer-wrk.txt")"
    [ -n "$sent" ] && [ $((after - before)) = "$sent" ] && ok=yes
    local rps p99
    rps="$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$WORK/peer-wrk.txt")"
    p99="$(awk '$1 == "99%" {print $2}' "$WORK/peer-wrk.txt")"
    bench_metric "$WORK/metrics" "peer python w=$workers, rate" "$rps" "req/s"
    bench_metric "$WORK/metrics" "peer python w=$workers, wrk p99" "$(echo "$p99" | ms)" "ms"
    [ -n "$rps" ] && [ "$rps" -gt "$PEER_BEST" ] && PEER_BEST="$rps"
    # CPU per stored event, as for notifications: the peer's processes (gunicorn's master and
    # workers, its relay), the broker and Postgres, from before wrk started until the relay
    # had published what was stored.
    local cpu="" part us total=0 n=$((after - before)) hz
    hz="$(getconf CLK_TCK)"
    for part in "peer:$((ticks1 - ticks0))" "broker:$((broker1 - broker0))" "postgres:$((pg1 - pg0))"; do
        us="$( [ "$n" -gt 0 ] && awk -v t="${part#*:}" -v hz="$hz" -v n="$n" 'BEGIN {printf "%.0f", t / hz * 1e6 / n}')"
        bench_metric "$WORK/metrics" "peer python w=$workers, CPU per event, ${part%%:*}" "$us" "us"
        cpu="$cpu${cpu:+, }${part%%:*} ${us:-?} us"; total=$((total + ${us:-0}))
    done
    bench_metric "$WORK/metrics" "peer python w=$workers, CPU per event, total" "$total" "us"
    echo "peer python w=$workers | wrk $rps req/s, p99 $p99 | stored $n of ${sent:-?} distinct sent ($ok) | CPU per event: $cpu | load $(load)"
}

for round in $(seq 1 "$ROUNDS"); do
    echo "== round $round"
    CB_RATE="" PEER_BEST=0
    connectbus "notifications closed loop" "closed loop, 16 connections" BENCH_EVENTS="${CB_EVENTS:-40000}" BENCH_CONNECTIONS=16
    if [ -n "$PEERS" ]; then for workers in ${PEER_WORKERS:-2 4}; do peer "$workers"; done; fi
    if [ -n "$CB_RATE" ] && [ "$PEER_BEST" -gt 0 ]; then
        bench_metric "$WORK/metrics" "notifications closed loop ÷ peer at its best worker count" \
            "$(awk -v a="$CB_RATE" -v b="$PEER_BEST" 'BEGIN {printf "%.2f", a / b}')" "×"
    fi
    connectbus "notifications paced at ${PACED_RATE:-2000}/s" "paced at ${PACED_RATE:-2000}/s, 16 connections" \
        BENCH_EVENTS="${PACED_EVENTS:-30000}" BENCH_CONNECTIONS=16 BENCH_RATE="${PACED_RATE:-2000}"
done
bench_summary "$WORK/metrics"
