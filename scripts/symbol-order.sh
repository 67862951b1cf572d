#!/usr/bin/env bash
# Writes Shared/Link/symbol-order.txt: the functions a release service runs, which lld
# places first in the executable's code (Package.swift, releaseLinkerSettings; Shared/Link/README.md).
#
# Builds the services (release, static Swift runtime, as docker/Dockerfile does), starts the
# local servers (scripts/infra-up.sh) and stripe-sim, then runs each service under
# callgrind: start-up, ORDER_IDLE_SECONDS (default 5) idle after /readyz, then for
# onboarding ORDER_COMMANDS (default 40) onboarding.create_account commands through
# stripe-sim (`connectbus-bench command-overhead`). The file lists what start-up and idle
# ran first, then what only the commands ran; each group sorted by name, so a rerun after a
# small change gives a small diff. Names that no longer exist are ignored by the linker,
# so a stale file only costs memory, never a build.
# Usage: scripts/symbol-order.sh   (env: ORDER_SERVICES (default "onboarding payments
# terminal-gateway notifications"), ORDER_WORKERS (default 4, as the benchmarks run),
# ORDER_IDLE_SECONDS, ORDER_COMMANDS, ORDER_BUILD_PATH (default .build), ORDER_SKIP_BUILD=1,
# ORDER_SIM_PORT (default 18640), ORDER_HTTP_PORT (default 18641), the port variables of
# scripts/lib/common.sh)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"
command -v valgrind >/dev/null || cb_die "valgrind not found (scripts/install-deps.sh installs it)"

SERVICES=(${ORDER_SERVICES:-onboarding payments terminal-gateway notifications})
BUILD_PATH="${ORDER_BUILD_PATH:-.build}"
SIM_PORT="${ORDER_SIM_PORT:-18640}"
HTTP_PORT="${ORDER_HTTP_PORT:-18641}"
WORK="$(mktemp -d)"
SIM_PID="" VG_PID=""
cleanup() {
    for pid in "$VG_PID" "$SIM_PID"; do
        if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
    done
    rm -rf "$WORK"
}
trap cleanup EXIT

"$CB_REPO/scripts/infra-up.sh" >&2
. "$CB_REPO/scripts/lib/common.sh"
if [ "${ORDER_SKIP_BUILD:-0}" != 1 ]; then
    for product in stripe-sim connectbus-bench "${SERVICES[@]}"; do
        swift build -c release --static-swift-stdlib --build-path "$BUILD_PATH" --product "$product" >&2
    done
fi
BIN="$(swift build -c release --static-swift-stdlib --build-path "$BUILD_PATH" --show-bin-path)"

"$BIN/stripe-sim" --port "$SIM_PORT" >"$WORK/sim.log" 2>&1 &
SIM_PID=$!
for _ in $(seq 1 100); do cb_port_busy "$SIM_PORT" && break; sleep 0.1; done

user_of() { case "$1" in terminal-gateway) echo terminal ;; *) echo "$1" ;; esac; }
for exe in "${SERVICES[@]}"; do
    name="$(user_of "$exe")"
    # valgrind cannot read the DWARF the toolchain's clang writes; the symbol table is enough.
    strip -g -o "$WORK/$exe" "$BIN/$exe"
    cb_log "recording $exe under callgrind"
    env AMQP_URL="$(cb_service_amqp_url "$name")" DATABASE_URL="$(cb_service_database_url "$name")" \
        WORKERS="${ORDER_WORKERS:-4}" HTTP_PORT="$HTTP_PORT" LOG_LEVEL=warning STRIPE_RATE_LIMIT=10000 \
        STRIPE_API_KEY=sk_test_order STRIPE_API_BASE="http://127.0.0.1:$SIM_PORT" \
        STRIPE_WEBHOOK_SECRETS=whsec_order STRIPE_CONNECT_WEBHOOK_SECRETS=whsec_order_connect \
        SMTP_URL=smtp://127.0.0.1:9 SMTP_FROM="Order <order@connectbus.example>" \
        valgrind --tool=callgrind --demangle=no --dump-instr=no --collect-jumps=no \
        --callgrind-out-file="$WORK/$exe.%p.out" "$WORK/$exe" >"$WORK/$exe.log" 2>&1 &
    VG_PID=$!
    ready=0
    for _ in $(seq 1 600); do
        if curl -fsS -o /dev/null "http://127.0.0.1:$HTTP_PORT/readyz" 2>/dev/null; then ready=1; break; fi
        kill -0 "$VG_PID" 2>/dev/null || break
        sleep 0.5
    done
    [ "$ready" = 1 ] || { tail -20 "$WORK/$exe.log" >&2; cb_die "$exe did not become ready under callgrind"; }
    sleep "${ORDER_IDLE_SECONDS:-5}"
    callgrind_control --dump=idle "$VG_PID" >/dev/null
    if [ "$exe" = onboarding ]; then
        AMQP_URL="$(cb_admin_amqp_url)" DATABASE_URL="$(cb_admin_database_url)" \
            "$BIN/connectbus-bench" command-overhead --sim "http://127.0.0.1:$SIM_PORT" \
            --commands "${ORDER_COMMANDS:-40}" >&2
    fi
    kill -TERM "$VG_PID"
    wait "$VG_PID" || cb_die "$exe exited with status $? on SIGTERM under callgrind"
    VG_PID=""
done

python3 - "$WORK" "${SERVICES[@]}" >"$CB_REPO/Shared/Link/symbol-order.txt" <<'PY'
import glob, re, sys
work, services = sys.argv[1], sys.argv[2:]

def functions(path, binary):
    """Names of the functions of `binary` that ran (a cost line under their `fn=`)."""
    objects, names, current, ran = {}, {}, None, set()
    for line in open(path, errors="replace"):
        m = re.match(r"^(c?ob|c?fn)=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
        if not m:
            continue
        kind, ident, name = m.groups()
        table = objects if kind.endswith("ob") else names
        if name:
            table[ident] = name
        if kind == "ob":
            current = objects[ident]
        elif kind == "fn" and current == binary:
            ran.add(names[ident].split("'")[0])
    return {n for n in ran if not n.startswith("0x") and not n.startswith("(")}

idle, later = set(), set()
for exe in services:
    binary = f"{work}/{exe}"
    for path in glob.glob(f"{work}/{exe}.*.out*"):
        (idle if ".out.1" in path else later).update(functions(path, binary))
print("\n".join(sorted(idle) + sorted(later - idle)))
PY
cb_log "wrote Shared/Link/symbol-order.txt ($(wc -l <"$CB_REPO/Shared/Link/symbol-order.txt") functions)"
