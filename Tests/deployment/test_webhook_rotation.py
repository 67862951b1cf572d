"""A webhook secret roll that goes wrong, with the built executables: the `notifications`
service knows only the endpoint's old secret, stripe-sim rolls it with
`connectbus sim rotate … --overlap-seconds 60` and its clock is moved past the overlap.

What the operator sees (docs/OPERATIONS.md, "Rotating webhook secrets"): during the overlap
`connectbus status` is green but names the missing secret; after it every delivery is
refused, the log says why (once, rate-limited, without the secret), `/readyz` stays 200 but
says `degraded`, and `connectbus status` prints the route's rejection rate and exits 1.

Needs the executables built by scripts/test.sh (stripe-sim, notifications and connectbus in
the folder of STRIPE_SIM_BINARY); skipped otherwise.
"""
import base64
import contextlib
import json
import os
import pathlib
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from conftest import requires_servers
from test_platform_example import stop, wait_for_line, wait_until_ready, with_user

PRODUCTS = ["stripe-sim", "notifications", "connectbus"]
BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
missing = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]
OLD_SECRET = "whsec_rotation_old_secret"

pytestmark = [
    requires_servers,
    pytest.mark.skipif(bool(missing), reason=f"executables missing in {BIN_DIR}: {missing}"),
]


@contextlib.contextmanager
def run_notifications(tmp_path, secret, connect_secret=None):
    """The notifications service (its own broker user and database role) with `secret` for
    /webhooks/stripe (and `connect_secret` for /webhooks/stripe/connect, default the same),
    no Stripe key or SMTP; yields its base URL once ready (log: tmp_path/notifications.log)."""
    log = tmp_path / "notifications.log"
    env = dict(os.environ,
               AMQP_URL=with_user(os.environ["AMQP_URL"], "notifications"),
               DATABASE_URL=with_user(os.environ["DATABASE_URL"], "notifications"),
               STRIPE_WEBHOOK_SECRETS=secret, HTTP_PORT="0")
    if connect_secret:
        env["STRIPE_CONNECT_WEBHOOK_SECRETS"] = connect_secret
    env.pop("STRIPE_API_KEY", None)
    env.pop("SMTP_URL", None)
    with open(log, "w") as out:
        process = subprocess.Popen([str(BIN_DIR / "notifications")], env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        port = wait_for_line(process, log, r'"msg":"starting","http_port":"(\d+)"').group(1)
        wait_until_ready(process, log, f"http://127.0.0.1:{port}/readyz")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


@pytest.fixture
def notifications(tmp_path):
    """notifications knowing only the old secret; yields (base URL, log file)."""
    with run_notifications(tmp_path, OLD_SECRET) as base:
        yield base, tmp_path / "notifications.log"


@pytest.fixture
def stripe_sim(tmp_path, notifications):
    """stripe-sim (clock frozen) delivering platform events to notifications; yields its base URL."""
    base, _ = notifications
    log = tmp_path / "stripe-sim.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            [str(BIN_DIR / "stripe-sim"), "--port", "0", "--freeze-clock", "now",
             "--webhook", f"url={base}/webhooks/stripe,secret={OLD_SECRET}"],
            stdout=out, stderr=subprocess.STDOUT)
    try:
        yield wait_for_line(process, log, r"listening on (http://\S+)").group(1)
    finally:
        stop(process)


def connectbus(sim, service, *args):
    env = dict(os.environ, STRIPE_API_BASE=sim, CONNECTBUS_SERVICE_URLS=f"notifications={service}")
    return subprocess.run([str(BIN_DIR / "connectbus"), *args], env=env, capture_output=True, text=True, timeout=120)


def create_customer(sim):
    request = urllib.request.Request(
        sim + "/v1/customers", data=b"email=rotation%40example.com", method="POST",
        headers={"Authorization": "Basic " + base64.b64encode(b"sk_test_rotation:").decode(),
                 "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


def platform_check(service):
    """(`/readyz` status code, its `status`, the `webhooks.platform` check)."""
    try:
        response = urllib.request.urlopen(service + "/readyz", timeout=5)
    except urllib.error.HTTPError as error:
        response = error
    body = json.loads(response.read())
    check = next((c for c in body.get("checks", []) if c["name"] == "webhooks.platform"), {})
    return response.status, body["status"], check


def wait_for_detail(service, text, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        answer = platform_check(service)
        if text in answer[2].get("detail", ""):
            return answer
        time.sleep(0.2)
    raise AssertionError(f"/readyz never said {text!r}: {platform_check(service)}")


def test_a_rotation_gone_wrong_is_logged_degraded_and_shown_by_status(notifications, stripe_sim):
    service, log = notifications
    endpoints = json.loads(connectbus(stripe_sim, service, "sim", "endpoints").stdout)
    endpoint = endpoints["data"][0]["id"]
    rotated = connectbus(stripe_sim, service, "sim", "rotate", endpoint, "--overlap-seconds", "60")
    assert rotated.returncode == 0, rotated.stdout + rotated.stderr
    new_secret = json.loads(rotated.stdout)["secret"]

    # The overlap: Stripe signs with both secrets, the old one still matches.
    create_customer(stripe_sim)
    status, overall, check = wait_for_detail(service, "1 deliveries in the last 300 s, none rejected")
    assert (status, overall, check["status"]) == (200, "ready", "ok")
    assert "also signed with a secret missing from STRIPE_WEBHOOK_SECRETS" in check["detail"]
    green = connectbus(stripe_sim, service, "status")
    assert green.returncode == 0, green.stdout + green.stderr
    assert "readyz 200 ready" in green.stdout
    assert "Stripe also signs it with a secret missing from STRIPE_WEBHOOK_SECRETS" in log.read_text()

    # The overlap ends: only the new secret signs, and every delivery is refused.
    advanced = connectbus(stripe_sim, service, "sim", "clock", "advance", "61")
    assert advanced.returncode == 0, advanced.stdout + advanced.stderr
    started = time.monotonic()
    for _ in range(6):
        create_customer(stripe_sim)
    status, overall, check = wait_for_detail(service, "6 of 7 deliveries in the last 300 s rejected (86%): no_matching_signature 6")
    assert (status, overall, check["status"]) == (200, "degraded", "degraded")
    red = connectbus(stripe_sim, service, "status")
    assert red.returncode == 1, red.stdout + red.stderr
    assert "readyz 200 degraded" in red.stdout
    assert "webhooks.platform   degraded  6 of 7 deliveries in the last 300 s rejected (86%)" in red.stdout

    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    rejected = [line for line in lines if line["msg"].startswith("webhook rejected") and line.get("reason") == "no_matching_signature"]
    assert rejected, log.read_text()
    assert rejected[0]["endpoint"] == "platform" and rejected[0]["status"] == "400"
    assert rejected[0]["keys_variable"] == "STRIPE_WEBHOOK_SECRETS" and rejected[0]["keys_configured"] == "1"
    # At most one line a minute per route and reason, whatever the machine's speed.
    assert len(rejected) <= 1 + int(time.monotonic() - started) // 60, rejected
    assert OLD_SECRET not in log.read_text() and new_secret not in log.read_text()
