"""`connectbus trace` against a running deployment: the demo's story runs (scripts/demo.sh
--keep-running, real servers, stripe-sim, SMTP sink), then the CLI — with only the admin
database role and a broker user — prints what one order, one command and one Stripe object
did, in time order: the command, its Stripe calls with the simulator's request ids, its
reply, the events it caused (x-causation-id, from the event history stream), the webhooks
that came back (a stored Stripe event whose request.id is one of the calls') and the e-mail.

Needs the local servers and the built executables (like test_demo_end_to_end.py).
"""
import json
import os
import pathlib
import re
import subprocess

import pytest

from conftest import REPO, requires_servers

BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
PRODUCTS = ["stripe-sim", "onboarding", "payments", "terminal-gateway", "notifications", "connectbus"]
missing = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]
pytestmark = [
    requires_servers,
    pytest.mark.skipif(bool(missing), reason=f"executables missing in {BIN_DIR}: {missing}"),
]

LINE = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)  (\S+)\s+(\S+)\s+(.*)$")


@pytest.fixture(scope="module")
def story(tmp_path_factory):
    run_dir = tmp_path_factory.mktemp("trace-story")
    env = dict(os.environ, DEMO_BIN_DIR=str(BIN_DIR), KEEP_INFRA="1", DEMO_RUN_DIR=str(run_dir / "demo"))
    env.pop("OTEL_EXPORTER_OTLP_ENDPOINT", None)
    log = run_dir / "demo.log"
    with open(log, "w") as out:
        code = subprocess.run([str(REPO / "scripts" / "demo.sh"), "--keep-running"], cwd=REPO, env=env,
                              stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, timeout=1200).returncode
    try:
        assert code == 0, log.read_text()[-4000:]
        events = [json.loads(line) for line in (run_dir / "demo" / "events.jsonl").read_text().splitlines() if line]
        yield env, events
    finally:
        with open(os.devnull, "w") as out:
            subprocess.run([str(REPO / "scripts" / "demo.sh"), "--stop"], cwd=REPO, env=env, stdout=out,
                           stderr=subprocess.STDOUT, timeout=300)


def trace(env, ident):
    """Runs `connectbus trace ID` as an operator would: admin database role, monitor broker user."""
    cli_env = dict(env)
    amqp = cli_env["AMQP_URL"]
    cli_env["AMQP_URL"] = re.sub(r"//[^@/]*@", "//monitor:monitor@", amqp) if "@" in amqp else amqp
    result = subprocess.run([str(BIN_DIR / "connectbus"), "trace", ident], env=cli_env, capture_output=True,
                            text=True, timeout=120)
    lines = [LINE.match(line) for line in result.stdout.splitlines()]
    assert all(lines), result.stdout
    return result.returncode, [m.groups() for m in lines], result


def test_an_orders_trace_has_command_stripe_calls_reply_events_webhooks_and_email(story):
    env, events = story
    refunded = [e for e in events if e["routing_key"] == "payments.order.refunded"]
    assert refunded, "the story refunds an order"
    reference = refunded[0]["body"]["order_reference"]
    code, lines, result = trace(env, reference)
    assert code == 0, result.stderr
    print("\n" + result.stdout)
    times = [line[0] for line in lines]
    assert times == sorted(times), "not in time order"
    kinds = [(source, kind, text) for _, source, kind, text in lines]

    commands = [t for s, k, t in kinds if k == "command" and s == "payments"]
    assert any(t.startswith("payments.create_checkout_session ") and t.endswith(": done") for t in commands), commands
    assert any(t.startswith("payments.refund ") for t in commands), commands
    checkout_id = next(t.split()[1] for t in commands if t.startswith("payments.create_checkout_session "))

    calls = [t for s, k, t in kinds if k == "stripe"]
    assert any(t.startswith("POST /v1/checkout/sessions → 200 req_") and f"idempotency-key {checkout_id}:" in t
               for t in calls), calls
    refund_call = next(t for t in calls if t.startswith("POST /v1/refunds → 200 req_"))
    refund_request = refund_call.split()[4]

    replies = [t for s, k, t in kinds if k == "reply"]
    assert any(t.startswith('payments.create_checkout_session: {"ok": true') for t in replies), replies

    bus = [t for s, k, t in kinds if k == "event" and s == "bus"]
    assert any(t.startswith("payments.checkout_session.created ") and f"caused by {checkout_id}" in t for t in bus), bus
    assert any(t.startswith("payments.order.paid ") for t in bus), bus
    assert any(t.startswith("payments.order.refunded ") for t in bus), bus

    webhooks = [t for s, k, t in kinds if k == "webhook"]
    assert any(" checkout.session.completed " in t for t in webhooks), webhooks
    # The refund's webhooks came back carrying the request id of the call that caused them.
    assert any(t.endswith(f"(request {refund_request})") for t in webhooks), (refund_request, webhooks)

    emails = [t for s, k, t in kinds if k == "email" and s == "notifications"]
    assert any(t.startswith("order_confirmation to ") and ": sent after" in t for t in emails), emails

    # Causal order: the command before its call, the call before its reply and its event.
    index = {kind_text: i for i, kind_text in enumerate(kinds)}
    command_at = next(i for (s, k, t), i in index.items() if k == "command" and t.startswith("payments.create_checkout_session "))
    call_at = next(i for (s, k, t), i in index.items() if k == "stripe" and t.startswith("POST /v1/checkout/sessions"))
    paid_at = next(i for (s, k, t), i in index.items() if k == "event" and t.startswith("payments.order.paid "))
    email_at = next(i for (s, k, t), i in index.items() if k == "email")
    assert command_at < call_at < paid_at < email_at


def test_a_commands_and_a_stripe_objects_trace(story):
    env, events = story
    paid = next(e for e in events if e["routing_key"] == "payments.order.paid")
    created = next(e for e in events if e["routing_key"] == "payments.checkout_session.created"
                   and e["body"]["order_reference"] == paid["body"]["order_reference"])
    command_id = created["headers"]["x-causation-id"]
    code, lines, result = trace(env, command_id)
    assert code == 0, result.stderr
    texts = [(kind, text) for _, _, kind, text in lines]
    assert ("command", f"payments.create_checkout_session {command_id} from payments.create_checkout_session: done") in texts
    assert any(k == "event" and t.startswith(f"payments.checkout_session.created {created['message_id']} caused by {command_id}")
               for k, t in texts), texts

    # A Stripe request id (what an error reply carries) finds the command that made the call.
    request_id = next(m.group(0) for k, t in texts if k == "stripe" for m in [re.search(r"req_\w+", t)] if m)
    code, lines, result = trace(env, request_id)
    assert code == 0, result.stderr
    assert ("command", f"payments.create_checkout_session {command_id} from payments.create_checkout_session: done") in \
        [(kind, text) for _, _, kind, text in lines], result.stdout

    code, lines, result = trace(env, paid["body"]["payment_intent"])
    assert code == 0, result.stderr
    kinds = {kind for _, _, kind, _ in lines}
    assert {"webhook", "event", "email", "command"} <= kinds, result.stdout

    code, lines, result = trace(env, "order-that-never-was")
    assert code == 1 and lines == [] and "nothing found" in result.stderr
