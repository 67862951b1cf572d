"""The event history stream `connectbus.events.history` read by a Python pika client from
an offset (x-stream-offset, prefetch, manual ack), as the catalogue's docs show."""
import uuid

import pika
import pytest

from conftest import requires_servers

STREAM = "connectbus.events.history"


def connect(broker_address, user="monitor"):
    host, port, vhost = broker_address
    return pika.BlockingConnection(pika.ConnectionParameters(
        host=host, port=port, virtual_host=vhost, credentials=pika.PlainCredentials(user, user)))


def read(channel, offset, wanted, limit):
    """(offset, routing key) of the messages whose routing key is in `wanted`, reading from
    `offset` until `limit` of them were seen (a stream consumer never runs dry: it waits)."""
    channel.basic_qos(prefetch_count=100)  # required for a stream consumer
    found = []
    for method, properties, _body in channel.consume(STREAM, arguments={"x-stream-offset": offset},
                                                     inactivity_timeout=10):
        if method is None:
            break
        if method.routing_key in wanted:
            found.append((properties.headers["x-stream-offset"], method.routing_key))
        channel.basic_ack(method.delivery_tag)
        if len(found) == limit:
            break
    channel.cancel()
    return found


@requires_servers
def test_a_reader_starts_at_an_offset_and_gets_every_later_event_in_order(broker_address):
    marker = uuid.uuid4().hex[:12]
    keys = [f"monitor.history.{marker}.{i}" for i in range(5)]
    platform_host, port, vhost = broker_address
    publisher = pika.BlockingConnection(pika.ConnectionParameters(
        host=platform_host, port=port, virtual_host=vhost, credentials=pika.PlainCredentials("connectbus", "connectbus")))
    pub = publisher.channel()
    pub.confirm_delivery()
    for key in keys:
        pub.basic_publish("connectbus.events", key, b"{}", pika.BasicProperties(message_id=key, content_type="application/json"))
    publisher.close()

    conn = connect(broker_address)
    try:
        everything = read(conn.channel(), "first", set(keys), len(keys))
        assert [key for _, key in everything] == keys
        offsets = [offset for offset, _ in everything]
        assert offsets == sorted(offsets)
        # From the third event's offset: the third, fourth and fifth, nothing earlier.
        later = read(conn.channel(), offsets[2], set(keys), 3)
        assert later == everything[2:]
    finally:
        conn.close()


@requires_servers
def test_the_monitor_user_cannot_delete_or_redeclare_the_stream_differently(broker_address):
    conn = connect(broker_address)
    try:
        with pytest.raises(pika.exceptions.ChannelClosedByBroker):
            conn.channel().queue_declare(STREAM, durable=True, arguments={"x-queue-type": "quorum"})
    finally:
        if conn.is_open:
            conn.close()


@requires_servers
def test_the_platform_example_reads_the_history_from_an_offset(broker_address, repo):
    import importlib.util
    spec = importlib.util.spec_from_file_location("platform_service", repo / "examples" / "platform_service.py")
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    assert example.topic_matches("onboarding.account.*", "onboarding.account.created")
    assert example.topic_matches("#", "a.b") and example.topic_matches("a.#", "a")
    assert not example.topic_matches("onboarding.*", "onboarding.account.created")

    marker = uuid.uuid4().hex[:12]
    keys = [f"monitor.example.{marker}.{i}" for i in range(3)]
    host, port, vhost = broker_address
    publisher = pika.BlockingConnection(pika.ConnectionParameters(
        host=host, port=port, virtual_host=vhost, credentials=pika.PlainCredentials("connectbus", "connectbus")))
    pub = publisher.channel()
    pub.confirm_delivery()
    for key in keys:
        pub.basic_publish("connectbus.events", key, b'{"n": 1}')
    publisher.close()
    url = f"amqp://monitor:monitor@{host}:{port}/"
    history = example.EventHistory(example.connection_parameters(url, "test.history"))
    try:
        first = [(o, k) for o, k, _, _ in history.events("first", [f"monitor.example.{marker}.*"], timeout=5)]
    finally:
        history.close()
    assert [k for _, k in first] == keys
    history = example.EventHistory(example.connection_parameters(url, "test.history"))
    try:
        later = [(o, k) for o, k, _, _ in history.events(first[1][0], [f"monitor.example.{marker}.*"], timeout=5)]
    finally:
        history.close()
    assert later == first[1:]
