#!/bin/bash
# The fleet rate limit benchmark, on the development servers (scripts/infra-up.sh): three
# payments replicas, onboarding and a notifications backfill sweep against stripe-sim's live
# limits (100 requests/s per key, 25/s per endpoint), N (default 5000) Stripe-bound commands
# offered at once, with the fleet's shared limit and, for comparison in the same run, with the
# per-process limiter. Prints one line per mode (scripts/bench-ratelimit.py explains the
# columns). Binaries of `swift build` unless BENCH_BIN names another folder (nothing is built).
# Environment: RATELIMIT_BENCH_COMMANDS (5000), RATELIMIT_BENCH_MODES (fleet,per-process),
# RATELIMIT_BENCH_WORKERS (6 per queue and process), RATELIMIT_BENCH_LIMIT_TIMEOUT_MS (the
# services' STRIPE_RATE_LIMIT_TIMEOUT_MS, default 1000 here: on a machine as loaded as the
# development one, Postgres often takes over the default 100 ms, and the run would measure
# degraded mode instead), the ports of the servers
# (CONNECTBUS_AMQP_PORT, CONNECTBUS_PG_PORT) and of the run (STRIPE_SIM_PORT,
# DEMO_HTTP_PORT_BASE … +4, DEMO_SMTP_PORT).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/common.sh
BIN="$(cb_bench_bin --debug stripe-sim onboarding payments notifications)"
exec python3 scripts/bench-ratelimit.py --bin "$BIN" --modes "${RATELIMIT_BENCH_MODES:-fleet,per-process}" \
    --commands "${RATELIMIT_BENCH_COMMANDS:-5000}" --workers "${RATELIMIT_BENCH_WORKERS:-6}" \
    --limit-timeout-ms "${RATELIMIT_BENCH_LIMIT_TIMEOUT_MS:-1000}"
