"""The summary block a benchmark script ends with: one line per metric giving the median of
its rounds and every round's value, so a regression shows in one line and a noisy round in
the brackets.

Usage: python3 scripts/lib/bench_summary.py FILE
FILE holds one record per line, `metric<TAB>value<TAB>unit`, one per round and metric, in
round order (scripts/lib/bench-summary.sh's `bench_metric` writes them). Metrics print in the
order they first appear. A file without records prints the block's title and "no metrics".
"""
import statistics
import sys


def summary(records):
    """The block's lines for `records`, an iterable of (metric, value, unit)."""
    rounds = {}
    units = {}
    for metric, value, unit in records:
        rounds.setdefault(metric, []).append(value)
        units[metric] = unit
    most = max((len(v) for v in rounds.values()), default=0)
    lines = [f"== summary: median of {most} round{'s' if most != 1 else ''} [each round]"]
    if not rounds:
        return lines + ["summary: no metrics"]
    for metric, values in rounds.items():
        median = statistics.median(values)
        each = " / ".join(number(v) for v in values)
        lines.append(f"summary {metric}: {number(median)} {units[metric]} [{each}]".replace("  ", " "))
    return lines


def number(value):
    """From 100 on without decimals, below with up to two (20.5, 0.67, 1)."""
    if abs(value) >= 100:
        return f"{value:.0f}"
    return f"{value:.2f}".rstrip("0").rstrip(".")


def read(path):
    for line in open(path, encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) == 3 and parts[1]:
            try:
                yield parts[0], float(parts[1]), parts[2]
            except ValueError:
                continue


if __name__ == "__main__":
    print("\n".join(summary(read(sys.argv[1]))))
