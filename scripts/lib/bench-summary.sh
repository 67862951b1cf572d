# The benchmarks' summary block (scripts/lib/bench_summary.py). Source it, do not run it.
#   bench_metric FILE METRIC VALUE UNIT   records one round's value (skipped when VALUE is empty)
#   bench_summary FILE                    prints each metric's median and every round's value

bench_metric() {
    [ -n "$3" ] || return 0
    printf '%s\t%s\t%s\n' "$2" "$3" "$4" >>"$1"
}

bench_summary() {
    python3 "$(dirname "${BASH_SOURCE[0]}")/bench_summary.py" "$1"
}
