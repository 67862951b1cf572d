#!/usr/bin/env bash
# `make fuzz`: builds connectbus-fuzz (Tools/Fuzz) instrumented for libFuzzer and
# AddressSanitizer (`-sanitize=fuzzer,address`, its own build folder .build/fuzz), runs
# every target for FUZZ_SECONDS (default 60) from its seed corpus (Tools/Fuzz/corpus/<target>,
# grown in .build/fuzz/corpus/<target>), prints executions per target and the crashes
# found (inputs kept in .build/fuzz/artifacts), then runs the unit tests once under
# ThreadSanitizer (`swift test --sanitize=thread`, build folder .build/tsan; no servers,
# so the integration tests skip themselves). Exits non-zero on a crash or a TSan report.
#
#   scripts/fuzz.sh                 every target 60 s, then the TSan run
#   FUZZ_RUNS=10000 FUZZ_TSAN=0 scripts/fuzz.sh    what CI runs (scripts/test.sh): a fixed
#                                   number of inputs from a fixed seed (FUZZ_SEED, default 1),
#                                   so every run tries the same inputs, however fast the machine
#                                   (FUZZ_SECONDS still caps it, default 180 then)
#   scripts/fuzz.sh form-roundtrip amqp-url        only these targets
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

RUNS="${FUZZ_RUNS:-}"
if [ -n "$RUNS" ]; then
    SECONDS_PER_TARGET="${FUZZ_SECONDS:-180}"
    LIMIT=(-runs="$RUNS" -seed="${FUZZ_SEED:-1}" -max_total_time="$SECONDS_PER_TARGET")
    BUDGET="$RUNS inputs (seed ${FUZZ_SEED:-1})"
else
    SECONDS_PER_TARGET="${FUZZ_SECONDS:-60}"
    LIMIT=(-max_total_time="$SECONDS_PER_TARGET")
    BUDGET="$SECONDS_PER_TARGET s"
fi
BUILD="${FUZZ_BUILD_PATH:-$CB_REPO/.build/fuzz}"
TARGETS=("$@")
[ "${#TARGETS[@]}" -gt 0 ] || TARGETS=(webhook-signature webhook-event envelope commands form-roundtrip amqp-url database-url sim-request)
status=0

cb_log "building connectbus-fuzz with -sanitize=fuzzer,address in $BUILD"
swift build --build-path "$BUILD" --product connectbus-fuzz -Xswiftc -sanitize=fuzzer,address \
    || { cb_log "fuzz build failed"; exit 1; }
BIN="$(swift build --build-path "$BUILD" --show-bin-path)/connectbus-fuzz"
mkdir -p "$BUILD/artifacts" "$BUILD/logs"

results=()
for t in "${TARGETS[@]}"; do
    [ -d "Tools/Fuzz/corpus/$t" ] || { cb_log "no seed corpus Tools/Fuzz/corpus/$t"; status=1; continue; }
    mkdir -p "$BUILD/corpus/$t"
    cb_log "fuzzing $t: $BUDGET"
    log="$BUILD/logs/$t.log"
    FUZZ_TARGET="$t" ASAN_OPTIONS="detect_leaks=0:abort_on_error=1" "$BIN" "${LIMIT[@]}" \
        -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -artifact_prefix="$BUILD/artifacts/$t-" \
        "$BUILD/corpus/$t" "Tools/Fuzz/corpus/$t" >"$log" 2>&1
    rc=$?
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
    corpus="$(find "$BUILD/corpus/$t" -type f | wc -l)"
    if [ "$rc" = 0 ]; then
        results+=("$(printf '%-18s %10s runs  %6s corpus  ok' "$t" "${runs:-?}" "$corpus")")
    else
        status=1
        artifact="$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | cut -d' ' -f5)"
        results+=("$(printf '%-18s %10s runs  %6s corpus  CRASH (exit %s) %s' "$t" "${runs:-?}" "$corpus" "$rc" "$artifact")")
        grep -E "invariant broken|Fatal error|ERROR: AddressSanitizer|==ERROR" "$log" | head -3 >&2
    fi
done
echo
echo "fuzzing, $BUDGET per target (logs in $BUILD/logs):"
for r in "${results[@]}"; do echo "  $r"; done

if [ "${FUZZ_TSAN:-1}" = 1 ]; then
    cb_log "unit tests under ThreadSanitizer (swift test --sanitize=thread, build folder $CB_REPO/.build/tsan)"
    tsan_log="$BUILD/logs/tsan.log"
    env -u CONNECTBUS_INTEGRATION TSAN_OPTIONS="halt_on_error=0" \
        swift test --build-path "$CB_REPO/.build/tsan" --sanitize=thread --no-parallel 2>&1 | tee "$tsan_log" | tail -5
    if [ "${PIPESTATUS[0]}" != 0 ] || grep -q "WARNING: ThreadSanitizer" "$tsan_log"; then
        echo "ThreadSanitizer: $(grep -c 'WARNING: ThreadSanitizer' "$tsan_log") reports (see $tsan_log)"
        status=1
    else
        echo "ThreadSanitizer: no reports"
    fi
fi
exit "$status"
