#!/usr/bin/env bash
# The runtime's pipeline benchmark side by side with its peers (../shared/bench/pipeline, see
# its README): in each round, on the same local RabbitMQ and PostgreSQL, the C peer (per
# message, and 50 per transaction) and `connectbus-bench` (one at a time, and batched) each
# process a filled quorum queue with 4 workers, every event routed to a bound quorum queue.
# Prints one line per measurement; compare numbers within a round only (the machine is shared).
# Odd rounds run the peer first, even rounds connectbus-bench first (whichever runs second
# finds the broker still settling the first one's queues). Each line also gives where the
# CPU went, in microseconds per message: the broker (beam.smp), every postgres process and the
# side's own process (connectbus-bench over its timed span; the peer over its run). The script
# ends with one summary block (scripts/lib/bench_summary.py), one line per metric with the
# median of the rounds and every round: each side's rate and CPU per message (broker,
# postgres, its own process, total) per mode, connectbus ÷ the C peer of the same mode and
# round, and the outbox relay's drain rate.
# Both sides take 50 messages per transaction with prefetch 100 in the batched runs; the
# one-at-a-time run is a Stripe-bound route (one message per transaction) with prefetch 10.
# After the rounds, `connectbus-bench backlog` prints the outbox relay's drain rate.
#
# Usage: scripts/bench-pipeline.sh [ROUNDS=3]
# Env: PEER_BENCH_DIR (default: ../shared/bench next to the main checkout), BENCH_PEERS=0 (the C
# peer's runs skipped: connectbus-bench alone, no ratios), PEER_SECONDS (6), PEER_FILL_PER_MESSAGE
# (40000) and PEER_FILL_BATCHED (150000: the messages filled in before each peer run),
# BENCH_MESSAGES (connectbus-bench messages per run, 30000), BENCH_BIN=<folder with
# connectbus-bench: no build>, BENCH_SKIP_BUILD=1, BENCH_BUILD_PATH (.build),
# BENCH_ONE_AT_A_TIME_ARGS / BENCH_BATCHED_ARGS (connectbus-bench options of the two runs),
# BENCH_BEFORE (another connectbus-bench binary, e.g. a copy built before a change: each round
# also runs it, labelled "before", so a change is compared within the same rounds; the two
# swap places every other round),
# BENCH_SKIP_BACKLOG=1, BENCH_BACKLOG_ROWS (100000),
# the port variables of scripts/lib/common.sh. Needs cc, python3 with pika and psycopg
# (scripts/install-deps.sh).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
. "$(dirname "${BASH_SOURCE[0]}")/lib/bench-summary.sh"
cd "$CB_REPO"
ROUNDS="${1:-3}"
"$CB_REPO/scripts/infra-up.sh" >&2
. "$CB_REPO/scripts/lib/common.sh"
export AMQP_URL="${AMQP_URL:-$(cb_admin_amqp_url)}"
export DATABASE_URL="${DATABASE_URL:-$(cb_admin_database_url)}"
cb_bench_peers pipeline/pipeline_c.c "the C peer's runs"
SECS="${PEER_SECONDS:-6}"
export BENCH_MESSAGES="${BENCH_MESSAGES:-30000}"
ONE_ARGS="${BENCH_ONE_AT_A_TIME_ARGS:---mode stripe-bound --workers 4 --prefetch 10 --messages 10000}"
BATCH_ARGS="${BENCH_BATCHED_ARGS:---mode batched --workers 4 --prefetch 100 --batch-size 50}"

BENCH="$(cb_bench_bin .build connectbus-bench)/connectbus-bench"
WORK="$(mktemp -d)"; trap 'rm -rf "$WORK"' EXIT

# The peers' database and broker settings (an administrator of the local broker).
if [ -n "$PEERS" ]; then
    psql "$DATABASE_URL" -qtAc "SELECT 1 FROM pg_database WHERE datname = 'peer'" | grep -q 1 \
        || psql "$DATABASE_URL" -qc "CREATE DATABASE peer"
    export PEER_PG_DSN="host=127.0.0.1 port=$CB_PG_PORT dbname=peer user=$CB_ADMIN_ROLE password=$CB_ADMIN_ROLE_PASSWORD"
    export PEER_AMQP_HOST=127.0.0.1 PEER_AMQP_PORT="$CB_AMQP_PORT"
    export PEER_AMQP_USER="$CB_AMQP_ADMIN" PEER_AMQP_PASS="$CB_AMQP_ADMIN_PASSWORD"
    export PEER_OUT_EXCHANGE=peer.events PEER_OUT_ROUTING_KEY=peer.done
    cc -O2 -o "$WORK/pipeline_c" "$PEERS/pipeline/pipeline_c.c" $(pkg-config --cflags --libs librabbitmq libpq)
    cc -O2 -o "$WORK/fill" "$PEERS/pipeline/fill.c" $(pkg-config --cflags --libs librabbitmq)
    python3 "$PEERS/pipeline/q.py" setup quorum
fi

peer() { # label fill batch (nothing with BENCH_PEERS=0)
    [ -n "$PEERS" ] || return 0
    python3 "$PEERS/pipeline/q.py" reset; "$WORK/fill" peer.in "$2" >/dev/null
    # The CPU of the broker, Postgres and the peer's process while it runs (bash's `time`
    # gives the process's own), per message consumed: as connectbus-bench prints its own.
    local broker0 pg0 broker1 pg1 TIMEFORMAT='%3U %3S'
    broker0="$(cb_server_ticks beam.smp)" pg0="$(cb_server_ticks postgres)"
    { time "$WORK/pipeline_c" 4 "$SECS" 100 peer.in "$3" >"$WORK/peer.out" 2>&1; } 2>"$WORK/peer.time"
    broker1="$(cb_server_ticks beam.smp)" pg1="$(cb_server_ticks postgres)"
    local out; out="$(tail -1 "$WORK/peer.out")"; sleep 0.5
    read -r left sink rows < <(python3 "$PEERS/pipeline/q.py" counts)
    local done=$((${2} - left)) ok=no; [ "$rows" = "$done" ] && [ "$sink" = "$done" ] && ok=yes
    # The peer's leftovers (the unconsumed rest of its input, its routed events) would sit in
    # the broker's quorum queues during the next run: purge them, as connectbus-bench deletes its own.
    python3 "$PEERS/pipeline/q.py" reset
    local cpu; cpu="$(awk -v b=$((broker1 - broker0)) -v p=$((pg1 - pg0)) -v hz="$(getconf CLK_TCK)" -v n="$done" \
        '{printf "CPU per message: broker %.0f us, postgres %.0f us, pipeline_c %.0f us", b / hz * 1e6 / n, p / hz * 1e6 / n, ($1 + $2) * 1e6 / n}' \
        "$WORK/peer.time")"
    echo "peer $1 | $out | consumed=$done rows=$rows routed=$sink consistent=$ok | $cpu | $(load)"
}
load() { echo "load $(cut -d' ' -f1-3 /proc/loadavg)"; }
# connectbus-bench with the given options, and BENCH_BEFORE's after (odd rounds) or before
# it (even rounds): the run right after a peer's finds the broker still settling, so neither
# binary always takes that place.
ours() { # options round
    # shellcheck disable=SC2086
    if [ -n "${BENCH_BEFORE:-}" ] && [ $(($2 % 2)) = 0 ]; then
        echo "before $("$BENCH_BEFORE" $1 | tail -1) | $(load)"
        echo "connectbus $("$BENCH" $1 | tail -1) | $(load)"
    else
        echo "connectbus $("$BENCH" $1 | tail -1) | $(load)"
        [ -z "${BENCH_BEFORE:-}" ] || echo "before $("$BENCH_BEFORE" $1 | tail -1) | $(load)"
    fi
}
# Each measurement's line goes to the screen and to $WORK/lines, from which the summary takes
# the rates (the number before "msg/s", or the C peer's rate=).
pair() { # round peer-label fill batch ours-options: odd rounds the peer first, even rounds ours
    if [ $(($1 % 2)) = 1 ]; then
        peer "$2" "$3" "$4" | tee -a "$WORK/lines"; ours "$5" "$1" | tee -a "$WORK/lines"
    else
        ours "$5" "$1" | tee -a "$WORK/lines"; peer "$2" "$3" "$4" | tee -a "$WORK/lines"
    fi
}
for round in $(seq 1 "$ROUNDS"); do
    echo "== round $round ($([ $((round % 2)) = 1 ] && echo "peers first" || echo "connectbus first"))"
    pair "$round" "C per-message w=4" "${PEER_FILL_PER_MESSAGE:-40000}" 1 "$ONE_ARGS"
    pair "$round" "C batch-50 w=4" "${PEER_FILL_BATCHED:-150000}" 50 "$BATCH_ARGS"
done
if [ "${BENCH_SKIP_BACKLOG:-0}" != 1 ]; then
    echo "== outbox relay"
    "$BENCH" backlog --rows "${BENCH_BACKLOG_ROWS:-100000}" | tee "$WORK/backlog"
fi
# The summary block: per mode and side, each round's rate, its ratio to the C peer of the
# same mode and round, and where the CPU went per message; then the relay's drain rate.
python3 - "$WORK/lines" >"$WORK/metrics" <<'PY'
import re, sys
records = []  # (mode, side, order within a side, metric, value, unit), in round order
rates = {}
for line in open(sys.argv[1]):
    side = line.split(" ", 1)[0]
    if side not in ("peer", "connectbus", "before"):
        continue
    peer = side == "peer"
    side = "C peer" if peer else side
    kind = "batched" if ("batch-50" in line if peer else f"{line.split(' ', 1)[0]} batched" in line) else "one at a time"
    rate = re.search(r"rate=(\d+)" if peer else r"(\d+) msg/s", line)
    if rate:
        rates.setdefault((kind, side), []).append(int(rate.group(1)))
        records.append((kind, side, 0, f"{kind} rate, {side}", rate.group(1), "msg/s"))
    m = re.search(r"CPU per message: broker (\d+) us, postgres (\d+) us, \S+ (\d+) us", line)
    if m:
        parts = [int(x) for x in m.groups()]
        for i, (name, value) in enumerate(zip(("broker", "postgres", "its own process", "total"), parts + [sum(parts)])):
            records.append((kind, side, 2 + i, f"{kind} CPU per message, {side}, {name}", value, "us"))
for (kind, side), ours in rates.items():
    for peer, own in zip(rates.get((kind, "C peer"), []) if side != "C peer" else [], ours):
        if peer:
            records.append((kind, side, 1, f"{kind} rate, {side} ÷ C peer", f"{own / peer:.2f}", "×"))
modes, sides = ["batched", "one at a time"], ["C peer", "connectbus", "before"]
for r in sorted(records, key=lambda r: (modes.index(r[0]), sides.index(r[1]), r[2])):
    print(f"{r[3]}\t{r[4]}\t{r[5]}")
PY
bench_metric "$WORK/metrics" "outbox relay backlog drained" \
    "$(sed -n 's/.*drained at \([0-9]*\) rows\/s.*/\1/p' "$WORK/backlog" 2>/dev/null)" "rows/s"
bench_summary "$WORK/metrics"
