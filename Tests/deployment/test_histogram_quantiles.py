"""Quantiles of a `/metrics` dump's histograms (scripts/lib/histogram_quantiles.py), as the
webhook benchmark prints where a webhook waits: PromQL's `histogram_quantile` estimate."""
import subprocess

from conftest import REPO

DUMP = """# HELP connectbus_group_commit_wait_seconds Time queued.
# TYPE connectbus_group_commit_wait_seconds histogram
connectbus_group_commit_wait_seconds_bucket{name="webhooks",le="0.001"} 50
connectbus_group_commit_wait_seconds_bucket{name="webhooks",le="0.002"} 90
connectbus_group_commit_wait_seconds_bucket{name="webhooks",le="0.01"} 100
connectbus_group_commit_wait_seconds_bucket{name="webhooks",le="+Inf"} 100
connectbus_group_commit_wait_seconds_sum{name="webhooks"} 0.12
connectbus_group_commit_wait_seconds_count{name="webhooks"} 100
connectbus_group_commit_wait_seconds_bucket{name="other",le="0.001"} 0
connectbus_group_commit_wait_seconds_bucket{name="other",le="0.002"} 0
connectbus_group_commit_wait_seconds_bucket{name="other",le="0.01"} 0
connectbus_group_commit_wait_seconds_bucket{name="other",le="+Inf"} 10
connectbus_webhook_check_seconds_bucket{le="5e-05"} 0
connectbus_webhook_check_seconds_bucket{le="0.0001"} 4
connectbus_webhook_check_seconds_bucket{le="+Inf"} 4
"""


def quantiles(tmp_path, *selectors, extra=()):
    path = tmp_path / "metrics.txt"
    path.write_text(DUMP, encoding="utf-8")
    run = subprocess.run(["python3", "scripts/lib/histogram_quantiles.py", str(path), *selectors, *extra],
                         cwd=REPO, check=True, capture_output=True, text=True)
    return run.stdout.splitlines()


def test_the_rank_is_interpolated_inside_its_bucket_in_milliseconds(tmp_path):
    # p50: rank 50 ends the first bucket (0 … 1 ms) → 1 ms; p99: rank 99 is 9/10 into 2 … 10 ms.
    assert quantiles(tmp_path, 'connectbus_group_commit_wait_seconds{name="webhooks"}') == [
        'connectbus_group_commit_wait_seconds{name="webhooks"} count=100 p50=1.000 p99=9.200']


def test_labels_select_series_and_without_labels_every_series_is_summed(tmp_path):
    # 10 more observations, all past the last finite bound: p50 (rank 55) is 5/40 into 1 … 2 ms;
    # p95 (rank 104.5) lies past the last finite bound, which PromQL answers (10 ms).
    assert quantiles(tmp_path, "connectbus_group_commit_wait_seconds", extra=("--quantiles", "0.5,0.95")) == [
        "connectbus_group_commit_wait_seconds count=110 p50=1.125 p95=10.000"]


def test_a_family_without_observations_or_absent_says_count_zero(tmp_path):
    assert quantiles(tmp_path, 'connectbus_group_commit_wait_seconds{name="absent"}', "connectbus_nothing_seconds") == [
        'connectbus_group_commit_wait_seconds{name="absent"} count=0', "connectbus_nothing_seconds count=0"]


def test_bounds_in_exponent_notation_as_the_services_render_them(tmp_path):
    # Swift renders 0.00005 as 5e-05; the four observations lie between 50 and 100 µs.
    assert quantiles(tmp_path, "connectbus_webhook_check_seconds") == [
        "connectbus_webhook_check_seconds count=4 p50=0.075 p99=0.100"]
