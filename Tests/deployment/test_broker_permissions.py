"""Live check of docker/rabbitmq/definitions.json against the broker the scripts started:
a service cannot consume another service's queue, the monitor user can only bind and read
its own queues, and the platform user can publish commands but not consume them."""
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
        channel.queue_bind(queue, "connectbus.events", routing_key="stripe.#")
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
