"""The benchmarks' summary block (scripts/lib/bench_summary.py, scripts/lib/bench-summary.sh):
one line per metric with the median of its rounds and every round."""
import subprocess

from conftest import REPO


def summarize(tmp_path, records: str) -> list[str]:
    path = tmp_path / "metrics"
    path.write_text(records, encoding="utf-8")
    script = f'. scripts/lib/bench-summary.sh; bench_summary "{path}"'
    return subprocess.run(["bash", "-c", script], cwd=REPO, check=True, capture_output=True, text=True).stdout.splitlines()


def test_each_metric_prints_its_median_and_every_round_on_one_line(tmp_path):
    lines = summarize(
        tmp_path,
        "batched rate, connectbus\t9396\tmsg/s\nbatched rate, connectbus ÷ C peer\t0.72\t×\n"
        "batched rate, connectbus\t9420\tmsg/s\nbatched rate, connectbus ÷ C peer\t2.01\t×\n"
        "batched rate, connectbus\t5096\tmsg/s\nbatched rate, connectbus ÷ C peer\t0.42\t×\n",
    )
    assert lines == [
        "== summary: median of 3 rounds [each round]",
        "summary batched rate, connectbus: 9396 msg/s [9396 / 9420 / 5096]",
        "summary batched rate, connectbus ÷ C peer: 0.72 × [0.72 / 2.01 / 0.42]",
    ]


def test_empty_values_are_not_recorded_and_no_metrics_says_so(tmp_path):
    path = tmp_path / "metrics"
    script = f'. scripts/lib/bench-summary.sh; bench_metric "{path}" "p99" "" ms; bench_metric "{path}" "rss" 20.5 MB'
    subprocess.run(["bash", "-c", script], cwd=REPO, check=True)
    assert path.read_text(encoding="utf-8") == "rss\t20.5\tMB\n"
    assert summarize(tmp_path, "") == ["== summary: median of 0 rounds [each round]", "summary: no metrics"]
