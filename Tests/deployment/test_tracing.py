"""OpenTelemetry traces across services, checked against the official protocol
definitions: a small OTLP/HTTP receiver (this file) collects what the services export while
one command crosses the suite, and every payload is parsed with the `opentelemetry-proto`
package (ExportTraceServiceRequest through protobuf's JSON parser, unknown fields refused).

The command `onboarding.create_account` is published with our own `traceparent`; the trace
must hold onboarding's consumer span (child of ours), a client span per Stripe call (child
of that one, with request id and idempotency key), the transaction's span (`db.*`), a
producer span per publish (the event and the reply), and notifications' consumer span of
the `onboarding.account.created` event it caused (child of onboarding's span, in another
service) with its own SMTP send, transaction and publish spans; the reply carries
onboarding's span as its parent. A signed webhook posted with a `traceparent` must give the
request → verify → store → relay publish spans and the consumer's span of the re-published
event.

Needs the local servers and the built executables (like test_demo_end_to_end.py).
"""
import base64
import http.server
import json
import os
import pathlib
import threading
import time
import urllib.parse
import uuid

import pika
import pytest

from conftest import REPO, requires_servers

try:
    from google.protobuf import json_format
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
except ImportError:   # scripts/install-deps.sh installs opentelemetry-proto
    ExportTraceServiceRequest = None

BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
PRODUCTS = ["stripe-sim", "onboarding", "payments", "terminal-gateway", "notifications"]
missing = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]
pytestmark = [
    requires_servers,
    pytest.mark.skipif(ExportTraceServiceRequest is None, reason="opentelemetry-proto missing"),
    pytest.mark.skipif(bool(missing), reason=f"executables missing in {BIN_DIR}: {missing}"),
]

ID_FIELDS = ("traceId", "spanId", "parentSpanId")


def to_proto_json(payload):
    """OTLP/JSON writes trace and span ids as hex; protobuf's JSON mapping reads bytes as
    base64 (the one difference the OTLP specification lists). Converts the ids, nothing else."""
    for resource in payload.get("resourceSpans", []):
        for scope in resource.get("scopeSpans", []):
            for span in scope.get("spans", []):
                for field in ID_FIELDS:
                    if field in span:
                        raw = bytes.fromhex(span[field])   # fails on anything but hex
                        span[field] = base64.b64encode(raw).decode()
    return payload


class Receiver(http.server.ThreadingHTTPServer):
    """Accepts POST /v1/traces (application/json) and keeps every parsed request."""

    def __init__(self):
        super().__init__(("127.0.0.1", 0), ReceiverHandler)
        self.requests, self.errors, self.lock = [], [], threading.Lock()


class ReceiverHandler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            assert self.path == "/v1/traces", self.path
            assert self.headers.get("Content-Type") == "application/json", self.headers.get("Content-Type")
            message = ExportTraceServiceRequest()
            json_format.ParseDict(to_proto_json(json.loads(body)), message, ignore_unknown_fields=False)
            with self.server.lock:
                self.server.requests.append(message)
            self.send_response(200)
        except Exception as error:   # noqa: BLE001 - recorded and asserted on
            with self.server.lock:
                self.server.errors.append(f"{error}: {body[:300]!r}")
            self.send_response(400)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def receiver():
    server = Receiver()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()


@pytest.fixture(scope="module")
def suite(receiver, tmp_path_factory):
    run_dir = tmp_path_factory.mktemp("traced-suite")
    env = dict(os.environ, DEMO_BIN_DIR=str(BIN_DIR), KEEP_INFRA="1", DEMO_RUN_DIR=str(run_dir / "demo"),
               OTEL_EXPORTER_OTLP_ENDPOINT=f"http://127.0.0.1:{receiver.server_address[1]}",
               OTEL_TRACES_SAMPLER="parentbased_always_off", OTEL_BSP_SCHEDULE_DELAY="200")
    log = run_dir / "demo.log"
    with open(log, "w") as out:
        started = subprocess_run([str(REPO / "scripts" / "demo.sh"), "--no-story", "--keep-running"], env, out)
    try:
        assert started == 0, log.read_text()[-4000:]
        yield env
    finally:
        with open(os.devnull, "w") as out:
            subprocess_run([str(REPO / "scripts" / "demo.sh"), "--stop"], env, out)


def subprocess_run(args, env, out):
    import subprocess
    return subprocess.run(args, cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=out,
                          stderr=subprocess.STDOUT, timeout=600).returncode


def spans_of(receiver, trace_id):
    """(service.name, span) of every received span of the trace."""
    found = []
    with receiver.lock:
        requests = list(receiver.requests)
    for request in requests:
        for resource in request.resource_spans:
            service = next(a.value.string_value for a in resource.resource.attributes if a.key == "service.name")
            for scope in resource.scope_spans:
                for span in scope.spans:
                    if span.trace_id.hex() == trace_id:
                        found.append((service, span))
    return found


def attributes(span):
    return {a.key: json_format.MessageToDict(a.value) for a in span.attributes}


def test_one_commands_trace_links_every_span_across_services(suite, receiver):
    url = urllib.parse.urlparse(os.environ["AMQP_URL"])
    connection = pika.BlockingConnection(pika.ConnectionParameters(
        url.hostname or "127.0.0.1", url.port or 5672, credentials=pika.PlainCredentials("platform", "platform")))
    channel = connection.channel()
    channel.confirm_delivery()
    reply_queue = channel.queue_declare("", exclusive=True, auto_delete=True).method.queue
    trace_id, root_span = uuid.uuid4().hex, uuid.uuid4().hex[:16]
    run = uuid.uuid4().hex[:8]
    body = {"seller_reference": f"trace-{run}", "country": "US", "email": f"trace+{run}@example.com",
            "controller": {"fees": {"payer": "application"}, "losses": {"payments": "application"},
                           "stripe_dashboard": {"type": "express"}},
            "business_type": "individual", "business_profile": {"name": "Trace Ceramics", "mcc": "5719"},
            "representative": {"first_name": "Ada", "last_name": "Lovelace", "email": f"trace+{run}@example.com"}}
    message_id = str(uuid.uuid4())
    channel.basic_publish("connectbus.commands", "onboarding.create_account", json.dumps(body).encode(),
                          pika.BasicProperties(message_id=message_id, correlation_id=message_id,
                                               type="onboarding.create_account", timestamp=int(time.time()),
                                               app_id="platform", reply_to=reply_queue,
                                               content_type="application/json", delivery_mode=2,
                                               headers={"x-schema-version": 1,
                                                        "traceparent": f"00-{trace_id}-{root_span}-01"}),
                          mandatory=True)
    reply_props = None
    deadline = time.time() + 60
    while reply_props is None and time.time() < deadline:
        method, props, reply = channel.basic_get(reply_queue, auto_ack=True)
        if method is None:
            connection.sleep(0.2)
        else:
            reply_props, reply_body = props, json.loads(reply)
    connection.close()
    assert reply_props is not None, "no reply"
    assert reply_body["ok"] is True, reply_body

    def complete():   # exporters send in batches: wait for the last spans of both services
        spans = spans_of(receiver, trace_id)
        names = {(s, x.name) for s, x in spans}
        wanted = {("onboarding", "onboarding.create_account process"), ("onboarding", "connectbus.events publish"),
                  ("notifications", "notifications.events process"), ("notifications", "COMMIT notifications")}
        return spans if wanted <= names else None
    deadline = time.time() + 60
    spans = None
    while spans is None and time.time() < deadline:
        spans = complete()
        time.sleep(0.3)
    assert receiver.errors == [], receiver.errors
    assert spans, f"the trace never reached both services: {[(s, x.name) for s, x in spans_of(receiver, trace_id)]}"

    by_id = {span.span_id.hex(): (service, span) for service, span in spans}
    consumer = [(s, x) for s, x in spans if s == "onboarding" and x.name == "onboarding.create_account process"]
    assert len(consumer) == 1
    _, command_span = consumer[0]
    assert command_span.parent_span_id.hex() == root_span
    assert command_span.kind == 5   # SPAN_KIND_CONSUMER
    a = attributes(command_span)
    assert a["messaging.system"] == {"stringValue": "rabbitmq"}
    assert a["messaging.destination.name"] == {"stringValue": "onboarding.create_account"}
    assert a["messaging.message.id"] == {"stringValue": message_id}
    assert a["messaging.operation.type"] == {"stringValue": "process"}

    stripe_calls = [x for s, x in spans if x.kind == 3 and x.parent_span_id == command_span.span_id
                    and "http.request.method" in attributes(x)]
    assert stripe_calls, "no Stripe call span under the command"
    for call in stripe_calls:
        c = attributes(call)
        assert c["http.request.method"]["stringValue"] in ("GET", "POST", "DELETE")
        assert c["url.path"]["stringValue"].startswith("/v1/")
        assert c["stripe.request_id"]["stringValue"].startswith("req_")
        assert int(c["http.response.status_code"]["intValue"]) == 200
        if c["http.request.method"]["stringValue"] == "POST":
            assert c["stripe.idempotency_key"]["stringValue"]
        assert call.start_time_unix_nano <= call.end_time_unix_nano

    # The transaction: one client span under the command, PostgreSQL's conventions.
    commits = [x for s, x in spans if s == "onboarding" and x.parent_span_id == command_span.span_id
               and x.name == "COMMIT onboarding"]
    assert len(commits) == 1, [x.name for _, x in spans]
    t = attributes(commits[0])
    assert commits[0].kind == 3   # SPAN_KIND_CLIENT
    assert t["db.system.name"] == {"stringValue": "postgresql"}
    assert t["db.namespace"] == {"stringValue": "onboarding"}
    assert t["db.operation.name"] == {"stringValue": "COMMIT"}
    assert int(t["connectbus.outbox.rows"]["intValue"]) >= 2   # the event and the reply
    assert max(c.end_time_unix_nano for c in stripe_calls) <= commits[0].start_time_unix_nano, \
        "the transaction opens after the Stripe calls"

    # Each publish: a producer span under the command span, after the commit.
    publishes = [x for s, x in spans if s == "onboarding" and x.kind == 4]
    assert all(p.parent_span_id == command_span.span_id for p in publishes)
    by_destination = {attributes(p)["messaging.destination.name"]["stringValue"]: p for p in publishes}
    assert set(by_destination) >= {"connectbus.events", "amq.default"}, list(by_destination)
    event_publish = attributes(by_destination["connectbus.events"])
    assert event_publish["messaging.operation.type"] == {"stringValue": "send"}
    assert event_publish["messaging.operation.name"] == {"stringValue": "publish"}
    assert event_publish["messaging.system"] == {"stringValue": "rabbitmq"}
    assert event_publish["messaging.rabbitmq.destination.routing_key"] == {"stringValue": "onboarding.account.created"}
    assert event_publish["messaging.message.conversation_id"] == {"stringValue": message_id}
    reply_publish = attributes(by_destination["amq.default"])
    assert reply_publish["messaging.rabbitmq.destination.routing_key"] == {"stringValue": reply_queue}
    assert reply_publish["messaging.message.id"] == {"stringValue": reply_props.message_id}
    assert all(p.start_time_unix_nano >= commits[0].end_time_unix_nano for p in publishes)

    downstream = [(s, x) for s, x in spans if s == "notifications" and x.parent_span_id == command_span.span_id]
    assert downstream, "notifications' span of onboarding.account.created is not a child of the command's span"
    assert downstream[0][1].name == "notifications.events process"
    event_span = downstream[0][1]
    assert attributes(event_span)["messaging.destination.name"] == {"stringValue": "notifications.events"}
    # The consumer's message is the one the publish span sent.
    assert attributes(event_span)["messaging.message.id"] == event_publish["messaging.message.id"]

    # notifications records the seller's address in its own transaction, under its consumer span.
    deadline = time.time() + 30
    while time.time() < deadline and not any(x.name == "COMMIT notifications" for _, x in spans_of(receiver, trace_id)):
        time.sleep(0.3)
    spans = spans_of(receiver, trace_id)
    by_id = {span.span_id.hex(): (service, span) for service, span in spans}
    notification_children = {x.name for s, x in spans if x.parent_span_id == event_span.span_id}
    assert "COMMIT notifications" in notification_children, notification_children

    # The reply continues the trace from the command's span.
    assert reply_props.headers["traceparent"] == f"00-{trace_id}-{command_span.span_id.hex()}-01"
    # Every span of the trace hangs off a span of the trace or off our root.
    for service, span in spans:
        parent = span.parent_span_id.hex()
        assert parent == root_span or parent in by_id, (service, span.name)

    print_tree(trace_id, spans)
    account = next((v for v in json.dumps(reply_body).replace('"', " ").split() if v.startswith("acct_")), None)
    assert account, reply_body
    TRACED["account"] = account


TRACED = {}


def print_tree(trace_id, spans):
    """The trace as a tree: each span under its parent, siblings in start order."""
    ids = {span.span_id.hex() for _, span in spans}
    children = {}
    for service, span in spans:
        parent = span.parent_span_id.hex()
        children.setdefault(parent if parent in ids else None, []).append((service, span))
    print("\ntrace", trace_id)

    def walk(parent, depth):
        for service, span in sorted(children.get(parent, []), key=lambda p: p[1].start_time_unix_nano):
            print(f"  {'  ' * depth}{service}: {span.name} [{KINDS.get(span.kind, span.kind)}] "
                  f"({(span.end_time_unix_nano - span.start_time_unix_nano) / 1e6:.1f} ms)")
            walk(span.span_id.hex(), depth + 1)
    walk(None, 0)


KINDS = {1: "internal", 2: "server", 3: "client", 4: "producer", 5: "consumer"}


def post_account_updated(account, event_id, created, due, traceparent):
    """POSTs a signed `account.updated` for `account` to notifications' Connect endpoint."""
    import hashlib
    import hmac
    import urllib.request
    body = json.dumps({"id": event_id, "object": "event", "type": "account.updated", "account": account,
                       "api_version": "2026-11-18.endive", "created": created, "livemode": False,
                       "pending_webhooks": 1, "request": {"id": None, "idempotency_key": None},
                       "data": {"object": {"id": account, "object": "account", "charges_enabled": False,
                                           "payouts_enabled": False, "details_submitted": False,
                                           "requirements": {"currently_due": due, "past_due": due,
                                                            "eventually_due": due, "disabled_reason": None}}}}).encode()
    stamp = str(int(time.time()))
    secret = os.environ.get("STRIPE_CONNECT_WEBHOOK_SECRET", "whsec_connectbus_demo_connect")
    signature = hmac.new(secret.encode(), stamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    port = int(os.environ.get("DEMO_HTTP_PORT_BASE", "8080")) + 4
    headers = {"Content-Type": "application/json", "Stripe-Signature": f"t={stamp},v1={signature}"}
    if traceparent:
        headers["traceparent"] = traceparent
    request = urllib.request.Request(f"http://127.0.0.1:{port}/webhooks/stripe/connect", data=body, method="POST",
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200


def test_one_webhooks_trace_links_request_verify_store_and_relay(suite, receiver):
    """A signed Stripe event posted with a traceparent: the ingress's server span (child of
    ours) holds the signature check and the store; the relay's publish of stripe.account.updated
    and onboarding's consumer span of it hang off the request span; onboarding announces the
    requirement now past due and notifications' e-mail about it (SMTP send) is in the same trace."""
    account = TRACED.get("account")
    if account is None:
        pytest.skip("needs the account of the command test")
    trace_id, root_span = uuid.uuid4().hex, uuid.uuid4().hex[:16]
    created = int(time.time()) + 5
    # First nothing due, then a requirement past due: onboarding announces it. Two workers
    # consume onboarding.events and events arrive in no promised order (DESIGN §7), so the
    # second event is posted only once onboarding has committed the first (its consumer span,
    # in a trace of its own, ends after the commit). The other way round, the first would be
    # stale and the second would find requirements already due: nothing to announce.
    clear_trace = uuid.uuid4().hex
    post_account_updated(account, f"evt_clear{uuid.uuid4().hex[:16]}", created, [],
                         f"00-{clear_trace}-{uuid.uuid4().hex[:16]}-01")
    deadline = time.time() + 60
    while time.time() < deadline and not any(
            s == "onboarding" and x.name == "onboarding.events process" for s, x in spans_of(receiver, clear_trace)):
        time.sleep(0.2)
    assert any(s == "onboarding" and x.name == "onboarding.events process" for s, x in spans_of(receiver, clear_trace)), \
        f"onboarding never processed the first event: {[(s, x.name) for s, x in spans_of(receiver, clear_trace)]}"
    event_id = f"evt_trace{uuid.uuid4().hex[:16]}"
    post_account_updated(account, event_id, created + 1, ["external_account"], f"00-{trace_id}-{root_span}-01")

    def complete():   # down to notifications' e-mail about the requirements now past due
        found = spans_of(receiver, trace_id)
        names = {(s, x.name) for s, x in found}
        wanted = {("onboarding", "onboarding.events process"), ("notifications", "SMTP send"),
                  ("notifications", "notifications.events process")}
        return found if wanted <= names and sum(1 for s, x in found if s == "notifications" and x.kind == 4) >= 2 \
            else None
    deadline = time.time() + 60
    spans = None
    while spans is None and time.time() < deadline:
        spans = complete()
        time.sleep(0.3)
    assert receiver.errors == [], receiver.errors
    assert spans, [(s, x.name) for s, x in spans_of(receiver, trace_id)]
    servers = [x for s, x in spans if s == "notifications" and x.kind == 2]
    assert len(servers) == 1
    server = servers[0]
    assert server.name == "POST /webhooks/stripe/connect" and server.parent_span_id.hex() == root_span
    a = attributes(server)
    assert a["http.request.method"] == {"stringValue": "POST"}
    assert a["http.route"] == {"stringValue": "/webhooks/stripe/connect"}
    assert int(a["http.response.status_code"]["intValue"]) == 200
    assert a["stripe.event_id"] == {"stringValue": event_id}
    children = {x.name: x for s, x in spans if x.parent_span_id == server.span_id}
    assert {"verify Stripe-Signature", "INSERT notifications.stripe_events", "connectbus.events publish"} <= set(children), \
        list(children)
    assert children["verify Stripe-Signature"].kind == 1
    store = attributes(children["INSERT notifications.stripe_events"])
    assert store["db.system.name"] == {"stringValue": "postgresql"}
    assert store["db.collection.name"] == {"stringValue": "stripe_events"}
    relay = attributes(children["connectbus.events publish"])
    assert relay["connectbus.relayed"] == {"boolValue": True}
    assert relay["messaging.rabbitmq.destination.routing_key"] == {"stringValue": "stripe.account.updated"}
    consumer = [x for s, x in spans if s == "onboarding" and x.kind == 5]
    assert consumer[0].parent_span_id == server.span_id
    assert attributes(consumer[0])["messaging.message.id"] == relay["messaging.message.id"]
    # onboarding publishes onboarding.account.requirements_due; notifications e-mails the seller.
    onboarding_publishes = {attributes(x)["messaging.rabbitmq.destination.routing_key"]["stringValue"]: x
                            for s, x in spans if s == "onboarding" and x.kind == 4}
    assert "onboarding.account.requirements_due" in onboarding_publishes, list(onboarding_publishes)
    assert all(p.parent_span_id == consumer[0].span_id for p in onboarding_publishes.values())
    mail_consumer = [x for s, x in spans if s == "notifications" and x.kind == 5]
    assert len(mail_consumer) == 1 and mail_consumer[0].parent_span_id == consumer[0].span_id
    smtp = [x for s, x in spans if x.name == "SMTP send"]
    assert len(smtp) == 1 and smtp[0].parent_span_id == mail_consumer[0].span_id and smtp[0].kind == 3
    m = attributes(smtp[0])
    assert m["network.protocol.name"] == {"stringValue": "smtp"}
    assert m["server.address"] == {"stringValue": "127.0.0.1"}
    assert m["connectbus.email.template"] == {"stringValue": "onboarding_incomplete"}
    assert smtp[0].status.code == 1   # STATUS_CODE_OK
    after_mail = {x.name for s, x in spans if x.parent_span_id == mail_consumer[0].span_id}
    assert {"SMTP send", "COMMIT notifications", "connectbus.events publish"} <= after_mail, after_mail
    for service, span in spans:
        parent = span.parent_span_id.hex()
        assert parent == root_span or parent in {x.span_id.hex() for _, x in spans}, (service, span.name)
    print_tree(trace_id, spans)
