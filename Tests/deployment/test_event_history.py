"""The event history stream `connectbus.events.history` read by a Python pika client from
an offset (x-stream-offset, prefetch, manual ack), as the catalogue's docs show."""
import datetime
import uuid

import pika
import pytest

from conftest import requires_servers

STREAM = "connectbus.events.history"


def connect(broker_address, user="monitor"):
    host, port, vhost = broker_address
    return pika.BlockingConnection(pika.ConnectionParameters(
        host=host, port=port, virtual_host=vhost, credentials=pika.PlainCredentials(user, user)))


def close_quietly(conn):
    """Ends a stream reader by closing its connection. Cancelling would make pika reject the
    deliveries still buffered, and RabbitMQ 3.10 answers basic.reject on a stream by
    closing the connection (540 NOT_IMPLEMENTED): the unacked deliveries are simply dropped."""
    try:
        conn.close()
    except pika.exceptions.AMQPError:
        pass


def read(broker_address, offset, wanted, limit):
    """(offset, routing key) of the messages whose routing key is in `wanted`, reading from
    `offset` until `limit` of them were seen (a stream consumer never runs dry: it waits)."""
    conn = connect(broker_address)
    channel = conn.channel()
    channel.basic_qos(prefetch_count=100)  # required for a stream consumer
    found = []
    try:
        for method, properties, _body in channel.consume(STREAM, arguments={"x-stream-offset": offset},
                                                         inactivity_timeout=10):
            if method is None:
                break
            if method.routing_key in wanted:
                found.append((properties.headers["x-stream-offset"], method.routing_key))
            channel.basic_ack(method.delivery_tag)
            if len(found) == limit:
                break
    finally:
        close_quietly(conn)
    return found


@requires_servers
def test_a_reader_starts_at_an_offset_and_gets_every_later_event_in_order(broker_address):
    marker = uuid.uuid4().hex[:12]
    keys = [f"monitor.history.{marker}.{i}" for i in range(5)]
    # A timestamp (AMQP type T, a datetime in pika) starts at the chunk holding that time,
    # so the test does not scan what earlier runs left in the stream.
    since = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=2)
    platform_host, port, vhost = broker_address
    publisher = pika.BlockingConnection(pika.ConnectionParameters(
        host=platform_host, port=port, virtual_host=vhost, credentials=pika.PlainCredentials("connectbus", "connectbus")))
    pub = publisher.channel()
    pub.confirm_delivery()
    for key in keys:
        pub.basic_publish("connectbus.events", key, b"{}", pika.BasicProperties(message_id=key, content_type="application/json"))
    publisher.close()

    everything = read(broker_address, since, set(keys), len(keys))
    assert [key for _, key in everything] == keys
    offsets = [offset for offset, _ in everything]
    assert offsets == sorted(offsets)
    # From the third event's offset: the third, fourth and fifth, nothing earlier.
    later = read(broker_address, offsets[2], set(keys), 3)
    assert later == everything[2:]


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
    since = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=2)
    host, port, vhost = broker_address
    publisher = pika.BlockingConnection(pika.ConnectionParameters(
        host=host, port=port, virtual_host=vhost, credentials=pika.PlainCredentials("connectbus", "connectbus")))
    pub = publisher.channel()
    pub.confirm_delivery()
    for key in keys:
        pub.basic_publish("connectbus.events", key, b'{"n": 1}')
    publisher.close()
    url = f"amqp://monitor:monitor@{host}:{port}/"

    def take(offset, count):
        history = example.EventHistory(example.connection_parameters(url, "test.history"))
        found = []
        try:
            for position, key, _, _ in history.events(offset, [f"monitor.example.{marker}.*"], timeout=10):
                found.append((position, key))
                if len(found) == count:
                    break
        finally:
            history.close()
        return found

    first = take(since, 3)
    assert [k for _, k in first] == keys
    assert take(first[1][0], 2) == first[1:]
