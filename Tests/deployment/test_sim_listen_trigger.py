"""The Connect guide's local webhook testing, offline (README, "Trying it"): `connectbus sim
listen` forwards to the notifications service's webhook routes and `connectbus sim trigger
payment_intent.succeeded --stripe-account acct_…` makes the event happen at stripe-sim;
notifications verifies the listener's secret and publishes `stripe.payment_intent.succeeded`
once — also when the event is resent. Ctrl-C (SIGINT) removes the listener's endpoints.

Needs the local servers (scripts/test.sh) and the executables built beside STRIPE_SIM_BINARY.
"""
import base64
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import pytest

from conftest import requires_servers
from test_platform_example import stripe_sim, wait_for_line  # noqa: F401 (stripe_sim: the fixture)
from test_browser_pages import amqp_params
from test_webhook_rotation import run_notifications

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from monitoring_consumer import Catalogue, EventSubscriber  # noqa: E402

PRODUCTS = ["stripe-sim", "notifications", "connectbus"]
BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
missing = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]

pytestmark = [
    requires_servers,
    pytest.mark.skipif(bool(missing), reason=f"executables missing in {BIN_DIR}: {missing}"),
]


def connectbus(sim, *args, timeout=120):
    env = dict(os.environ, STRIPE_API_BASE=sim)
    env.pop("STRIPE_API_KEY", None)
    return subprocess.run([str(BIN_DIR / "connectbus"), *args], env=env, capture_output=True, text=True, timeout=timeout)


def api(sim, path, form):
    request = urllib.request.Request(
        sim + path, data=urllib.parse.urlencode(form).encode(), method="POST",
        headers={"Authorization": "Basic " + base64.b64encode(b"sk_test_guide:").decode(),
                 "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def notifications(tmp_path, stripe_sim):
    """notifications started with the listener's secret (`sim listen --print-secret`, as the
    guide's `stripe listen --print-secret`) for both routes; yields its base URL."""
    printed = connectbus(stripe_sim, "sim", "listen", "--print-secret")
    assert printed.returncode == 0, printed.stderr
    secret = printed.stdout.strip()
    assert re.fullmatch(r"whsec_\w+", secret), printed.stdout
    with run_notifications(tmp_path, secret, connect_secret=secret) as base:
        yield base, secret


@pytest.fixture
def bus_events(tmp_path):
    catalogue = tmp_path / "catalogue.json"
    subprocess.run([str(BIN_DIR / "connectbus"), "catalogue", "--out", str(catalogue)], check=True)
    subscriber = EventSubscriber(amqp_params("monitor"), Catalogue(catalogue), ["stripe.payment_intent.succeeded"])
    subscriber.start()
    assert subscriber.ready.wait(30) and subscriber.error is None, subscriber.error
    yield subscriber
    subscriber.stop()


def published(subscriber, event_id):
    return [body for _, properties, body in list(subscriber.events) if properties.message_id == f"stripe:{event_id}"]


def test_listen_and_trigger_reach_notifications_which_publishes_the_event_once(stripe_sim, notifications, bus_events, tmp_path):
    service, secret = notifications
    log = tmp_path / "listen.log"
    with open(log, "w") as out:
        listen = subprocess.Popen(
            [str(BIN_DIR / "connectbus"), "sim", "listen", "--forward-to", f"{service}/webhooks/stripe",
             "--forward-connect-to", f"{service}/webhooks/stripe/connect"],
            env=dict(os.environ, STRIPE_API_BASE=stripe_sim), stdout=out, stderr=subprocess.STDOUT)
    try:
        ready = wait_for_line(listen, log, r"> Ready! Your webhook signing secret is (whsec_\w+) \(\^C to quit\)")
        assert ready.group(1) == secret
        account = api(stripe_sim, "/v1/accounts", {"type": "express"})["id"]

        triggered = connectbus(stripe_sim, "sim", "trigger", "payment_intent.succeeded", "--stripe-account", account)
        assert triggered.returncode == 0, triggered.stdout + triggered.stderr
        event = re.search(rf"Trigger succeeded! payment_intent\.succeeded (evt_\w+) on {account}", triggered.stdout).group(1)
        line = wait_for_line(listen, log, rf"payment_intent\.succeeded  {event}  \[(\d+)\] POST {re.escape(service)}/webhooks/stripe/connect  [\d.]+ ms")
        assert line.group(1) == "200", log.read_text()

        deadline = time.monotonic() + 60
        while not published(bus_events, event) and time.monotonic() < deadline:
            time.sleep(0.2)
        bodies = published(bus_events, event)
        assert len(bodies) == 1, f"{len(bodies)} stripe.payment_intent.succeeded for {event}"
        assert bodies[0]["account"] == account and bodies[0]["data"]["object"]["amount"] == 2000

        resent = connectbus(stripe_sim, "sim", "events", "resend", event, "--account", account)
        assert resent.returncode == 0, resent.stderr
        wait_for_line(listen, log, rf"{event}  \[200\] POST \S+  [\d.]+ ms  resend")
        # The resend reached notifications and was answered; give a duplicate every chance to show.
        time.sleep(2)
        assert len(published(bus_events, event)) == 1
    finally:
        if listen.poll() is None:
            listen.send_signal(signal.SIGINT)
        assert listen.wait(timeout=30) == 0, log.read_text()
    endpoints = json.loads(urllib.request.urlopen(stripe_sim + "/sim/webhooks/endpoints", timeout=10).read())
    assert endpoints["data"] == []


def test_sigterm_stops_a_listener_and_removes_its_endpoints(stripe_sim, tmp_path):
    log = tmp_path / "listen.log"
    with open(log, "w") as out:
        listen = subprocess.Popen(
            [str(BIN_DIR / "connectbus"), "sim", "listen", "--forward-to", "http://127.0.0.1:9/unreachable", "--events",
             "customer.created"], env=dict(os.environ, STRIPE_API_BASE=stripe_sim), stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for_line(listen, log, r"> Ready! Your webhook signing secret is whsec_\w+")
        endpoints = json.loads(urllib.request.urlopen(stripe_sim + "/sim/webhooks/endpoints", timeout=10).read())["data"]
        assert [(e["listen"], e["connect"], e["enabled_events"]) for e in endpoints] == [
            (True, False, ["customer.created"]), (True, True, ["customer.created"])]
        api(stripe_sim, "/v1/customers", {"email": "down@example.com"})
        wait_for_line(listen, log, r"customer\.created  evt_\w+  \[0\] POST http://127\.0\.0\.1:9/unreachable  [\d.]+ ms  \(network error\)")
    finally:
        listen.send_signal(signal.SIGTERM)
        assert listen.wait(timeout=30) == 0, log.read_text()
    assert json.loads(urllib.request.urlopen(stripe_sim + "/sim/webhooks/endpoints", timeout=10).read())["data"] == []
