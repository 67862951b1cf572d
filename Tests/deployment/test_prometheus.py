"""docker/prometheus and docker/grafana, checked with the real tools of Debian's
`prometheus` package (installed by scripts/install-deps.sh):

- `promtool check config` and `promtool check rules` accept the shipped files;
- `promtool test rules` runs docker/prometheus/tests/rules_test.yml, and every alert of
  rules.yml has a case where it fires and one where it must not;
- the scrape configuration covers the four services, stripe-sim and RabbitMQ's plugin, and
  the dashboard only queries recording rules of rules.yml or metrics the rules also use;
- live (with the local servers and the built executables): the suite is started by
  `scripts/demo.sh --no-story --keep-running`, `promtool check metrics` lints every
  service's and stripe-sim's /metrics, and a Prometheus built from the shipped
  configuration (targets pointed at the local processes) scrapes them: every target is up,
  every rule evaluates without error, and every metric a rule or panel names is known to
  Prometheus (as a series, or by the metadata a family without series still exposes), so a
  renamed metric fails here.
"""
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import time
import urllib.parse
import urllib.request

import pytest
import yaml

from conftest import REPO, requires_servers

PROMETHEUS_DIR = REPO / "docker" / "prometheus"
CONFIG = PROMETHEUS_DIR / "prometheus.yml"
RULES = PROMETHEUS_DIR / "rules.yml"
RULE_TESTS = PROMETHEUS_DIR / "tests" / "rules_test.yml"
DASHBOARD = REPO / "docker" / "grafana" / "dashboards" / "connectbus.json"
SERVICE_JOBS = ["onboarding", "payments", "terminal-gateway", "notifications"]
PROMETHEUS_PORTS = range(9190, 9200)   # kept clear of the other local servers

needs_promtool = pytest.mark.skipif(shutil.which("promtool") is None,
                                    reason="promtool missing (scripts/install-deps.sh installs Debian's prometheus)")

# Metric names in PromQL: identifiers of our families and of rabbitmq_prometheus.
METRIC = re.compile(r"(?<![:\w])((?:connectbus|rabbitmq|stripe_sim)_[a-z0-9_]+)(?![:\w])")
HISTOGRAM_SUFFIXES = ("_bucket", "_sum", "_count")


def promtool(*args, stdin=None):
    return subprocess.run(["promtool", *args], input=stdin, capture_output=True, text=True, timeout=120)


def load_yaml(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def rules():
    return [r for g in load_yaml(RULES)["groups"] for r in g["rules"]]


def dashboard_expressions():
    with open(DASHBOARD, encoding="utf-8") as f:
        dashboard = json.load(f)
    return [t["expr"] for p in dashboard["panels"] for t in p.get("targets", [])]


def metrics_used():
    """Raw metric names the rules and the dashboard query (recording rule names excluded)."""
    names = set()
    for expr in [r["expr"] for r in rules()] + dashboard_expressions():
        names.update(m for m in METRIC.findall(expr))
    return sorted(names)


@needs_promtool
def test_promtool_accepts_the_configuration():
    result = promtool("check", "config", str(CONFIG))
    assert result.returncode == 0, result.stdout + result.stderr


@needs_promtool
def test_promtool_accepts_the_rules():
    result = promtool("check", "rules", str(RULES))
    assert result.returncode == 0, result.stdout + result.stderr


@needs_promtool
def test_promtool_unit_tests_of_the_rules_pass():
    result = promtool("test", "rules", str(RULE_TESTS))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "SUCCESS" in result.stdout


def test_every_alert_has_a_firing_and_a_quiet_unit_test():
    alerts = {r["alert"] for r in rules() if "alert" in r}
    fires, quiet = set(), set()
    for case in load_yaml(RULE_TESTS)["tests"]:
        for check in case.get("alert_rule_test", []):
            (fires if check.get("exp_alerts") else quiet).add(check["alertname"])
    assert alerts - fires == set(), "alerts without a test where they fire"
    assert alerts - quiet == set(), "alerts without a test where they stay quiet"


def test_rules_cover_what_operators_page_on():
    exprs = {r["alert"]: r["expr"] for r in rules() if "alert" in r}
    assert "rabbitmq_detailed_queue_messages" in exprs["DeadLetterQueueGrowing"]
    assert "connectbus_outbox_lag_seconds" in exprs["OutboxLagging"]
    assert "rabbitmq_detailed_queue_consumers" in exprs["QueueWithoutConsumers"]
    assert "connectbus_webhook_events_rejected_total" in exprs["WebhookRejections"]
    assert "connectbus_webhook_events_rejected_total" in exprs["WebhookDeliveriesFailing"]
    assert "connectbus_webhook_events_received_total" in exprs["WebhookDeliveriesFailing"]
    assert "connectbus_stripe_rate_limited" in exprs["StripeRateLimited"]
    assert "connectbus_terminal_authorization_next_expiry_timestamp_seconds" in exprs["TerminalAuthorizationExpiring"]
    assert "connectbus_emails" in exprs["EmailsParked"]
    assert "connectbus_backfill_last_sweep_timestamp_seconds" in exprs["BackfillBehind"]
    assert "connectbus_backfill_sweeps_total" in exprs["BackfillBehind"]


def test_scrape_configuration_covers_every_process():
    jobs = {job["job_name"]: job for job in load_yaml(CONFIG)["scrape_configs"]}
    assert set(SERVICE_JOBS + ["stripe-sim", "rabbitmq", "rabbitmq-queues"]) <= set(jobs)
    assert jobs["rabbitmq-queues"]["metrics_path"] == "/metrics/detailed"
    assert set(jobs["rabbitmq-queues"]["params"]["family"]) == {"queue_coarse_metrics", "queue_consumer_count"}
    # Every replica of the checkout-only payments process is found through DNS.
    assert jobs["payments"]["dns_sd_configs"][0]["names"] == ["payments-checkout"]
    assert load_yaml(CONFIG)["rule_files"] == ["rules.yml"]


def test_compose_starts_prometheus_and_grafana_with_the_shipped_files():
    services = load_yaml(REPO / "docker" / "compose.yaml")["services"]
    prometheus, grafana = services["prometheus"], services["grafana"]
    assert "./prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro" in prometheus["volumes"]
    assert "./prometheus/rules.yml:/etc/prometheus/rules.yml:ro" in prometheus["volumes"]
    assert "./grafana/dashboards:/var/lib/grafana/dashboards:ro" in grafana["volumes"]
    assert "./grafana/provisioning:/etc/grafana/provisioning:ro" in grafana["volumes"]
    assert "./rabbitmq/enabled_plugins:/etc/rabbitmq/enabled_plugins:ro" in services["rabbitmq"]["volumes"]
    plugins = (REPO / "docker" / "rabbitmq" / "enabled_plugins").read_text()
    assert "rabbitmq_prometheus" in plugins
    source = load_yaml(REPO / "docker" / "grafana" / "provisioning" / "datasources" / "prometheus.yml")
    assert source["datasources"][0]["url"] == "http://prometheus:9090"


def test_dashboard_queries_only_known_rules_and_metrics():
    recorded = {r["record"] for r in rules() if "record" in r}
    rule_metrics = set()
    for r in rules():
        rule_metrics.update(METRIC.findall(r["expr"]))
    exprs = dashboard_expressions()
    assert exprs, "the dashboard has no panel"
    with open(DASHBOARD, encoding="utf-8") as f:
        titles = {p["title"] for p in json.load(f)["panels"] if p["type"] == "row"}
    assert {"Queues", "Handler latency", "Stripe", "Webhook ingress", "Outbox"} <= titles
    for expr in exprs:
        for name in re.findall(r"\b[a-z_]+:[a-z0-9_]+:[a-z0-9_]+\b", expr):
            assert name in recorded, f"{name} is not a recording rule of rules.yml"
        for name in METRIC.findall(expr):
            base = name[:-len(s)] if (s := next((s for s in HISTOGRAM_SUFFIXES if name.endswith(s)), None)) else name
            assert name in rule_metrics or base in metrics_known_to_the_code(), f"{name} is used nowhere else"


def metrics_known_to_the_code():
    """Family names registered in the Swift sources (registry.counter/gauge/histogram or a DatabaseGauge)."""
    names = set()
    for path in list(REPO.glob("Shared/**/*.swift")) + list(REPO.glob("Services/**/*.swift")) \
            + list(REPO.glob("Tools/StripeSim/**/*.swift")):
        names.update(re.findall(r'"((?:connectbus|stripe_sim)_[a-z_]+)"', path.read_text(encoding="utf-8")))
    return names


def test_every_metric_the_rules_name_is_registered_in_the_code():
    known = metrics_known_to_the_code()
    for name in metrics_used():
        if name.startswith("rabbitmq_"):
            continue   # RabbitMQ's plugin: checked live below
        base = next((name[:-len(s)] for s in HISTOGRAM_SUFFIXES if name.endswith(s) and name[:-len(s)] in known), name)
        assert base in known, f"{name} is not registered by any service"


# ---- live -------------------------------------------------------------------------------

BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
PRODUCTS = ["stripe-sim", "onboarding", "payments", "terminal-gateway", "notifications", "connectbus"]
missing_products = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]
live = [requires_servers, needs_promtool,
        pytest.mark.skipif(shutil.which("prometheus") is None, reason="prometheus missing (Debian's prometheus)"),
        pytest.mark.skipif(bool(missing_products), reason=f"executables missing in {BIN_DIR}: {missing_products}")]


def live_test(function):
    """Marks a test that needs the servers, the executables, promtool and prometheus."""
    for mark in live:
        function = mark(function)
    return function


def local_targets():
    """job → local address, as scripts/demo.sh starts them (same variables and defaults)."""
    base = int(os.environ.get("DEMO_HTTP_PORT_BASE", "8080"))
    sim = int(os.environ.get("STRIPE_SIM_PORT", "12111"))
    mgmt = int(os.environ.get("CONNECTBUS_MANAGEMENT_PORT", "15672"))
    rabbit = int(os.environ.get("CONNECTBUS_RABBITMQ_PROMETHEUS_PORT", str(mgmt + 20)))
    targets = {job: f"127.0.0.1:{base + i + 1}" for i, job in enumerate(SERVICE_JOBS)}
    targets.update({"stripe-sim": f"127.0.0.1:{sim}", "rabbitmq": f"127.0.0.1:{rabbit}",
                    "rabbitmq-queues": f"127.0.0.1:{rabbit}"})
    return targets


def get_json(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def get_text(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    """The four services and stripe-sim, started by the demo without its story."""
    run_dir = tmp_path_factory.mktemp("suite")
    env = dict(os.environ, DEMO_BIN_DIR=str(BIN_DIR), KEEP_INFRA="1", DEMO_RUN_DIR=str(run_dir / "demo"))
    log = run_dir / "demo.log"
    with open(log, "w") as out:
        started = subprocess.run([str(REPO / "scripts" / "demo.sh"), "--no-story", "--keep-running"], cwd=REPO,
                                 env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, timeout=600)
    try:
        assert started.returncode == 0, log.read_text()[-4000:]
        yield local_targets()
    finally:
        subprocess.run([str(REPO / "scripts" / "demo.sh"), "--stop"], cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, timeout=300)


def free_port():
    for port in PROMETHEUS_PORTS:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    pytest.fail(f"no free port in {PROMETHEUS_PORTS}")


@pytest.fixture(scope="module")
def prometheus(suite, tmp_path_factory):
    """A Prometheus running the shipped configuration and rules, each job's targets pointed
    at the local processes, scraping every second; yields its base URL."""
    folder = tmp_path_factory.mktemp("prometheus")
    config = load_yaml(CONFIG)
    config["global"]["scrape_interval"] = "1s"
    config["global"]["evaluation_interval"] = "1s"
    for job in config["scrape_configs"]:
        job.pop("dns_sd_configs", None)
        job["static_configs"] = [{"targets": [suite[job["job_name"]]]}]
    config["rule_files"] = [str(RULES)]
    (folder / "prometheus.yml").write_text(yaml.safe_dump(config))
    port = free_port()
    log = open(folder / "prometheus.log", "w")
    process = subprocess.Popen(["prometheus", f"--config.file={folder / 'prometheus.yml'}",
                                f"--storage.tsdb.path={folder / 'data'}", f"--web.listen-address=127.0.0.1:{port}"],
                               stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, (folder / "prometheus.log").read_text()[-3000:]
            try:
                if get_text(url + "/-/ready").strip():
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "Prometheus did not become ready"
            time.sleep(0.5)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


def wait_for(condition, what, timeout=60):
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(1)


@live_test
@pytest.mark.parametrize("job", SERVICE_JOBS + ["stripe-sim"])
def test_promtool_check_metrics_accepts_each_endpoint(suite, job):
    text = get_text(f"http://{suite[job]}/metrics")
    result = promtool("check", "metrics", stdin=text)
    assert result.returncode == 0 and not result.stdout.strip() and not result.stderr.strip(), \
        f"{job}: {result.stdout}{result.stderr}"


@live_test
def test_live_prometheus_scrapes_everything_and_knows_every_metric(prometheus):
    jobs = set(local_targets())

    def all_up():
        active = get_json(prometheus + "/api/v1/targets?state=active")["data"]["activeTargets"]
        up = {t["labels"]["job"] for t in active if t["health"] == "up"}
        return up if up >= jobs else None
    wait_for(all_up, f"every target up: {sorted(jobs)}")

    def known(name):
        series = get_json(prometheus + "/api/v1/series?" + urllib.parse.urlencode({"match[]": name}))["data"]
        if series:
            return True
        family = next((name[:-len(s)] for s in HISTOGRAM_SUFFIXES if name.endswith(s)), name)
        metadata = get_json(prometheus + "/api/v1/metadata?" + urllib.parse.urlencode({"metric": family}))["data"]
        return bool(metadata)

    # The first scrapes must have landed (metadata and series arrive with them).
    wait_for(lambda: known("connectbus_outbox_lag_seconds") and known("rabbitmq_detailed_queue_consumers"),
             "a first scrape of the services and the broker")
    unknown = [n for n in metrics_used() if not known(n)]
    assert unknown == [], f"metrics named by the rules or the dashboard that no target exposes: {unknown}"


@live_test
def test_live_prometheus_evaluates_every_rule_without_error(prometheus):
    def evaluated():
        groups = get_json(prometheus + "/api/v1/rules")["data"]["groups"]
        all_rules = [r for g in groups for r in g["rules"]]
        return all_rules if all_rules and all(r["health"] != "unknown" for r in all_rules) else None
    all_rules = wait_for(evaluated, "every rule evaluated once")
    assert len(all_rules) == len(rules())
    bad = [(r["name"], r.get("lastError")) for r in all_rules if r["health"] != "ok"]
    assert bad == []
    # The queues the services declared are visible with their consumers.
    result = get_json(prometheus + "/api/v1/query?" + urllib.parse.urlencode(
        {"query": 'rabbitmq_detailed_queue_consumers{queue="payments.create_checkout_session"}'}))["data"]["result"]
    assert result and float(result[0]["value"][1]) >= 1
    # The gauges read from the services' tables: their queries ran (every status has a series).
    statuses = wait_for(lambda: {r["metric"]["status"] for r in get_json(prometheus + "/api/v1/query?" + urllib.parse.urlencode(
        {"query": "connectbus_emails"}))["data"]["result"]} or None, "connectbus_emails")
    assert statuses == {"sending", "retrying", "sent", "parked"}
