#!/usr/bin/env bash
# `make bench-smoke`: every benchmark of scripts/bench-*.sh once, in its smallest meaningful
# form (one round, a few hundred messages, events or commands, second-long peer runs), with
# the executables of BENCH_BIN (default .build/debug: nothing is built) and each port the
# benchmark takes chosen free (cb_free_port). It checks that they run, not what they measure:
# a benchmark passes when it exits 0 and, where it has one, printed its summary block
# (`== summary:`, scripts/lib/bench_summary.py), and nothing it started is left running
# (its process group, and any process from BENCH_BIN or holding the run folder in its command
# line or this run's mark in its environment: those are stopped, and the benchmark fails).
# No target is checked: debug builds on a shared machine say nothing about performance.
# Prints a table (benchmark, PASS/FAIL, seconds, the reason of a failure) and exits non-zero
# when one failed. About 3 minutes on 2 cores with debug executables.
#
# The peers of ../shared/bench (scripts/bench-pipeline.sh's C loop, scripts/bench-ingress.sh's
# Python service, with its virtualenv) run when they are found, and are skipped (BENCH_PEERS=0,
# said on one line) when not, as in a fresh clone; BENCH_PEERS=0 skips them, BENCH_PEERS=1
# requires them.
# Each benchmark's output is <run folder>/<name>.log and its temporary files are under
# <run folder>/tmp/<name> (TMPDIR); the run folder is .local/bench-smoke/<time> (or BENCH_SMOKE_OUT).
#
# Usage: scripts/bench-smoke.sh [NAME...]   (default: all; names as in the table)
# Environment: BENCH_BIN, BENCH_PEERS, BENCH_SMOKE_OUT, BENCH_SMOKE_TIMEOUT (seconds one
# benchmark may take before it is stopped and failed, default 300), KEEP_INFRA=1 (leave the
# servers running), and the port variables of scripts/lib/common.sh.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cb_avoid_busy_ports
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

ALL=(pipeline ingress webhooks command-overhead backfill history idle-rss ratelimit tracing scaling)
NAMES=("$@")
[ "${#NAMES[@]}" -gt 0 ] || NAMES=("${ALL[@]}")
for name in "${NAMES[@]}"; do
    [[ " ${ALL[*]} " == *" $name "* ]] || cb_die "unknown benchmark $name (one of: ${ALL[*]})"
done

BIN="${BENCH_BIN:-$CB_REPO/.build/debug}"
for exe in stripe-sim onboarding payments terminal-gateway notifications connectbus connectbus-bench; do
    [ -x "$BIN/$exe" ] || cb_die "missing $BIN/$exe (swift build, or set BENCH_BIN)"
done
BIN="$(cd "$BIN" && pwd)"
OUT="${BENCH_SMOKE_OUT:-$CB_REPO/.local/bench-smoke/$(date -u +%Y%m%d-%H%M%S)}"
mkdir -p "$OUT" || cb_die "cannot create $OUT"
OUT="$(cd "$OUT" && pwd)"
TIMEOUT="${BENCH_SMOKE_TIMEOUT:-300}"
MARK="CONNECTBUS_BENCH_SMOKE=$OUT"

if [ -z "${BENCH_PEERS:-}" ]; then
    if (cb_peer_bench_dir pipeline/pipeline_c.c && cb_peer_bench_dir ingress/peer/ctl.py) >/dev/null 2>&1; then
        BENCH_PEERS=1
    else
        BENCH_PEERS=0
        cb_log "the peers (../shared/bench, PEER_BENCH_DIR) are not found: their runs are skipped (BENCH_PEERS=0)"
    fi
fi
export BENCH_PEERS

"$CB_REPO/scripts/infra-up.sh" >"$OUT/infra-up.log" 2>&1 || { tail -20 "$OUT/infra-up.log" >&2; cb_die "infra-up.sh failed"; }
. "$CB_REPO/scripts/lib/common.sh"
if [ "${KEEP_INFRA:-0}" != 1 ]; then trap '"$CB_REPO/scripts/infra-down.sh" >>"$OUT/infra-down.log" 2>&1' EXIT; fi

# What a benchmark left running: its process group (GROUP), and any process started from
# BENCH_BIN, holding a path in the run folder in its command line (the temporary files are
# there) or this run's mark in its environment (processes started in a session of their
# own), but none of the pids in BEFORE (what matched before the benchmark started, e.g. the
# caller's own `tee` of the table). Prints "pid command" lines.
leftovers() {
    GROUP="$1" BEFORE="${2:-}" BIN="$BIN" OUT="$OUT" MARK="$MARK" python3 - <<'PY'
import os
group, bin_dir, out, mark = int(os.environ["GROUP"]), os.environ["BIN"] + "/", os.environ["OUT"] + "/", os.environ["MARK"].encode()
mine = {os.getpid(), os.getppid()} | {int(p) for p in os.environ["BEFORE"].split()}
for entry in os.listdir("/proc"):
    if not entry.isdigit() or int(entry) in mine:
        continue
    pid = int(entry)
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        if stat.rsplit(")", 1)[1].split()[0] == "Z":
            continue
        pgid = int(stat.rsplit(")", 1)[1].split()[2])
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            argv = f.read().split(b"\0")
        command = " ".join(a.decode(errors="replace") for a in argv if a)
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                marked = mark in f.read().split(b"\0")
        except OSError:
            marked = False
    except (OSError, IndexError, ValueError):
        continue
    if pgid == group or marked or command.startswith(bin_dir) or out in command:
        print(pid, command[:160])
PY
}

# run NAME SUMMARY(yes|no) command...: one benchmark, in its own process group (timeout's),
# with its TMPDIR under the run folder; records its row.
ROWS=()
FAILURES=0
CURRENT=""
# Interrupted: the running benchmark's group is stopped too (its EXIT traps clean up).
trap '[ -z "$CURRENT" ] || kill -TERM -- "-$CURRENT" 2>/dev/null; exit 130' INT TERM
run() {
    local name="$1" summary="$2" start=$SECONDS pid rc reason="" left before
    shift 2
    local log="$OUT/$name.log" tmp="$OUT/tmp/$name"
    mkdir -p "$tmp"
    cb_log "== $name"
    before="$(leftovers 0 | awk '{print $1}')"
    env TMPDIR="$tmp" "$MARK" BENCH_BIN="$BIN" timeout -k 20 "$TIMEOUT" "$@" >"$log" 2>&1 </dev/null &
    pid=$! CURRENT=$!
    wait "$pid"; rc=$?
    CURRENT=""
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        reason="stopped after ${TIMEOUT} s (BENCH_SMOKE_TIMEOUT)"
    elif [ "$rc" != 0 ]; then
        reason="exit $rc: $(grep -v '^[[:space:]]*$' "$log" | tail -1)"
    elif [ "$summary" = yes ] && ! grep -q '^== summary:' "$log"; then
        reason="no summary block (== summary:)"
    fi
    left="$(leftovers "$pid" "$before")"
    if [ -n "$left" ]; then
        echo "$left" >"$OUT/$name.leftovers"
        reason="${reason:+$reason; }left running: $(awk '{print $2}' <<<"$left" | xargs -n1 basename | sort -u | paste -sd, -)"
        # Only processes of this run: stop them (TERM, then KILL).
        kill -TERM $(awk '{print $1}' <<<"$left") 2>/dev/null
        for _ in $(seq 1 50); do [ -z "$(leftovers "$pid" "$before")" ] && break; sleep 0.2; done
        left="$(leftovers "$pid" "$before")"
        [ -z "$left" ] || kill -KILL $(awk '{print $1}' <<<"$left") 2>/dev/null
    fi
    if [ -z "$reason" ]; then
        ROWS+=("$(printf '%-18s %-6s %5s' "$name" PASS "$((SECONDS - start))")")
    else
        FAILURES=$((FAILURES + 1))
        ROWS+=("$(printf '%-18s %-6s %5s   %s' "$name" FAIL "$((SECONDS - start))" "$reason" | cut -c1-200)")
        cb_log "$name failed: $reason; the end of $log:"
        tail -15 "$log" >&2
    fi
}

wanted() { [[ " ${NAMES[*]} " == *" $1 "* ]]; }
START=$SECONDS

# Ports are chosen free just before each benchmark, away from the benchmarks' own defaults (a
# full benchmark may be running beside the smoke on the same machine).
wanted pipeline && run pipeline yes env PEER_SECONDS=1 PEER_FILL_PER_MESSAGE=300 PEER_FILL_BATCHED=1500 \
    BENCH_MESSAGES=500 BENCH_ONE_AT_A_TIME_ARGS="--mode stripe-bound --workers 4 --prefetch 10 --messages 100" \
    BENCH_BACKLOG_ROWS=500 scripts/bench-pipeline.sh 1
wanted ingress && run ingress yes env BENCH_PORT="$(cb_free_port 19480)" PEER_PORT="$(cb_free_port 19490)" \
    CB_EVENTS=200 PACED_RATE=100 PACED_EVENTS=200 PEER_EVENTS=200 PEER_SECONDS=1 PEER_WORKERS=2 \
    scripts/bench-ingress.sh 1
wanted webhooks && run webhooks no env BENCH_PORT="$(cb_free_port 19480)" BENCH_EVENTS=200 BENCH_CONNECTIONS=4 \
    scripts/bench-webhooks.sh
wanted command-overhead && run command-overhead yes env OVERHEAD_SIM_PORT="$(cb_free_port 19620)" \
    OVERHEAD_HTTP_PORT="$(cb_free_port 19630)" OVERHEAD_COMMANDS=20 OVERHEAD_LOAD_COMMANDS=40 OVERHEAD_IN_FLIGHT=4 \
    OVERHEAD_SETTLE_SECONDS=1 WORKERS=2 scripts/bench-command-overhead.sh
# 150 events: two pages of GET /v1/events.
wanted backfill && run backfill no env STRIPE_SIM_PORT="$(cb_free_port 19111)" \
    DEMO_HTTP_PORT_BASE="$(( $(cb_free_port 19084) - 4 ))" BACKFILL_BENCH_EVENTS=150 scripts/bench-backfill.sh
wanted history && run history no env BENCH_PORT="$(cb_free_port 19480)" HISTORY_BENCH_EVENTS=50 BENCH_RUNS=1 \
    BENCH_MESSAGES=200 HISTORY_BENCH_WEBHOOK_EVENTS=50 scripts/bench-history.sh
wanted idle-rss && run idle-rss no env RSS_PORT="$(cb_free_port 19590)" RSS_SETTLE_SECONDS=1 scripts/bench-idle-rss.sh
wanted ratelimit && run ratelimit no env STRIPE_SIM_PORT="$(cb_free_port 19211)" \
    DEMO_HTTP_PORT_BASE="$(cb_free_port 19740 5)" DEMO_SMTP_PORT="$(cb_free_port 19525)" \
    RATELIMIT_BENCH_MODES=fleet RATELIMIT_BENCH_COMMANDS=8 RATELIMIT_BENCH_WORKERS=2 scripts/bench-ratelimit.sh
wanted tracing && run tracing no env BENCH_REPEAT=1 BENCH_RUNS=1 BENCH_MESSAGES=200 scripts/bench-tracing.sh
# On the single node (SCALING_CLUSTER=0: the cluster's fixed ports are not the smoke's to
# take, and `make chaos-cluster` exercises scripts/cluster.sh), two replica counts, one small
# offered rate, the plot written.
wanted scaling && run scaling yes env STRIPE_SIM_PORT="$(cb_free_port 19311)" \
    DEMO_HTTP_PORT_BASE="$(cb_free_port 19840 5)" SCALING_CLUSTER=0 SCALING_REPLICAS=1,2 SCALING_RATES=10 \
    SCALING_SECONDS=1 SCALING_WORKERS=2 SCALING_SVG="$OUT/tmp/scaling/scaling.svg" scripts/bench-scaling.sh

{
    printf '%-18s %-6s %5s   %s\n' benchmark result "s" "reason"
    printf '%s\n' "${ROWS[@]}"
    echo "benchmark smoke: ${#ROWS[@]} run, $FAILURES failed, $((SECONDS - START)) s (BENCH_PEERS=$BENCH_PEERS; logs in $OUT)"
} | tee "$OUT/table.txt"
[ "$FAILURES" = 0 ]
