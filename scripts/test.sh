#!/usr/bin/env bash
# Everything CI runs (`make test`): install dependencies, start the local RabbitMQ and
# PostgreSQL, build the package and its tests, run the Swift tests with the integration
# environment set, then the deployment checks in Tests/deployment (pytest). Stops the
# servers at the end unless KEEP_INFRA=1. Exits non-zero if any step failed.
#
# Then one round of every benchmark in its smallest form (scripts/bench-smoke.sh: that each runs
# and prints its summary, no targets), every fuzz target for 10,000 inputs from a fixed seed (scripts/fuzz.sh, Tools/Fuzz/README.md) and the short
# chaos run (scripts/chaos.sh --ci, Tests/chaos/README.md), then the same through PgBouncer in
# transaction mode (--ci --pgbouncer), against the three-node cluster (--ci --cluster), then a
# rolling upgrade from the previous release (scripts/upgrade-test.sh), then the short soak
# (scripts/soak.sh --ci, Tests/soak/README.md), each as its own step.
#
# Environment: SWIFT_BUILD_PATH (default .build), SWIFT_TEST_ARGS (extra `swift test`
# arguments, e.g. "--filter BusTests"), SKIP_SWIFT=1 (deployment checks only; turns the
# browser tests off), CONNECTBUS_BROWSER_TESTS=0 (browser tests off), SKIP_BENCH_SMOKE=1, SKIP_FUZZ=1,
# SKIP_CHAOS=1 (the chaos, upgrade and soak runs),
# PYTHON, KEEP_INFRA=1,
# and the port variables of scripts/lib/common.sh.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cb_avoid_busy_ports
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

BUILD_PATH="${SWIFT_BUILD_PATH:-$CB_REPO/.build}"
PYTHON="${PYTHON:-python3}"
LOG_DIR="$(mktemp -d /tmp/connectbus-test.XXXXXX)"
# Test artifacts (the browser tests' screenshots) go beside the logs.
export CONNECTBUS_TEST_ARTIFACTS="${CONNECTBUS_TEST_ARTIFACTS:-$LOG_DIR/artifacts}"
STEPS=()      # "PASS|FAIL|SKIP name seconds"
FAILED=0
TOTAL_PASSED=0
TOTAL_FAILED=0
TOTAL_SKIPPED=0

# step NAME command...: run a step, record its result and duration.
# A failed step's result files (its check table, the test runners' logs: those written
# since it began) go to FAILED_LOGS for ``failure_reasons``.
FAILED_LOGS=()
step() {
    local name="$1"; shift
    local start=$SECONDS rc f
    cb_log "== $name"
    touch "$LOG_DIR/.step-start"
    "$@"; rc=$?
    if [ "$rc" = 0 ]; then
        STEPS+=("PASS $name $((SECONDS - start))s")
    else
        STEPS+=("FAIL $name $((SECONDS - start))s (exit $rc)")
        FAILED=1
        for f in "$LOG_DIR"/*-table.txt "$LOG_DIR/swift-test.log" "$LOG_DIR/pytest.log"; do
            [ ! "$f" -nt "$LOG_DIR/.step-start" ] || FAILED_LOGS+=("$f")
        done
    fi
    return "$rc"
}
skip() { STEPS+=("SKIP $1 ($2)"); }

stop_infra() {
    if [ "${KEEP_INFRA:-0}" = 1 ]; then
        cb_log "KEEP_INFRA=1: servers left running (stop with scripts/infra-down.sh)"
    else
        "$CB_REPO/scripts/infra-down.sh" || cb_log "warning: infra-down failed"
    fi
}

swift_build() {
    swift build --build-path "$BUILD_PATH" --build-tests \
        && swift build --build-path "$BUILD_PATH" --product stripe-sim \
        && swift build --build-path "$BUILD_PATH" --product connectbus
}

# Tests run one at a time (--no-parallel): service and end-to-end suites start real
# consumers on the real queue names, so two of them must never run side by side.
# shellcheck disable=SC2086
swift_tests() {
    swift test --build-path "$BUILD_PATH" --skip-build --no-parallel ${SWIFT_TEST_ARGS:-} 2>&1 \
        | tee "$LOG_DIR/swift-test.log"
}

python_tests() {
    "$PYTHON" -m pytest -q -p no:cacheprovider Tests/deployment 2>&1 | tee "$LOG_DIR/pytest.log"
}

# Add the counts of a runner's log to the totals.
count_swift() {
    local log="$LOG_DIR/swift-test.log" n
    [ -f "$log" ] || return 0
    # XCTest: "Executed 3 tests, with 1 failure ..." (the last such line is the total).
    n="$(grep -E '^[[:space:]]*Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -1)"
    if [ -n "$n" ]; then
        local ran fails
        ran="$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$n")"
        fails="$(sed -E 's/.*with ([0-9]+) failures?.*/\1/' <<<"$n")"
        TOTAL_PASSED=$((TOTAL_PASSED + ran - fails)); TOTAL_FAILED=$((TOTAL_FAILED + fails))
    fi
    # Swift Testing: one line per test that passed, failed or was skipped.
    TOTAL_PASSED=$((TOTAL_PASSED + $(grep -E '^.{1,6}Test [^ ].* passed after' "$log" | grep -vc 'Test run with' || true)))
    TOTAL_FAILED=$((TOTAL_FAILED + $(grep -E '^.{1,6}Test [^ ].* failed after' "$log" | grep -vc 'Test run with' || true)))
    TOTAL_SKIPPED=$((TOTAL_SKIPPED + $(grep -cE '^.{1,6}Test [^ ].* skipped' "$log" || true)))
}

count_pytest() {
    local log="$LOG_DIR/pytest.log" last k
    [ -f "$log" ] || return 0
    last="$(grep -E '[0-9]+ (passed|failed|error|skipped)' "$log" | tail -1)"
    for k in passed failed error skipped; do
        local v
        v="$(grep -oE "[0-9]+ $k" <<<"$last" | cut -d' ' -f1)"
        v="${v:-0}"
        case "$k" in
            passed) TOTAL_PASSED=$((TOTAL_PASSED + v)) ;;
            failed|error) TOTAL_FAILED=$((TOTAL_FAILED + v)) ;;
            skipped) TOTAL_SKIPPED=$((TOTAL_SKIPPED + v)) ;;
        esac
    done
}

summary() {
    echo
    echo "==================== ConnectBus test summary ===================="
    local s
    for s in "${STEPS[@]}"; do echo "  $s"; done
    echo "  logs: $LOG_DIR"
    [ ! -d "$CONNECTBUS_TEST_ARTIFACTS/browser" ] || echo "  screenshots: $CONNECTBUS_TEST_ARTIFACTS/browser"
    echo "================================================================="
    echo "tests: $TOTAL_PASSED passed, $TOTAL_FAILED failed, $TOTAL_SKIPPED skipped"
    [ "$FAILED" = 0 ] || failure_reasons
}

# Why the failed steps failed, in at most 16 lines of 220 characters right under the summary
# (a CI log is often read from its end; a long line is folded, not cut, since a chaos check
# names the failed order's error at its end): a check table's FAIL rows, or the last line of
# its step's log when it has none (the step stopped early); the Swift tests and deployment
# checks that failed.
failure_reasons() {
    local f name
    echo "why:"
    {
        for f in "${FAILED_LOGS[@]}"; do
            name="$(basename "$f")"
            case "$name" in
                swift-test.log) grep -E '^.{1,6}Test [^ ].* failed after' "$f" | grep -v 'Test run with' | sed 's/^/  swift test: /' ;;
                pytest.log) grep -E '^FAILED ' "$f" | sed 's/^/  deployment checks: /' ;;
                *-table.txt)
                    name="${name%-table.txt}"
                    if grep -qE '[[:space:]]FAIL([[:space:]]|$)' "$f"; then
                        grep -E '[[:space:]]FAIL([[:space:]]|$)' "$f" | sed "s|^|  $name: |"
                    elif [ -s "$LOG_DIR/$name.log" ]; then
                        echo "  $name: $(grep -v '^[[:space:]]*$' "$LOG_DIR/$name.log" | tail -1)"
                    fi ;;
            esac
        done
    } | fold -w 220 | head -16
}

if ! step "install dependencies" "$CB_REPO/scripts/install-deps.sh"; then
    summary; exit 1
fi
trap stop_infra EXIT
if ! step "start RabbitMQ, PostgreSQL and PgBouncer" "$CB_REPO/scripts/infra-up.sh"; then
    summary; exit 1
fi

eval "$("$CB_REPO/scripts/infra-env.sh")"
export CONNECTBUS_INTEGRATION=1 AMQP_URL DATABASE_URL CONNECTBUS_PGBOUNCER_URL CONNECTBUS_REPO="$CB_REPO"

if [ "${SKIP_SWIFT:-0}" = 1 ]; then
    skip "swift build" "SKIP_SWIFT=1"; skip "swift test" "SKIP_SWIFT=1"
    # Nothing is built, so the browser tests have no suite to drive: turned off, and said so.
    export CONNECTBUS_BROWSER_TESTS="${CONNECTBUS_BROWSER_TESTS:-0}"
    [ "$CONNECTBUS_BROWSER_TESTS" != 0 ] || skip "browser tests" "SKIP_SWIFT=1 builds no executables"
elif step "swift build (tests and stripe-sim)" swift_build; then
    STRIPE_SIM_BINARY="$(swift build --build-path "$BUILD_PATH" --show-bin-path)/stripe-sim"
    CONNECTBUS_CLI_BINARY="$(dirname "$STRIPE_SIM_BINARY")/connectbus"
    export STRIPE_SIM_BINARY CONNECTBUS_CLI_BINARY
    step "swift test" swift_tests
    count_swift
else
    skip "swift test" "build failed"
fi

step "deployment checks (pytest Tests/deployment)" python_tests
count_pytest

# One round of every benchmark in its smallest form, with the debug executables built above:
# that each still runs and prints its summary block; no targets (scripts/bench-smoke.sh).
bench_smoke() {
    KEEP_INFRA=1 BENCH_BIN="$(swift build --build-path "$BUILD_PATH" --show-bin-path)" \
        BENCH_SMOKE_OUT="$LOG_DIR/bench-smoke" "$CB_REPO/scripts/bench-smoke.sh" 2>"$LOG_DIR/bench-smoke.log" \
        | tee "$LOG_DIR/bench-smoke-table.txt"
}
if [ "${SKIP_SWIFT:-0}" = 1 ] || [ "${SKIP_BENCH_SMOKE:-0}" = 1 ]; then
    skip "benchmark smoke (one round of each)" "SKIP_SWIFT=1 or SKIP_BENCH_SMOKE=1"
elif [ -z "${STRIPE_SIM_BINARY:-}" ]; then
    skip "benchmark smoke (one round of each)" "build failed"
else
    step "benchmark smoke (one round of each, scripts/bench-smoke.sh)" bench_smoke
fi

# Every fuzz target for the same 10,000 inputs from a fixed seed, so a run is reproducible
# (Tools/Fuzz, its own instrumented build in .build/fuzz).
fuzz_short() {
    FUZZ_RUNS="${FUZZ_RUNS:-10000}" FUZZ_TSAN=0 "$CB_REPO/scripts/fuzz.sh" 2>"$LOG_DIR/fuzz.log" | tee "$LOG_DIR/fuzz-table.txt"
}
if [ "${SKIP_SWIFT:-0}" = 1 ] || [ "${SKIP_FUZZ:-0}" = 1 ]; then
    skip "fuzzing (10,000 inputs per target)" "SKIP_SWIFT=1 or SKIP_FUZZ=1"
else
    step "fuzzing (10,000 inputs per target, scripts/fuzz.sh)" fuzz_short
fi

# The short chaos run (Tests/chaos): the executables built above, the servers already up.
chaos_short() {
    KEEP_INFRA=1 SKIP_DEPS=1 CHAOS_BIN_DIR="$(swift build --build-path "$BUILD_PATH" --show-bin-path)" \
        CHAOS_OUT="$LOG_DIR/chaos" "$CB_REPO/scripts/chaos.sh" --ci 2>"$LOG_DIR/chaos.log" | tee "$LOG_DIR/chaos-table.txt"
}
if [ "${SKIP_SWIFT:-0}" = 1 ] || [ "${SKIP_CHAOS:-0}" = 1 ]; then
    skip "chaos run (short form)" "SKIP_SWIFT=1 or SKIP_CHAOS=1"
elif [ -z "${STRIPE_SIM_BINARY:-}" ]; then
    skip "chaos run (short form)" "build failed"
else
    step "chaos run (short form, scripts/chaos.sh --ci)" chaos_short
fi

# The same short chaos run with every service's DATABASE_URL at PgBouncer in transaction
# mode (docs/OPERATIONS.md "Behind PgBouncer").
chaos_pgbouncer() {
    KEEP_INFRA=1 SKIP_DEPS=1 CHAOS_BIN_DIR="$(swift build --build-path "$BUILD_PATH" --show-bin-path)" \
        CHAOS_OUT="$LOG_DIR/chaos-pgbouncer" "$CB_REPO/scripts/chaos.sh" --ci --pgbouncer \
        2>"$LOG_DIR/chaos-pgbouncer.log" | tee "$LOG_DIR/chaos-pgbouncer-table.txt"
}
if [ "${SKIP_SWIFT:-0}" = 1 ] || [ "${SKIP_CHAOS:-0}" = 1 ]; then
    skip "chaos run through PgBouncer (short form)" "SKIP_SWIFT=1 or SKIP_CHAOS=1"
elif [ -z "${STRIPE_SIM_BINARY:-}" ]; then
    skip "chaos run through PgBouncer (short form)" "build failed"
else
    step "chaos run through PgBouncer (short form, scripts/chaos.sh --ci --pgbouncer)" chaos_pgbouncer
fi

# The short chaos run against the three-node cluster of scripts/cluster.sh, the node leading
# most quorum queues stopped mid-run (docs/OPERATIONS.md "What the cluster test does"); the
# cluster is stopped afterwards whatever the result.
chaos_cluster() {
    local rc
    KEEP_INFRA=1 SKIP_DEPS=1 CHAOS_BIN_DIR="$(swift build --build-path "$BUILD_PATH" --show-bin-path)" \
        CHAOS_OUT="$LOG_DIR/chaos-cluster" "$CB_REPO/scripts/chaos.sh" --ci --cluster \
        2>"$LOG_DIR/chaos-cluster.log" | tee "$LOG_DIR/chaos-cluster-table.txt"
    rc=$?
    "$CB_REPO/scripts/cluster.sh" down >>"$LOG_DIR/chaos-cluster.log" 2>&1 || cb_log "warning: cluster.sh down failed"
    return "$rc"
}
if [ "${SKIP_SWIFT:-0}" = 1 ] || [ "${SKIP_CHAOS:-0}" = 1 ]; then
    skip "chaos run against a three-node cluster (short form)" "SKIP_SWIFT=1 or SKIP_CHAOS=1"
elif [ -z "${STRIPE_SIM_BINARY:-}" ]; then
    skip "chaos run against a three-node cluster (short form)" "build failed"
else
    step "chaos run against a three-node cluster (short form, scripts/chaos.sh --ci --cluster)" chaos_cluster
fi

# A rolling upgrade from the previous release of CHANGELOG.md (scripts/upgrade-test.sh): its
# services built from git beside these, replaced one replica at a time under the chaos load.
upgrade_test() {
    KEEP_INFRA=1 SKIP_DEPS=1 CHAOS_BIN_DIR="$(swift build --build-path "$BUILD_PATH" --show-bin-path)" \
        CHAOS_OUT="$LOG_DIR/upgrade" "$CB_REPO/scripts/upgrade-test.sh" 2>"$LOG_DIR/upgrade.log" | tee "$LOG_DIR/upgrade-table.txt"
}
if [ "${SKIP_SWIFT:-0}" = 1 ] || [ "${SKIP_CHAOS:-0}" = 1 ]; then
    skip "rolling upgrade from the previous release" "SKIP_SWIFT=1 or SKIP_CHAOS=1"
elif [ -z "${STRIPE_SIM_BINARY:-}" ]; then
    skip "rolling upgrade from the previous release" "build failed"
else
    step "rolling upgrade from the previous release (scripts/upgrade-test.sh)" upgrade_test
fi

# The short soak (Tests/soak): RSS, descriptors, connections and every retention bound after
# a compressed stretch of webhooks and commands.
soak_short() {
    KEEP_INFRA=1 SKIP_DEPS=1 SOAK_BIN_DIR="$(swift build --build-path "$BUILD_PATH" --show-bin-path)" \
        SOAK_OUT="$LOG_DIR/soak" "$CB_REPO/scripts/soak.sh" --ci 2>"$LOG_DIR/soak.log" | tee "$LOG_DIR/soak-table.txt"
}
if [ "${SKIP_SWIFT:-0}" = 1 ] || [ "${SKIP_CHAOS:-0}" = 1 ]; then
    skip "soak (short form)" "SKIP_SWIFT=1 or SKIP_CHAOS=1"
elif [ -z "${STRIPE_SIM_BINARY:-}" ]; then
    skip "soak (short form)" "build failed"
else
    step "soak (short form, scripts/soak.sh --ci)" soak_short
fi

summary
[ "$FAILED" = 0 ]
