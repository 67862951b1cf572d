#!/usr/bin/env bash
# Overhead per Stripe-bound command, Stripe's own time taken out, and the service's memory
# idle and under load (docs/DESIGN.md §10).
#
# Starts the local servers (scripts/infra-up.sh), builds (release, static Swift runtime as
# docker/Dockerfile does) stripe-sim, onboarding and connectbus-bench, starts stripe-sim with
# no added latency and onboarding against it (STRIPE_RATE_LIMIT high enough that no command
# waits for a token: the limiter is Stripe's, not the suite's overhead), then:
# 1. prints onboarding's idle RSS (OVERHEAD_SETTLE_SECONDS, default 5, after /readyz);
# 2. `connectbus-bench command-overhead`: OVERHEAD_COMMANDS onboarding.create_account commands
#    one at a time, publish → reply minus stripe-sim's own time for the command's request
#    (its `duration_us`), p50/p90/p99, and the floor: the broker's own publish → deliver on a
#    quorum queue (as the command queue is) and a classic one (as the reply queue is), and one
#    Postgres commit (a one-row INSERT: a round trip and the WAL flush); then the budget line:
#    two broker hops + two commits + 1 ms against the overhead's p50, and the remainder; then
#    the mean round trip split by where it goes (onboarding's /metrics read before and after:
#    the simulator, the Stripe client beyond it, the handler beyond its Stripe calls, outside
#    the handler; connectbus-bench's OverheadSplit);
# 3. a load phase (OVERHEAD_LOAD_COMMANDS commands, OVERHEAD_IN_FLIGHT outstanding) while
#    onboarding's RSS is sampled every 0.2 s; prints the peak.
# Prints the load average with each measurement, and ends with one summary block
# (scripts/lib/bench_summary.py; one run, so each median is that run's value): the idle and
# peak RSS, and p50/p99 of publish → reply, the overhead and the broker's floor, one at a time
# and under load. No CPU is measured here (scripts/bench-pipeline.sh measures it per
# message). Usage: scripts/bench-command-overhead.sh
# (env: OVERHEAD_COMMANDS=1000 OVERHEAD_LOAD_COMMANDS=5000 OVERHEAD_IN_FLIGHT=40 WORKERS=4
# OVERHEAD_SETTLE_SECONDS=5, BENCH_BIN=<folder with stripe-sim, onboarding and connectbus-bench:
# no build>, BENCH_SKIP_BUILD=1 BENCH_BUILD_PATH=.build, OVERHEAD_SIM_PORT=18620 OVERHEAD_HTTP_PORT=18621,
# the port variables of scripts/lib/common.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/bench-summary.sh"
cd "$CB_REPO"

"$CB_REPO/scripts/infra-up.sh" >&2
. "$CB_REPO/scripts/lib/common.sh"
SIM_PORT="${OVERHEAD_SIM_PORT:-18620}"
HTTP_PORT="${OVERHEAD_HTTP_PORT:-18621}"
WORK="$(mktemp -d)"
SIM_PID="" SERVICE_PID=""
cleanup() {
    for pid in "$SERVICE_PID" "$SIM_PID"; do
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT
BIN="$(cb_bench_bin .build stripe-sim onboarding connectbus-bench)"
load() { cut -d' ' -f1-3 /proc/loadavg; }

"$BIN/stripe-sim" --port "$SIM_PORT" >"$WORK/sim.log" 2>&1 &
SIM_PID=$!
for _ in $(seq 1 100); do cb_port_busy "$SIM_PORT" && break; sleep 0.1; done
AMQP_URL="$(cb_service_amqp_url onboarding)" DATABASE_URL="$(cb_service_database_url onboarding)" \
    WORKERS="${WORKERS:-4}" HTTP_PORT="$HTTP_PORT" LOG_LEVEL=warning STRIPE_RATE_LIMIT=10000 \
    STRIPE_API_KEY=sk_test_overhead STRIPE_API_BASE="http://127.0.0.1:$SIM_PORT" \
    "$BIN/onboarding" >"$WORK/onboarding.log" 2>&1 &
SERVICE_PID=$!
ready=0
for _ in $(seq 1 150); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$HTTP_PORT/readyz" 2>/dev/null; then ready=1; break; fi
    kill -0 "$SERVICE_PID" 2>/dev/null || break
    sleep 0.2
done
[ "$ready" = 1 ] || { tail -20 "$WORK/onboarding.log" >&2; cb_die "onboarding did not become ready"; }
sleep "${OVERHEAD_SETTLE_SECONDS:-5}"
rss() { awk '/VmRSS/ {printf "%.1f", $2/1024}' "/proc/$SERVICE_PID/status"; }
IDLE_RSS="$(rss)"
echo "onboarding idle RSS: $IDLE_RSS MB (WORKERS=${WORKERS:-4}; load average $(load))"

export AMQP_URL="$(cb_admin_amqp_url)" DATABASE_URL="$(cb_admin_database_url)"
echo "load average before: $(load)"
"$BIN/connectbus-bench" command-overhead --sim "http://127.0.0.1:$SIM_PORT" --commands "${OVERHEAD_COMMANDS:-1000}" \
    --service-metrics "http://127.0.0.1:$HTTP_PORT/metrics" | tee "$WORK/one.txt"
echo "load average after: $(load)"

( peak=0
  while kill -0 "$SERVICE_PID" 2>/dev/null; do
      rss=0
      while read -r key value _; do
          if [ "$key" = "VmRSS:" ]; then rss=$value; break; fi
      done <"/proc/$SERVICE_PID/status" 2>/dev/null || true
      [ "${rss:-0}" -gt "$peak" ] && peak=$rss && echo "$peak" >"$WORK/peak"
      sleep 0.2
  done ) &
SAMPLER=$!
"$BIN/connectbus-bench" command-overhead --sim "http://127.0.0.1:$SIM_PORT" \
    --commands "${OVERHEAD_LOAD_COMMANDS:-5000}" --in-flight "${OVERHEAD_IN_FLIGHT:-40}" | sed 's/^/load phase: /' \
    | tee "$WORK/load.txt"
sleep 0.5
kill "$SAMPLER" 2>/dev/null || true
PEAK_RSS="$(awk '{printf "%.1f", $1/1024}' "$WORK/peak" 2>/dev/null || true)"
echo "onboarding peak RSS under load: ${PEAK_RSS:-?} MB (load average $(load))"
kill -TERM "$SERVICE_PID"
if wait "$SERVICE_PID"; then echo "onboarding exited 0 on SIGTERM"; else cb_die "onboarding exited with status $? on SIGTERM"; fi
SERVICE_PID=""

# The summary block: the connectbus-bench lines' p50 and p99 (`<label> p50 N ms  p90 …  p99 N ms`).
quantile() { # file label p50|p99
    awk -v label="$2" -v q="$3" 'index($0, label) { for (i = 1; i < NF; i++) if ($i == q) { print $(i + 1); exit } }' "$1"
}
bench_metric "$WORK/metrics" "onboarding idle RSS" "$IDLE_RSS" "MB"
bench_metric "$WORK/metrics" "onboarding peak RSS under load" "$PEAK_RSS" "MB"
for phase in one load; do
    name="one at a time"; [ "$phase" = one ] || name="${OVERHEAD_IN_FLIGHT:-40} in flight"
    for label in "publish → reply" "overhead (round trip − sim)" "broker: publish → deliver, quorum" \
        "broker: publish → deliver, classic" "postgres: one-row commit"; do
        for q in p50 p99; do
            bench_metric "$WORK/metrics" "$name, ${label%% (*} $q" "$(quantile "$WORK/$phase.txt" "$label" "$q")" "ms"
        done
    done
done
# The overhead's p50 minus its budget (two broker hops + two commits + 1 ms), one at a time.
bench_metric "$WORK/metrics" "one at a time, overhead p50 − budget" \
    "$(sed -n 's/.*remainder *\([-+0-9.]*\) ms.*/\1/p' "$WORK/one.txt")" "ms"
# The split of the mean, one at a time: its four parts.
split="$(grep -m1 '^split of the mean' "$WORK/one.txt" || true)"
for part in "stripe-sim" "Stripe client beyond it" "handler beyond Stripe" "outside the handler"; do
    bench_metric "$WORK/metrics" "one at a time, mean: $part" \
        "$(sed -n "s/.* $part \([-0-9.]*\)\( +.*\)\{0,1\}$/\1/p" <<<"$split")" "ms"
done
bench_summary "$WORK/metrics"
