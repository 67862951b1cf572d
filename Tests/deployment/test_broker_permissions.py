"""Live check of docker/rabbitmq/definitions.json against the broker the scripts started:
a service cannot consume another service's queue, the monitor user can only bind and read
its own queues, the platform user can publish commands but not consume them, and (topic
authorisation) each user publishes only its own routing keys: a forged one is refused with
ACCESS_REFUSED and routes nothing."""
import contextlib
import time
import uuid

import pika
import pytest
from pika.exceptions import ChannelClosedByBroker

from conftest import requires_servers

pytestmark = requires_servers

ACCESS_REFUSED = 403


@pytest.fixture
def connect(broker_address):
    host, port, vhost = broker_address
    opened = []

    def _connect(user, password=None):
        params = pika.ConnectionParameters(
            host=host, port=port, virtual_host=vhost,
            credentials=pika.PlainCredentials(user, password or user),
            connection_attempts=3, retry_delay=1, blocked_connection_timeout=30)
        conn = pika.BlockingConnection(params)
        opened.append(conn)
        return conn

    yield _connect
    for conn in opened:
        with contextlib.suppress(Exception):
            conn.close()


@pytest.fixture
def admin(connect):
    return connect("connectbus", "connectbus").channel()


@pytest.fixture
def payments_queue(admin):
    """A quorum queue in the payments namespace holding one message, deleted afterwards."""
    name = f"payments.perm_probe_{uuid.uuid4().hex[:8]}"
    admin.queue_declare(name, durable=True, arguments={"x-queue-type": "quorum"})
    admin.confirm_delivery()
    admin.basic_publish("", name, b'{"probe": true}',
                        pika.BasicProperties(delivery_mode=2, content_type="application/json"))
    yield name
    admin.queue_delete(name)


def refused(action):
    with pytest.raises(ChannelClosedByBroker) as info:
        action()
    assert info.value.reply_code == ACCESS_REFUSED, info.value
    return info.value


def first_message(channel, queue, timeout=30):
    """Polls basic_get until a message arrives (no timing assertion: a generous deadline)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        method, _, body = channel.basic_get(queue, auto_ack=True)
        if method is not None:
            return body
        time.sleep(0.1)
    return None


def test_other_service_cannot_consume_payments_queue(connect, payments_queue):
    channel = connect("onboarding").channel()
    error = refused(lambda: channel.basic_consume(payments_queue, lambda *a: None))
    assert "access to queue" in error.reply_text


def test_owning_service_consumes_its_queue(connect, payments_queue):
    channel = connect("payments").channel()
    assert first_message(channel, payments_queue) == b'{"probe": true}'


def test_service_cannot_declare_queue_outside_its_namespace(connect):
    channel = connect("terminal").channel()
    refused(lambda: channel.queue_declare(f"payments.sneaky_{uuid.uuid4().hex[:8]}",
                                          arguments={"x-queue-type": "quorum"}, durable=True))


def test_service_declares_own_topology_and_redeclares_exchanges(connect):
    channel = connect("notifications").channel()
    channel.exchange_declare("connectbus.events", exchange_type="topic", durable=True)
    queue = f"notifications.perm_probe_{uuid.uuid4().hex[:8]}"
    channel.queue_declare(queue, durable=True, arguments={
        "x-queue-type": "quorum", "x-dead-letter-exchange": "", "x-dead-letter-routing-key": queue + ".dlq"})
    try:
        channel.queue_bind(queue, "connectbus.events", routing_key="payments.order.paid")
    finally:
        channel.queue_delete(queue)


def test_monitor_cannot_consume_service_queue(connect, payments_queue):
    channel = connect("monitor").channel()
    refused(lambda: channel.basic_consume(payments_queue, lambda *a: None))


def test_monitor_binds_own_queue_to_events_and_reads(connect, admin):
    channel = connect("monitor").channel()
    queue = f"monitor.perm_probe_{uuid.uuid4().hex[:8]}"
    channel.queue_declare(queue, exclusive=True, auto_delete=True)
    channel.queue_bind(queue, "connectbus.events", routing_key="payments.#")
    admin.exchange_declare("connectbus.events", exchange_type="topic", durable=True)
    admin.basic_publish("connectbus.events", "payments.probe.published", b'{"probe": "event"}')
    assert first_message(channel, queue) == b'{"probe": "event"}'


def test_monitor_cannot_publish_events(connect):
    channel = connect("monitor").channel()
    channel.confirm_delivery()
    refused(lambda: channel.basic_publish("connectbus.events", "payments.fake.event", b"{}"))


def test_monitor_cannot_bind_to_commands(connect):
    channel = connect("monitor").channel()
    queue = f"monitor.perm_probe_{uuid.uuid4().hex[:8]}"
    channel.queue_declare(queue, exclusive=True, auto_delete=True)
    refused(lambda: channel.queue_bind(queue, "connectbus.commands", routing_key="#"))


def test_platform_publishes_commands_but_cannot_consume_them(connect, admin, payments_queue):
    admin.exchange_declare("connectbus.commands", exchange_type="topic", durable=True)
    channel = connect("platform").channel()
    channel.confirm_delivery()
    reply = channel.queue_declare("", exclusive=True).method.queue
    assert reply.startswith("amq.gen-")
    channel.basic_publish("connectbus.commands", "payments.no_such_command", b"{}",
                          pika.BasicProperties(reply_to=reply, delivery_mode=2))
    refused(lambda: channel.basic_consume(payments_queue, lambda *a: None))


# Topic authorisation (definitions.json's topic_permissions): the routing key of a publish to
# a topic exchange must match the user's write pattern, the binding key of a queue.bind its
# read pattern. A refused publish closes the channel with 403 ACCESS_REFUSED and routes nothing.

FORGED = [
    ("notifications", "connectbus.commands", "payments.refund"),
    ("notifications", "connectbus.events", "payments.order.paid"),
    ("notifications", "connectbus.events", "onboarding.account.created"),
    ("onboarding", "connectbus.events", "payments.order.paid"),
    ("onboarding", "connectbus.events", "stripe.account.updated"),
    ("onboarding", "connectbus.commands", "onboarding.create_account"),
    ("payments", "connectbus.events", "terminal.payment.captured"),
    ("payments", "connectbus.commands", "payments.refund"),
    ("terminal", "connectbus.events", "payments.order.paid"),
    ("terminal", "connectbus.commands", "terminal.refund_payment"),
    ("terminal", "connectbus.commands", "payments.refund"),
    ("platform", "connectbus.commands", "stripe.account.updated"),
    ("platform", "connectbus.commands", ""),
]

LEGITIMATE = [
    ("onboarding", "connectbus.events", "onboarding.account.created", b"{}"),
    ("payments", "connectbus.events", "payments.order.paid", b"{}"),
    ("terminal", "connectbus.events", "terminal.payment.captured", b"{}"),
    ("terminal", "connectbus.commands", "terminal.reconcile", b'{"dry_run": true}'),
    ("notifications", "connectbus.events", "notifications.email.sent", b"{}"),
    ("notifications", "connectbus.events", "stripe.payment_intent.succeeded", b"{}"),
    ("platform", "connectbus.commands", "payments.perm_probe", b"{}"),
]


@pytest.fixture
def sink(admin):
    """A queue the admin binds to `#` on both topic exchanges: it sees every routed publish."""
    for exchange in ("connectbus.commands", "connectbus.events"):
        admin.exchange_declare(exchange, exchange_type="topic", durable=True)
    name = f"perm_probe.sink_{uuid.uuid4().hex[:8]}"
    admin.queue_declare(name, exclusive=True, auto_delete=True)
    for exchange in ("connectbus.commands", "connectbus.events"):
        admin.queue_bind(name, exchange, routing_key="#")
    return name


def sentinel_is_next(admin, sink):
    """Publishes a marker as the admin and returns the first body the sink holds: the marker
    when nothing else was routed there before it (the broker keeps one queue's order)."""
    marker = uuid.uuid4().hex.encode()
    admin.basic_publish("connectbus.events", "perm_probe.sentinel", marker)
    return first_message(admin, sink) == marker


@pytest.mark.parametrize("user,exchange,key", FORGED)
def test_forged_routing_key_is_refused_and_not_delivered(connect, admin, sink, user, exchange, key):
    channel = connect(user).channel()
    channel.confirm_delivery()
    error = refused(lambda: channel.basic_publish(exchange, key, b'{"forged": true}'))
    assert "access to topic" in error.reply_text, error.reply_text
    assert sentinel_is_next(admin, sink), "a refused publish must route nothing"


@pytest.mark.parametrize("user,exchange,key,body", LEGITIMATE)
def test_each_services_own_keys_are_accepted(connect, admin, sink, user, exchange, key, body):
    channel = connect(user).channel()
    channel.confirm_delivery()
    channel.basic_publish(exchange, key, body, pika.BasicProperties(type=key, content_type="application/json"))
    assert first_message(admin, sink) == body


@pytest.mark.parametrize("user,pattern", [
    ("onboarding", "stripe.account.updated"), ("payments", "stripe.checkout.session.completed"),
    ("terminal", "onboarding.account.created"), ("notifications", "payments.order.paid"),
])
def test_service_binds_the_events_it_consumes_but_not_everything(connect, user, pattern):
    channel = connect(user).channel()
    queue = f"{user}.perm_probe_{uuid.uuid4().hex[:8]}"
    channel.queue_declare(queue, exclusive=True, auto_delete=True)
    channel.queue_bind(queue, "connectbus.events", routing_key=pattern)
    refused(lambda: channel.queue_bind(queue, "connectbus.events", routing_key="#"))


def test_monitor_binds_every_event(connect, admin):
    admin.exchange_declare("connectbus.events", exchange_type="topic", durable=True)
    channel = connect("monitor").channel()
    queue = f"monitor.perm_probe_{uuid.uuid4().hex[:8]}"
    channel.queue_declare(queue, exclusive=True, auto_delete=True)
    channel.queue_bind(queue, "connectbus.events", routing_key="#")
