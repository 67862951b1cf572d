#!/bin/bash
# Backfill benchmark: N events (default 10000) whose webhooks failed (the simulator's only
# endpoint refuses connections) are recovered by notifications' start-up sweep of
# GET /v1/events. Prints the sweep's time and rate, and beside it the baseline of the same
# run: the same pages listed by a bare HTTP client (no storing, no limiter), and the bound
# the rate limit sets (pages / STRIPE_RATE_LIMIT).
#
# Uses the development servers (scripts/infra-up.sh; this script drops and recreates the
# schema `notifications` of that database) and the binaries of `swift build`
# (BENCH_BIN to use others, e.g. a release build's folder; nothing is built).
# Environment: BACKFILL_BENCH_EVENTS (10000), STRIPE_RATE_LIMIT (100, Stripe's live mode),
# STRIPE_SIM_PORT (12111), DEMO_HTTP_PORT_BASE (8080; notifications on base+4).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/common.sh
eval "$(scripts/infra-env.sh)"
N="${BACKFILL_BENCH_EVENTS:-10000}"
RATE="${STRIPE_RATE_LIMIT:-100}"
SIM_PORT="${STRIPE_SIM_PORT:-12111}"
HTTP_PORT=$(( ${DEMO_HTTP_PORT_BASE:-8080} + 4 ))
BIN="$(cb_bench_bin --debug stripe-sim notifications)"
WORK="$(mktemp -d)"
cleanup() { for pid in ${SERVICE_PID:-} ${SIM_PID:-}; do kill "$pid" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT

"$BIN/stripe-sim" --port "$SIM_PORT" --webhook-retries stripe >"$WORK/sim.log" 2>&1 &
SIM_PID=$!
SIM="http://127.0.0.1:$SIM_PORT"
for _ in $(seq 100); do curl -fs "$SIM/sim/clock" >/dev/null 2>&1 && break; sleep 0.1; done

python3 - "$SIM" "$N" <<'PY'
import http.client, sys, time, urllib.parse
base, n = sys.argv[1], int(sys.argv[2])
u = urllib.parse.urlparse(base)
c = http.client.HTTPConnection(u.hostname, u.port)
H = {"Authorization": "Bearer sk_test_backfill_bench", "Content-Type": "application/x-www-form-urlencoded"}
def post(path, body, key):
    c.request("POST", path, body, dict(H, **{"Idempotency-Key": key})); r = c.getresponse(); r.read()
    assert r.status == 200, (path, r.status)
post("/v1/webhook_endpoints", "url=http%3A%2F%2F127.0.0.1%3A9%2Fdown&enabled_events[]=*", "we")
t = time.time()
for i in range(n): post("/v1/customers", "", f"c{i}")
print(f"created {n} customers (customer.created, undelivered) in {time.time() - t:.1f} s")
PY

# Baseline of the same run: the same pages with a bare client.
python3 - "$SIM" "$N" <<'PY'
import http.client, json, sys, time, urllib.parse
base, n = sys.argv[1], int(sys.argv[2])
u = urllib.parse.urlparse(base)
c = http.client.HTTPConnection(u.hostname, u.port)
after, seen, pages, t = None, 0, 0, time.time()
while True:
    q = "limit=100&types[]=customer.created&delivery_success=false" + (f"&starting_after={after}" if after else "")
    c.request("GET", "/v1/events?" + q, headers={"Authorization": "Bearer sk_test_backfill_bench"})
    page = json.loads(c.getresponse().read()); pages += 1
    seen += len(page["data"])
    if not page["has_more"]: break
    after = page["data"][-1]["id"]
dt = time.time() - t
print(f"baseline: bare client listed {seen} events in {pages} pages in {dt:.2f} s ({seen / dt:.0f} events/s)")
PY

psql -q "$DATABASE_URL" -c "DROP SCHEMA IF EXISTS notifications CASCADE" >/dev/null
START=$(date +%s.%N)
AMQP_URL="$AMQP_URL" DATABASE_URL="$DATABASE_URL" HTTP_PORT="$HTTP_PORT" LOG_LEVEL=warning \
    STRIPE_API_KEY=sk_test_backfill_bench STRIPE_API_BASE="$SIM" STRIPE_RATE_LIMIT="$RATE" \
    STRIPE_WEBHOOK_SECRETS=whsec_backfill_bench BACKFILL_TYPES=customer.created \
    "$BIN/notifications" >"$WORK/notifications.log" 2>&1 &
SERVICE_PID=$!
count() { psql -qtA "$DATABASE_URL" -c "SELECT count(*) FROM notifications.stripe_events" 2>/dev/null || echo 0; }
while [ "$(count)" -lt "$N" ]; do
    kill -0 "$SERVICE_PID" 2>/dev/null || { cat "$WORK/notifications.log"; exit 1; }
    sleep 0.2
done
STORED=$(date +%s.%N)
while [ "$(psql -qtA "$DATABASE_URL" -c "SELECT count(*) FROM notifications.outbox")" -gt 0 ]; do sleep 0.2; done
PUBLISHED=$(date +%s.%N)
psql -qtA -F ' ' "$DATABASE_URL" -c "
    SELECT count(*), count(DISTINCT event_id),
           round(extract(epoch FROM max(received_at) - min(received_at))::numeric, 2)
    FROM notifications.stripe_events" | {
    read -r total distinct span
    pages=$(( (N + 99) / 100 ))
    echo "backfill: $total events stored ($distinct distinct) in ${span} s from first to last commit" \
         "($(python3 -c "print(round($total / max($span, 0.001)))") events/s, $pages pages)"
    echo "          service start to all stored: $(python3 -c "print(round($STORED - $START, 2))") s;" \
         "to all published (outbox empty): $(python3 -c "print(round($PUBLISHED - $START, 2))") s"
    echo "          bound of the rate limit: $pages pages / $RATE req/s = $(python3 -c "print(round($pages / $RATE, 2))") s"
}
curl -fs "http://127.0.0.1:$HTTP_PORT/metrics" | grep '^connectbus_backfill_' || true
