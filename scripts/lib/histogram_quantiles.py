"""Quantiles of Prometheus histograms in a `/metrics` text dump, estimated the way PromQL's
`histogram_quantile` does: find the bucket holding the rank and interpolate linearly
inside it (the lowest bucket from 0; a rank past the last finite bound answers that bound).

Usage: python3 scripts/lib/histogram_quantiles.py DUMP FAMILY[{label="value"}]... [--quantiles 0.5,0.99]
Prints one line per family, `FAMILY count=N p50=… p99=…` with the quantiles in milliseconds
(the histograms observe seconds), or `FAMILY count=0` when it has no observation. A family
given with labels sums only the series that carry those labels.
"""
import re
import sys

SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def parse_selector(selector):
    """`name{a="b"}` → ("name", {"a": "b"})."""
    name, _, rest = selector.partition("{")
    return name, dict(LABEL.findall(rest))


def buckets(lines, family, wanted):
    """Cumulative counts per upper bound (float, +Inf as inf) of `family`'s series that
    carry the labels `wanted`, summed across series, in ascending bound order."""
    totals = {}
    for line in lines:
        match = SAMPLE.match(line)
        if not match or match.group(1) != family + "_bucket":
            continue
        labels = dict(LABEL.findall(match.group(2) or ""))
        if any(labels.get(k) != v for k, v in wanted.items()):
            continue
        bound = float(labels["le"].replace("+Inf", "inf"))
        totals[bound] = totals.get(bound, 0.0) + float(match.group(3))
    return sorted(totals.items())


def quantile(q, cumulative):
    """The q-quantile of a histogram given as [(upper bound, cumulative count)], or None."""
    if not cumulative or cumulative[-1][1] <= 0:
        return None
    rank = q * cumulative[-1][1]
    lower, below = 0.0, 0.0
    for bound, count in cumulative:
        if count >= rank:
            if bound == float("inf"):
                return lower  # past the last finite bound: that bound, as PromQL answers
            if count == below:
                return bound
            return lower + (bound - lower) * (rank - below) / (count - below)
        lower, below = bound, count
    return lower


def report(lines, selector, quantiles):
    family, wanted = parse_selector(selector)
    cumulative = buckets(lines, family, wanted)
    count = int(cumulative[-1][1]) if cumulative else 0
    if count == 0:
        return f"{selector} count=0"
    parts = [f"p{round(q * 100):d}={quantile(q, cumulative) * 1000:.3f}" for q in quantiles]
    return f"{selector} count={count} " + " ".join(parts)


def main(argv):
    quantiles = [0.5, 0.99]
    args = list(argv)
    if "--quantiles" in args:
        at = args.index("--quantiles")
        quantiles = [float(x) for x in args[at + 1].split(",")]
        del args[at:at + 2]
    if len(args) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as dump:
        lines = dump.read().splitlines()
    for selector in args[1:]:
        print(report(lines, selector, quantiles))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
