#!/usr/bin/env bash
# Webhook ingress benchmark of the notifications service (docs/DESIGN.md §7): events/s,
# time to 2xx and RSS under load.
#
# Starts the local servers (scripts/infra-up.sh; they stay up afterwards, `make down`
# stops them), builds (release, static Swift runtime as docker/Dockerfile does)
# `notifications` and `connectbus-bench`, writes BENCH_EVENTS pre-signed ~2 KiB Stripe
# events with unique ids, starts the service, replays the events once each with wrk at
# BENCH_CONNECTIONS connections (a wrk thread that has sent all its events waits for the
# others instead of loading the service), samples the service's RSS under load, then
# checks that every event was stored and published (with confirms, by the outbox relay) and
# prints events/s (over the span of the events' received_at), wrk's latency percentiles,
# the CPU per event of the service, the broker and Postgres during the load, the peak RSS,
# the group commit's batches, the relay's batches and the service's own latency histogram; it fails unless the service then exits 0 on SIGTERM. The service's
# HTTP server runs BENCH_HTTP_THREADS (HTTP_THREADS: a pool size, default 2, the runtime's
# default for a service with endpoints, or per-connection). Before the load the ingress tables are
# vacuumed (earlier runs leave dead rows behind), so runs start from the same state.
# AMQP_URL / DATABASE_URL default to the local servers' admin user and role.
# BENCH_RATE (events/s) paces the load instead (scripts/bench-webhooks.lua: each connection
# waits for its next slot, latency timed from the send): the p99 at a given offered load.
# Usage: scripts/bench-webhooks.sh   (env: BENCH_EVENTS=40000 BENCH_CONNECTIONS=16 BENCH_RATE=0
# BENCH_THREADS=2 BENCH_PORT=18480 BENCH_HTTP_THREADS=2 BENCH_KEEP=1,
# BENCH_BIN=<folder with notifications and connectbus-bench: no build>, BENCH_SKIP_BUILD=1,
# BENCH_BUILD_PATH (.build-bench-webhooks), the port variables of scripts/lib/common.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

"$CB_REPO/scripts/infra-up.sh" >&2
. "$CB_REPO/scripts/lib/common.sh"   # the ports the servers run on
export AMQP_URL="${AMQP_URL:-$(cb_admin_amqp_url)}"
export DATABASE_URL="${DATABASE_URL:-$(cb_admin_database_url)}"
EVENTS="${BENCH_EVENTS:-40000}"
CONNECTIONS="${BENCH_CONNECTIONS:-16}"
THREADS="${BENCH_THREADS:-2}"
PORT="${BENCH_PORT:-18480}"
HTTP_THREADS="${BENCH_HTTP_THREADS:-2}"
TARGET_PORT="$PORT"
SECRET="whsec_bench_$RANDOM$RANDOM"
WORK="$(mktemp -d)"
SERVICE_PID=""

cleanup() {
    if [ -n "$SERVICE_PID" ] && kill -0 "$SERVICE_PID" 2>/dev/null; then
        kill -TERM "$SERVICE_PID" 2>/dev/null || true
        wait "$SERVICE_PID" 2>/dev/null || true
    fi
    if [ -n "${BENCH_KEEP:-}" ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

BIN="$(cb_bench_bin .build-bench-webhooks notifications connectbus-bench)"

RUN="$("$BIN/connectbus-bench" webhooks-prepare "$WORK/events.txt" "$EVENTS" "$SECRET")"
echo "run $RUN: $CONNECTIONS connections to port $TARGET_PORT ($HTTP_THREADS HTTP threads), $EVENTS events of $(head -1 "$WORK/events.txt" | cut -f2 | wc -c) bytes, $( [ "${BENCH_RATE:-0}" != 0 ] && echo "paced at $BENCH_RATE events/s" || echo "closed loop"); load average $(cut -d' ' -f1-3 /proc/loadavg)"

HTTP_PORT="$PORT" HTTP_THREADS="$HTTP_THREADS" \
    STRIPE_WEBHOOK_SECRETS="$SECRET" LOG_LEVEL=warning \
    "$BIN/notifications" >"$WORK/service.log" 2>&1 &
SERVICE_PID=$!
for _ in $(seq 1 100); do
    curl -fsS -o /dev/null "http://127.0.0.1:$PORT/readyz" 2>/dev/null && break
    kill -0 "$SERVICE_PID" 2>/dev/null || { cat "$WORK/service.log" >&2; exit 1; }
    sleep 0.2
done
echo "idle RSS: $(awk '/VmRSS/ {printf "%.1f MB", $2/1024}' "/proc/$SERVICE_PID/status")"
psql "$DATABASE_URL" -qc "VACUUM FULL notifications.stripe_events, notifications.outbox"

( peak=0
  while kill -0 "$SERVICE_PID" 2>/dev/null; do
      rss=0  # read with builtins: no process per sample beside the load
      while read -r key value _; do
          if [ "$key" = "VmRSS:" ]; then rss=$value; break; fi
      done <"/proc/$SERVICE_PID/status" 2>/dev/null || true
      [ "${rss:-0}" -gt "$peak" ] && peak=$rss && echo "$peak" >"$WORK/peak"
      sleep 0.2
  done ) &
SAMPLER=$!

cpu_ticks() { awk '{print $14 + $15}' "/proc/$SERVICE_PID/stat"; }
# The servers' CPU during the load too: the broker's Erlang VM and every Postgres process
# (their connections stay open through the load, so their processes are the same ones).
CPU_BEFORE="$(cpu_ticks)" BROKER_BEFORE="$(cb_server_ticks beam.smp)" PG_BEFORE="$(cb_server_ticks postgres)"
mkdir -p "$WORK/done"
wrk -t"$THREADS" -c"$CONNECTIONS" -d600s --latency --timeout 10s \
    -s scripts/bench-webhooks.lua "http://127.0.0.1:$TARGET_PORT/webhooks/stripe" \
    -- "$WORK/events.txt" "$THREADS" "$WORK/done" "${BENCH_RATE:-0}" >"$WORK/wrk.txt" 2>&1 &
WRK_PID=$!
# Stop wrk when every thread is done, or when the service has accepted every event, or
# when nothing was accepted for 5 s (a lost connection); wrk prints its statistics on SIGINT.
received() {
    curl -fsS "http://127.0.0.1:$PORT/metrics" 2>/dev/null \
        | awk '/^connectbus_webhook_events_received_total/ {sum += $2} END {printf "%d", sum}'
}
last=-1; still=0
while kill -0 "$WRK_PID" 2>/dev/null && [ "$(ls "$WORK/done" | wc -l)" -lt "$THREADS" ]; do
    now="$(received)"
    [ "${now:-0}" -ge "$EVENTS" ] && break
    if [ "$now" = "$last" ]; then still=$((still + 1)); else still=0; last="$now"; fi
    [ "$still" -ge 10 ] && { echo "no progress for 5 s at $now events; stopping wrk" >&2; break; }
    sleep 0.5
done
sleep 0.3
kill -INT "$WRK_PID" 2>/dev/null || true
wait "$WRK_PID" || true
grep -E "Latency|50%|75%|90%|99%|requests in|Requests/sec|Non-2xx|Socket errors|timeout" "$WORK/wrk.txt" || cat "$WORK/wrk.txt"
echo "(wrk's counts include the few GET requests (405) a finished wrk thread sends, one per connection every 100 ms, while the others finish)"

CPU_AFTER="$(cpu_ticks)" BROKER_AFTER="$(cb_server_ticks beam.smp)" PG_AFTER="$(cb_server_ticks postgres)"
for part in "service:$((CPU_AFTER - CPU_BEFORE))" "broker:$((BROKER_AFTER - BROKER_BEFORE))" "postgres:$((PG_AFTER - PG_BEFORE))"; do
    awk -v name="${part%%:*}" -v t="${part#*:}" -v hz="$(getconf CLK_TCK)" -v n="$EVENTS" \
        'BEGIN {printf "%s CPU during the load: %.2f s (%.0f us per event)\n", name, t / hz, t / hz * 1e6 / n}'
done
"$BIN/connectbus-bench" webhooks-verify "$RUN" "$EVENTS" notifications
echo "peak RSS under load: $(awk '{printf "%.1f MB", $1/1024}' "$WORK/peak" 2>/dev/null || echo "?")"
kill "$SAMPLER" 2>/dev/null || true
curl -fsS "http://127.0.0.1:$PORT/metrics" >"$WORK/metrics.txt" || true
grep -E "^connectbus_webhook_events_(received|rejected|duplicates)|^connectbus_group_commit_(batches|items)|^connectbus_webhook_request_seconds_(sum|count)|^connectbus_outbox_relayed_total|^connectbus_outbox_relay_statement_seconds_count" "$WORK/metrics.txt" || true
# Where a webhook waits, from the service's own histograms (its process started for this
# run, so they hold this run only): the checks until the event is handed to the group commit,
# the wait for a writer to take its batch, the batch's write and commit (with the relay's
# nudge), and the whole as the service times it (complete request → answer handed to the
# HTTP server); what wrk measures beyond that is the HTTP server's (reading the request,
# resuming the deferred answer, sending it) and wrk's own. The outbox relay and the broker's
# confirm come after the answer: they are not on a webhook's path (the relay's batches above).
wrk_ms() { awk -v q="$1" '$1 == q {v = $2; if (v ~ /us$/) print v / 1000; else if (v ~ /ms$/) print v + 0; else if (v ~ /s$/) print v * 1000}' "$WORK/wrk.txt"; }
echo "where a webhook waits (ms, p50 / p99; service stages from its histograms, bucket-interpolated):"
python3 scripts/lib/histogram_quantiles.py "$WORK/metrics.txt" connectbus_webhook_check_seconds \
    'connectbus_group_commit_wait_seconds{name="webhooks"}' 'connectbus_group_commit_write_seconds{name="webhooks"}' \
    connectbus_webhook_request_seconds \
    | awk -v wrk50="$(wrk_ms 50%)" -v wrk99="$(wrk_ms 99%)" '
        BEGIN { label["connectbus_webhook_check_seconds"] = "checks (method, size, signature, JSON)"
                label["connectbus_group_commit_wait_seconds{name=\"webhooks\"}"] = "queued for a group-commit writer"
                label["connectbus_group_commit_write_seconds{name=\"webhooks\"}"] = "batch write + commit (per batch)"
                label["connectbus_webhook_request_seconds"] = "the service: request -> answer" }
        { p50 = p99 = "?"
          for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "p50") p50 = kv[2]; if (kv[1] == "p99") p99 = kv[2] }
          printf "  wait %-40s %8s / %8s\n", label[$1] ":", p50, p99
          if ($1 == "connectbus_webhook_request_seconds") { s50 = p50; s99 = p99 } }
        END { printf "  wait %-40s %8s / %8s\n", "wrk: send -> answer:", wrk50, wrk99
              if (s50 != "" && wrk50 != "") printf "  wait %-40s %8.3f / %8.3f\n", "HTTP server and client (wrk - service):", wrk50 - s50, wrk99 - s99 }'
kill -TERM "$SERVICE_PID"
if wait "$SERVICE_PID"; then
    echo "notifications exited 0 on SIGTERM"
else
    status=$?
    echo "notifications exited with status $status on SIGTERM; its log:" >&2
    tail -20 "$WORK/service.log" >&2
    exit 1
fi
SERVICE_PID=""
