"""`connectbus tail` as the `monitor` user through a broker restart: the broker's AMQP side
is stopped and started again with the project's own RabbitMQ helpers (scripts/lib), the
monitor says so on stderr, reconnects with backoff and, on its durable queue, prints the
events before and after the restart.

Needs the local servers of scripts/test.sh and the connectbus executable in the folder of
STRIPE_SIM_BINARY; skipped otherwise.
"""
import os
import pathlib
import subprocess
import time
import uuid

import pika
import pytest

from conftest import REPO, requires_servers

BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
CONNECTBUS = BIN_DIR / "connectbus"

pytestmark = [
    requires_servers,
    pytest.mark.skipif(not CONNECTBUS.exists(), reason=f"{CONNECTBUS} is missing"),
]


def rabbitmqctl(*args):
    """rabbitmqctl for the local node, as scripts/infra-up.sh runs it (scripts/lib/rabbitmq.sh)."""
    script = '. scripts/lib/common.sh; . scripts/lib/rabbitmq.sh; cb_rabbit "$(cb_local_dir)/rabbitmq" rabbitmqctl -q "$@"'
    subprocess.run(["bash", "-c", script, "-", *args], cwd=REPO, check=True, capture_output=True, timeout=180)


def admin_connection(broker_address):
    host, port, vhost = broker_address
    return pika.BlockingConnection(pika.ConnectionParameters(
        host, port, vhost, credentials=pika.PlainCredentials("connectbus", "connectbus"),
        connection_attempts=30, retry_delay=1))


def publish(broker_address, routing_key):
    connection = admin_connection(broker_address)
    try:
        channel = connection.channel()
        channel.confirm_delivery()
        channel.basic_publish("connectbus.events", routing_key, b'{"amount":1,"currency":"usd"}',
                              pika.BasicProperties(message_id=str(uuid.uuid4()), type=routing_key,
                                                   content_type="application/json", delivery_mode=2))
    finally:
        connection.close()


def wait_for(path, text, process, timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in path.read_text(errors="replace"):
            return
        if process.poll() is not None:
            break
        time.sleep(0.1)
    raise AssertionError(f"{text!r} not in {path.name}:\n{path.read_text()}")


def test_tail_as_monitor_survives_a_broker_restart_on_its_durable_queue(tmp_path, broker_address):
    topic = f"pytest_{uuid.uuid4().hex[:8]}"
    queue = f"monitor.{topic}"
    host, port, _ = broker_address
    out, err = tmp_path / "tail.out", tmp_path / "tail.err"
    env = dict(os.environ, AMQP_URL=f"amqp://monitor:monitor@{host}:{port}/")
    with open(out, "w") as stdout, open(err, "w") as stderr:
        tail = subprocess.Popen([str(CONNECTBUS), "tail", f"{topic}.#", "--queue", queue, "--limit", "2", "--for", "170"],
                                env=env, stdout=stdout, stderr=stderr)
    try:
        wait_for(err, "listening", tail)
        publish(broker_address, f"{topic}.before")
        wait_for(out, f"{topic}.before", tail)

        rabbitmqctl("stop_app")
        rabbitmqctl("start_app")
        rabbitmqctl("await_startup")
        publish(broker_address, f"{topic}.after")

        assert tail.wait(timeout=120) == 0, err.read_text()
        lines = out.read_text().splitlines()
        assert [line.split()[1] for line in lines] == [f"{topic}.before", f"{topic}.after"], lines
        notes = err.read_text()
        assert "connection lost" in notes and "CONNECTION_FORCED" in notes and "'shutdown'" in notes, notes
        assert "reconnected" in notes, notes
    finally:
        if tail.poll() is None:
            tail.kill()
            tail.wait()
        connection = admin_connection(broker_address)
        try:
            connection.channel().queue_delete(queue)
        finally:
            connection.close()
