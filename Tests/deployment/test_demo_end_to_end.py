"""The end-to-end check: scripts/demo.sh plays the whole store-builder story against the
servers scripts/test.sh started, while a monitoring consumer written in Python (pika,
using only the exported catalogue and topology names) subscribes to payments.# and
stripe.#; afterwards, with the services still running, the same Python code publishes a
command with reply_to and reads its reply.

Needs the executables built by scripts/test.sh (stripe-sim, the four services and
connectbus in the folder of STRIPE_SIM_BINARY); skipped otherwise.
"""
import os
import pathlib
import subprocess
import sys
import time
import urllib.parse

import pika
import pytest

from conftest import REPO, requires_servers

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from monitoring_consumer import Catalogue, CommandClient, EventSubscriber  # noqa: E402

PRODUCTS = ["stripe-sim", "onboarding", "payments", "terminal-gateway", "notifications", "connectbus"]
BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
missing = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]

pytestmark = [
    requires_servers,
    pytest.mark.skipif(bool(missing), reason=f"executables missing in {BIN_DIR}: {missing}"),
]


def params(user):
    url = urllib.parse.urlparse(os.environ["AMQP_URL"])
    vhost = urllib.parse.unquote(url.path[1:]) if len(url.path) > 1 else "/"
    return pika.ConnectionParameters(url.hostname or "127.0.0.1", url.port or 5672, vhost,
                                     credentials=pika.PlainCredentials(user, user),
                                     connection_attempts=3, retry_delay=1)


def drop_parked(queue, account):
    """Removes from `queue` the dead letters of `account` (those this test parked) and gives
    every other message back untouched; returns how many were removed."""
    connection = pika.BlockingConnection(params("connectbus"))
    try:
        channel = connection.channel()
        others, dropped = [], 0
        while True:
            method, properties, _ = channel.basic_get(queue, auto_ack=False)
            if method is None:
                break
            if (properties.headers or {}).get("x-stripe-account") == account:
                channel.basic_ack(method.delivery_tag)
                dropped += 1
            else:
                others.append(method.delivery_tag)   # held until the end, so not taken twice
        for tag in others:
            channel.basic_nack(tag, requeue=True)
        return dropped
    finally:
        connection.close()


def demo(tmp_path, *args, timeout=900):
    """Runs scripts/demo.sh; returns (exit status, its output). The output goes through a
    file: with --keep-running, processes the demo leaves behind would hold a pipe open."""
    env = dict(os.environ, DEMO_BIN_DIR=str(BIN_DIR), KEEP_INFRA="1", DEMO_RUN_DIR=str(tmp_path / "demo"))
    log = tmp_path / f"demo{'-'.join(args)}.log"
    with open(log, "w") as out:
        run = subprocess.run([str(REPO / "scripts" / "demo.sh"), *args], cwd=REPO, env=env,
                             stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, timeout=timeout)
    return run.returncode, log.read_text()


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory):
    path = tmp_path_factory.mktemp("catalogue") / "catalogue.json"
    subprocess.run([str(BIN_DIR / "connectbus"), "catalogue", "--out", str(path)], check=True)
    # The exchanges and command queues exist before any service has run.
    subprocess.run([str(BIN_DIR / "connectbus"), "topology"], check=True, capture_output=True)
    return Catalogue(path)


def test_demo_story_with_a_python_monitor_and_command(tmp_path, catalogue):
    subscriber = EventSubscriber(params("monitor"), catalogue, ["payments.#", "stripe.#"])
    subscriber.start()
    assert subscriber.ready.wait(30) and subscriber.error is None, subscriber.error
    try:
        status, report = demo(tmp_path, "--keep-running")
        assert status == 0, report[-6000:]
        assert "demo check: all" in report, report[-6000:]

        keys = subscriber.routing_keys()
        for key in ["payments.order.paid", "payments.order.payment_failed", "payments.order.refunded",
                    "payments.checkout_session.created", "stripe.checkout.session.completed",
                    "stripe.account.updated", "stripe.payment_intent.succeeded"]:
            assert key in keys, f"{key} not received by the Python monitor (got {sorted(set(keys))})"
        assert all(k.startswith(("payments.", "stripe.")) for k in keys), "a binding let other events through"
        paid = [body for key, _, body in subscriber.events if key == "payments.order.paid"]
        # Every sale is in USD but the iDEAL one, in euros.
        assert all(isinstance(b["amount"], int) and b["currency"] in ("usd", "eur") for b in paid)
        assert sorted(b["currency"] for b in paid).count("eur") == 1
        account = next(props.headers["x-stripe-account"] for key, props, _ in subscriber.events
                       if key == "payments.order.paid")

        client = CommandClient(params("platform"), catalogue)
        try:
            reply = client.request("payments.create_product",
                                   {"account": account, "name": "Glazed bowl (from Python)"},
                                   stripe_account=account)
            assert reply["ok"] is True, reply
            assert reply["result"]["product"].startswith("prod_")
            assert reply["result"]["account"] == account
            refused = client.request("payments.create_price",
                                     {"account": account, "product": reply["result"]["product"],
                                      "unit_amount": 1500, "currency": "USD"},
                                     stripe_account=account)
            assert refused["ok"] is False, refused
            assert refused["error"]["code"].startswith("validation."), refused
        finally:
            client.close()

        # Poison input is parked with its error; the operator CLI finds it by account.
        cli = [str(BIN_DIR / "connectbus"), "dlq"]
        for _ in range(60):   # the parked copy may follow the reply by a moment
            listed = subprocess.run(cli + ["list", "--exact", "--account", account], capture_output=True, text=True)
            if listed.returncode != 0:
                break
            time.sleep(0.5)
        assert listed.returncode == 3, listed.stdout + listed.stderr
        assert "payments.create_price.dlq" in listed.stdout
        shown = subprocess.run(cli + ["show", "payments.create_price.dlq"], capture_output=True, text=True)
        assert shown.returncode == 0, shown.stderr
        assert "validation.invalid_currency" in shown.stdout and account in shown.stdout
        # Leave no dead letter behind for the next run (the broker's data outlives the test).
        assert drop_parked("payments.create_price.dlq", account) == 1
    finally:
        demo(tmp_path, "--stop", timeout=180)
        subscriber.stop()
