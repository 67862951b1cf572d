"""examples/history_monitor.py, a monitoring consumer of the event history stream, stopped
and started again against the local broker: the second run resumes right after the last
event the first one handled, with nothing missed and nothing handled twice, and it knows
the stream only from docs/asyncapi.yaml."""
import os
import re
import subprocess
import sys
import urllib.parse
import uuid

import pika

from conftest import REPO, requires_servers

MONITOR = REPO / "examples" / "history_monitor.py"


def publish(broker_address, keys):
    host, port, vhost = broker_address
    connection = pika.BlockingConnection(pika.ConnectionParameters(
        host=host, port=port, virtual_host=vhost, credentials=pika.PlainCredentials("connectbus", "connectbus")))
    try:
        channel = connection.channel()
        channel.confirm_delivery()
        for key in keys:
            channel.basic_publish("connectbus.events", key, b'{"n": 1}',
                                  pika.BasicProperties(message_id=key, content_type="application/json"))
    finally:
        connection.close()


def run_monitor(checkpoint, pattern, *args):
    """(offset, routing key) of each event line the monitor printed, and its output."""
    parts = urllib.parse.urlparse(os.environ["AMQP_URL"])
    url = f"amqp://monitor:monitor@{parts.hostname}:{parts.port or 5672}/"
    run = subprocess.run([sys.executable, str(MONITOR), "--checkpoint", str(checkpoint), "--idle-timeout", "10",
                          *args, pattern], env=dict(os.environ, MONITOR_AMQP_URL=url),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return [(int(o), k) for o, k in re.findall(r"^event (\d+) (\S+) ", run.stdout, re.M)], run.stdout + run.stderr


@requires_servers
def test_the_monitor_resumes_after_a_restart_from_its_checkpoint(tmp_path, broker_address):
    marker = uuid.uuid4().hex[:12]
    keys = [f"monitor.resume.{marker}.{i}" for i in range(5)]
    pattern = f"monitor.resume.{marker}.*"
    checkpoint = tmp_path / "monitor.offset"
    publish(broker_address, keys[:3])

    # First run: from two minutes back (this test's events only, by pattern), two events, then stop.
    first, output = run_monitor(checkpoint, pattern, "--from", "2m", "--max-events", "2")
    assert [k for _, k in first] == keys[:2], output
    assert int(checkpoint.read_text()) == first[-1][0]

    # While it is down, two more events; started again it takes the rest, and only the rest.
    publish(broker_address, keys[3:])
    second, output = run_monitor(checkpoint, pattern, "--from", "first", "--max-events", "3")
    assert [k for _, k in second] == keys[2:], output
    offsets = [o for o, _ in first + second]
    assert offsets == sorted(offsets) and len(set(offsets)) == 5
    assert int(checkpoint.read_text()) == second[-1][0]

    # A third start finds nothing new.
    third, output = run_monitor(checkpoint, pattern, "--idle-timeout", "3")
    assert third == [], output
