#!/usr/bin/env bash
# Idle memory (RSS) of the four service executables.
#
# Builds the services as production builds them (release, Swift runtime linked statically:
# docker/Dockerfile), starts the local servers (scripts/infra-up.sh; they stay up
# afterwards, `make down` stops them), then starts each service alone with its own AMQP
# user and Postgres role, waits until /readyz answers and
# RSS_SETTLE_SECONDS more (default 5: consumers, relay and heartbeats running), and prints
# RSS, PSS, private and anonymous memory in MB from /proc/<pid>/smaps_rollup, then stops it
# with SIGTERM. RSS_DETAIL=1 also prints the ten biggest mappings of each.
# The Stripe base URL points at a closed port (nothing calls Stripe while idle).
# Usage: scripts/bench-idle-rss.sh   (env: WORKERS (default 2), RSS_SETTLE_SECONDS (5),
# BENCH_BIN=<folder with the four services: no build>, BENCH_BUILD_PATH (default
# .build-bench-rss), BENCH_SKIP_BUILD=1, RSS_PORT (default 18590), the port variables of
# scripts/lib/common.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

SETTLE="${RSS_SETTLE_SECONDS:-5}"
PORT="${RSS_PORT:-18590}"
SERVICES=("onboarding:onboarding" "payments:payments" "terminal:terminal-gateway" "notifications:notifications")
PID=""

cleanup() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
        kill -TERM "$PID" 2>/dev/null || true
        wait "$PID" 2>/dev/null || true
    fi
}
trap cleanup EXIT

"$CB_REPO/scripts/infra-up.sh" >&2
. "$CB_REPO/scripts/lib/common.sh"
BIN="$(cb_bench_bin .build-bench-rss "${SERVICES[@]#*:}")"
LOG_DIR="$(mktemp -d)"

mb() { awk -v k="$2" '$1 == k":" { printf "%.1f", $2 / 1024 }' "$1"; }

printf '%-18s %8s %8s %10s %8s\n' "service (idle)" "RSS MB" "PSS MB" "private MB" "anon MB"
for entry in "${SERVICES[@]}"; do
    name="${entry%%:*}" exe="${entry#*:}"
    env AMQP_URL="$(cb_service_amqp_url "$name")" DATABASE_URL="$(cb_service_database_url "$name")" \
        WORKERS="${WORKERS:-2}" HTTP_PORT="$PORT" LOG_LEVEL=warning \
        STRIPE_API_KEY=sk_test_idle STRIPE_API_BASE=http://127.0.0.1:9 \
        STRIPE_WEBHOOK_SECRETS=whsec_idle STRIPE_CONNECT_WEBHOOK_SECRETS=whsec_idle_connect \
        SMTP_URL=smtp://127.0.0.1:9 SMTP_FROM="Idle <idle@connectbus.example>" \
        "$BIN/$exe" >"$LOG_DIR/$name.log" 2>&1 &
    PID=$!
    ready=0
    for _ in $(seq 1 150); do
        if curl -fsS -o /dev/null "http://127.0.0.1:$PORT/readyz" 2>/dev/null; then ready=1; break; fi
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.2
    done
    if [ "$ready" != 1 ]; then
        cb_log "$exe did not become ready; last lines of its log:"
        tail -20 "$LOG_DIR/$name.log" >&2
        exit 1
    fi
    sleep "$SETTLE"
    rollup="/proc/$PID/smaps_rollup"
    cp "$rollup" "$LOG_DIR/$name.rollup"
    private="$(awk '$1 == "Private_Clean:" || $1 == "Private_Dirty:" { s += $2 } END { printf "%.1f", s / 1024 }' "$LOG_DIR/$name.rollup")"
    printf '%-18s %8s %8s %10s %8s\n' "$exe" "$(mb "$LOG_DIR/$name.rollup" Rss)" "$(mb "$LOG_DIR/$name.rollup" Pss)" \
        "$private" "$(mb "$LOG_DIR/$name.rollup" Anonymous)"
    if [ "${RSS_DETAIL:-0}" = "1" ]; then
        awk '/^[0-9a-f]+-[0-9a-f]+ / { name = (NF >= 6 ? $6 : "[anon]") } $1 == "Rss:" { rss[name] += $2 }
             END { for (n in rss) printf "%8d kB  %s\n", rss[n], n }' "/proc/$PID/smaps" | sort -rn | head -10
    fi
    kill -TERM "$PID"
    wait "$PID" || { cb_log "$exe exited with status $? on SIGTERM"; exit 1; }
    PID=""
done
rm -rf "$LOG_DIR"
