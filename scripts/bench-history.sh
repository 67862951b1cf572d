#!/bin/bash
# Event history benchmark, on the development servers (scripts/infra-up.sh):
# 1. the cost of the stream's `#` binding on connectbus-bench (its handlers publish one
#    event each on connectbus.events): the same configuration without the binding, with
#    it, and without it again, in one run;
# 2. the replay rate of N (default 100000) stored events to one reader: `connectbus tail
#    --from first` (printing to /dev/null) and a pika reader (prefetch 1000, manual acks).
# 3. the same binding's cost on the webhook benchmark (scripts/bench-webhooks.sh with these
#    binaries: HISTORY_BENCH_WEBHOOK_EVENTS signed events, default 10000), without, with and
#    without it again.
# Binaries of `swift build` unless BENCH_BIN names another folder (nothing is built).
# Environment: HISTORY_BENCH_EVENTS (100000), BENCH_MESSAGES (20000), BENCH_RUNS (2),
# HISTORY_BENCH_PARTS (bench,webhooks,replay: which of the three to run).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/common.sh
eval "$(scripts/infra-env.sh)"
BIN="$(cb_bench_bin --debug connectbus-bench connectbus notifications)"
N="${HISTORY_BENCH_EVENTS:-100000}"
MGMT="http://127.0.0.1:${CONNECTBUS_MANAGEMENT_PORT:-15672}/api"
AUTH="connectbus:connectbus"
BINDING="$MGMT/bindings/%2F/e/connectbus.events/q/connectbus.events.history"
unbind() { curl -fsS -u "$AUTH" -X DELETE "$BINDING/%23" >/dev/null; }
bind() { curl -fsS -u "$AUTH" -X POST -H 'content-type: application/json' -d '{"routing_key":"#"}' "$BINDING" >/dev/null; }
trap bind EXIT
bench() { BENCH_RUNS="${BENCH_RUNS:-2}" BENCH_MESSAGES="${BENCH_MESSAGES:-20000}" "$BIN/connectbus-bench" 2>&1 | grep 'msg/s' | tail -1; }
# say LABEL command...: LABEL and the command's output on one line; a failed command fails the script.
say() { local label="$1" out; shift; out="$("$@")"; echo "$label $out"; }

PARTS="${HISTORY_BENCH_PARTS:-bench,webhooks,replay}"
part() { case ",$PARTS," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

if part bench; then
echo "== binding cost (connectbus-bench, BENCH_RUNS=${BENCH_RUNS:-2})"
unbind; say "without the history binding:" bench
bind;   say "with the history binding:   " bench
unbind; say "without the history binding:" bench
bind
fi

webhooks() {
    BENCH_BIN="$BIN" BENCH_EVENTS="${HISTORY_BENCH_WEBHOOK_EVENTS:-10000}" scripts/bench-webhooks.sh 2>&1 \
        | grep -E "ingress rate|Requests/sec|stored .* published" | tr -s ' ' | paste -sd ';' -
}
if part webhooks; then
echo "== binding cost (scripts/bench-webhooks.sh, ${HISTORY_BENCH_WEBHOOK_EVENTS:-10000} events)"
unbind; say "without the history binding:" webhooks
bind;   say "with the history binding:   " webhooks
unbind; say "without the history binding:" webhooks
bind
fi

part replay || exit 0

echo "== replay of $N stored events"
MARKER="benchhist$(date +%s)"
python3 - "$AMQP_URL" "$MARKER" "$N" <<'PY'
import sys, time, pika
url, marker, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
conn = pika.BlockingConnection(pika.URLParameters(url)); ch = conn.channel(); ch.confirm_delivery()
body = b'{"amount":1200,"currency":"usd","order_reference":"bench-order-000000000000","padding":"' + b"x" * 120 + b'"}'
t = time.time()
props = pika.BasicProperties(content_type="application/json", delivery_mode=2)
for i in range(n):
    ch.basic_publish("connectbus.events", f"{marker}.order.paid", body, props)
print(f"stored {n} events ({len(body)} B bodies) in {time.time() - t:.1f} s")
conn.close()
PY
MONITOR_URL="${AMQP_URL/connectbus:connectbus/monitor:monitor}"
START=$(date +%s.%N)
AMQP_URL="$MONITOR_URL" "$BIN/connectbus" tail --from first "$MARKER.#" --limit "$N" --for 600 >/dev/null 2>&1
END=$(date +%s.%N)
python3 -c "d = $END - $START; print(f'connectbus tail --from first: {$N} events in {d:.1f} s ({$N / d:.0f} events/s, whole stream scanned)')"
python3 - "$MONITOR_URL" "$MARKER" "$N" <<'PY'
import sys, time, pika
url, marker, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
conn = pika.BlockingConnection(pika.URLParameters(url)); ch = conn.channel(); ch.basic_qos(prefetch_count=1000)
seen, t = 0, time.time()
for method, properties, body in ch.consume("connectbus.events.history", arguments={"x-stream-offset": "first"}, inactivity_timeout=10):
    if method is None: break
    ch.basic_ack(method.delivery_tag, multiple=False)
    if method.routing_key.startswith(marker):
        seen += 1
        if seen == n: break
d = time.time() - t
print(f"pika reader from first: {seen} events in {d:.1f} s ({seen / d:.0f} events/s)")
conn.close()
PY
