"""scripts/bench-scaling.py's pure parts: where the curve flattens, and the plot it writes
(scripts/lib/scaling_plot.py) — a valid SVG with a line per replica count over the offered
rates and a stacked bar per replica count, its height the CPU per command at the highest rate."""
import importlib.util
import sys
import xml.etree.ElementTree as ET

from conftest import REPO

sys.path.insert(0, str(REPO / "scripts" / "lib"))
from scaling_plot import nice_max, svg  # noqa: E402

GROUPS = ["payments", "broker", "postgres", "stripe-sim"]
NS = "{http://www.w3.org/2000/svg}"


def bench_scaling():
    spec = importlib.util.spec_from_file_location("bench_scaling", REPO / "scripts" / "bench-scaling.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def step(replicas, offered, rate, per_group=(100, 300, 200, 50)):
    return {"replicas": replicas, "offered": offered, "rate": rate, "failed": 0,
            "us_per_command": dict(zip(GROUPS, per_group)), "cores": dict(zip(GROUPS, (0.1, 0.9, 0.5, 0.1)))}


STEPS = [step(1, 50, 50), step(1, 100, 80), step(1, 200, 82),
         step(2, 50, 50), step(2, 100, 99), step(2, 200, 150, (120, 400, 250, 60))]


def test_the_curve_flattens_at_the_first_rate_answered_under_90_percent():
    found = bench_scaling().flattening(STEPS)
    assert found[1]["offered"] == 100
    assert found[2]["offered"] == 200
    assert bench_scaling().flattening([step(4, 50, 49), step(4, 100, 95)]) == {}


def test_the_plot_has_a_line_per_replica_count_and_a_bar_per_replica_count():
    root = ET.fromstring(svg(STEPS, GROUPS, title="t & <test>"))
    assert root.tag == NS + "svg"
    lines = root.findall(NS + "polyline")
    assert len(lines) == 2
    assert all(len(line.get("points").split()) == 3 for line in lines)
    bars = [r for r in root.findall(NS + "rect") if r.get("width") not in ("100%", "10")]
    assert len(bars) == 2 * len(GROUPS)
    texts = [t.text for t in root.iter(NS + "text")]
    assert "t & <test>" in texts
    # The bars' totals at the highest offered rate (200/s): 650 µs and 830 µs.
    assert "650" in texts and "830" in texts


def test_axis_ends_are_round_numbers_at_or_above_the_data():
    assert [nice_max(v) for v in (0, 1, 7, 82, 150, 401, 999)] == [1, 1, 10, 100, 200, 500, 1000]
