"""`connectbus tail --from …` shows each event's own time (its AMQP timestamp), not when
the line was read: an event made at 03:09:47 and read back from the history stream minutes
or days later still shows 03:09:47; the read time appears only with --read-time, and a
message published without a timestamp is shown with its read time marked `(read)`.

Needs the local servers of scripts/test.sh and the connectbus executable in the folder of
STRIPE_SIM_BINARY; skipped otherwise.
"""
import datetime
import json
import os
import pathlib
import re
import subprocess
import uuid

import pika
import pytest

from conftest import requires_servers

BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
CONNECTBUS = BIN_DIR / "connectbus"

pytestmark = [
    requires_servers,
    pytest.mark.skipif(not CONNECTBUS.exists(), reason=f"{CONNECTBUS} is missing"),
]

# 2026-12-01T03:09:47Z: long before the test reads it back.
EVENT_TIME = datetime.datetime(2026, 12, 1, 3, 9, 47, tzinfo=datetime.timezone.utc)


def publish(broker_address, events):
    """Publishes (routing key, AMQP timestamp or None) pairs on connectbus.events, confirmed."""
    host, port, vhost = broker_address
    connection = pika.BlockingConnection(pika.ConnectionParameters(
        host, port, vhost, credentials=pika.PlainCredentials("connectbus", "connectbus")))
    try:
        channel = connection.channel()
        channel.confirm_delivery()
        for routing_key, timestamp in events:
            channel.basic_publish("connectbus.events", routing_key, b'{"amount":1,"currency":"usd"}',
                                  pika.BasicProperties(message_id=str(uuid.uuid4()), type=routing_key,
                                                       content_type="application/json", delivery_mode=2,
                                                       timestamp=timestamp))
    finally:
        connection.close()


def tail(broker_address, since, pattern, *flags):
    """The lines `connectbus tail PATTERN --from SINCE --limit 2` prints, as the monitor user."""
    host, port, _ = broker_address
    env = dict(os.environ, AMQP_URL=f"amqp://monitor:monitor@{host}:{port}/")
    run = subprocess.run([str(CONNECTBUS), "tail", pattern, "--from", since, "--limit", "2", "--for", "60", *flags],
                         env=env, capture_output=True, text=True, timeout=90)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 2, run.stdout + run.stderr
    return lines


def test_tail_from_the_history_shows_the_events_own_time_and_the_read_time_only_when_asked(broker_address):
    topic = f"pytest_{uuid.uuid4().hex[:8]}"
    # The stream is read from its arrival time, so the test skips what earlier runs left.
    since = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(seconds=5)).strftime("%Y-%m-%dT%H:%M:%SZ")
    publish(broker_address, [(f"{topic}.old", int(EVENT_TIME.timestamp())), (f"{topic}.untimed", None)])

    old, untimed = tail(broker_address, since, f"{topic}.#")
    assert old.split()[:2] == ["03:09:47", f"{topic}.old"], old
    assert "read" not in old, old
    # No timestamp: the read time (today, with milliseconds), marked as such.
    assert re.fullmatch(r"\d\d:\d\d:\d\d\.\d{3}\(read\)", untimed.split()[0]), untimed
    assert untimed.split()[1] == f"{topic}.untimed", untimed

    old, untimed = tail(broker_address, since, f"{topic}.#", "--read-time")
    assert old.split()[0] == "03:09:47", old
    assert re.fullmatch(r"read=\d\d:\d\d:\d\d\.\d{3}", old.split()[1]), old
    assert old.split()[1] != "read=03:09:47.000", old
    assert old.split()[2] == f"{topic}.old", old

    old, untimed = (json.loads(line) for line in tail(broker_address, since, f"{topic}.#", "--json", "--read-time"))
    assert old["time"] == "2026-12-01T03:09:47Z", old
    assert datetime.datetime.fromisoformat(old["read_time"].replace("Z", "+00:00")) > EVENT_TIME + datetime.timedelta(hours=1)
    assert untimed["time"] is None and untimed["read_time"], untimed
    plain = json.loads(tail(broker_address, since, f"{topic}.#", "--json")[0])
    assert plain["time"] == "2026-12-01T03:09:47Z" and "read_time" not in plain, plain
