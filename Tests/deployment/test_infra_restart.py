"""scripts/infra-restart.sh: restarting one local server keeps its data, its port and its
log (appended to, with a marker line), and leaves the other server alone."""
import os
import pathlib
import subprocess
import uuid

import pika
import pytest

from conftest import REPO, requires_servers

pytestmark = requires_servers
SCRIPT = REPO / "scripts" / "infra-restart.sh"


def local_dir() -> pathlib.Path:
    """The servers' data folder, as scripts/lib/common.sh decides it."""
    out = subprocess.run(["bash", "-c", f". {REPO}/scripts/lib/common.sh && cb_local_dir"],
                         capture_output=True, text=True, check=True)
    return pathlib.Path(out.stdout.strip())


def restart(server):
    return subprocess.run([str(SCRIPT), server], cwd=REPO, capture_output=True, text=True, timeout=300)


def psql(sql):
    out = subprocess.run(["psql", os.environ["DATABASE_URL"], "-XAtqc", sql], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def read_log(path: pathlib.Path) -> str:
    out = subprocess.run(["sudo", "-n", "cat", str(path)] if os.geteuid() != 0 else ["cat", str(path)],
                         capture_output=True, text=True, check=True)
    return out.stdout


def broker():
    return pika.BlockingConnection(pika.URLParameters(os.environ["AMQP_URL"]))


def test_usage_errors_exit_2():
    assert restart("redis").returncode == 2
    assert subprocess.run([str(SCRIPT)], capture_output=True).returncode == 2


def test_postgres_restart_keeps_data_and_log_and_the_broker_stays_up():
    log = local_dir() / "postgres" / "log" / "postgres.log"
    table = f"public.restart_{uuid.uuid4().hex[:8]}"
    psql(f"CREATE TABLE {table} (v text); INSERT INTO {table} VALUES ('kept')")
    before = read_log(log)
    connection = broker()   # must survive: only PostgreSQL restarts
    try:
        result = restart("postgres")
        assert result.returncode == 0, result.stderr
        assert psql(f"SELECT v FROM {table}") == "kept"
        after = read_log(log)
        assert after.startswith(before), "the log was truncated"
        assert "scripts/infra-restart.sh: restarting" in after[len(before):]
        assert "database system is ready to accept connections" in after[len(before):]
        connection.process_data_events(time_limit=0)
        assert connection.is_open
    finally:
        psql(f"DROP TABLE IF EXISTS {table}")
        if connection.is_open:
            connection.close()


def test_rabbitmq_restart_keeps_durable_messages_and_log():
    queue = f"restart.test.{uuid.uuid4().hex[:8]}"
    log = local_dir() / "rabbitmq" / "log" / f"{node_name()}.log"
    connection = broker()
    channel = connection.channel()
    channel.queue_declare(queue, durable=True, arguments={"x-queue-type": "quorum"})
    channel.confirm_delivery()
    channel.basic_publish("", queue, b"kept", pika.BasicProperties(delivery_mode=2))
    connection.close()
    before = read_log(log)
    result = restart("rabbitmq")
    assert result.returncode == 0, result.stderr
    connection = broker()
    try:
        channel = connection.channel()
        method, _, body = channel.basic_get(queue, auto_ack=True)
        assert body == b"kept"
        after = read_log(log)
        assert after.startswith(before), "the log was truncated"
        assert "scripts/infra-restart.sh: restarting" in after[len(before):]
        assert psql("SELECT 1") == "1"   # PostgreSQL untouched
    finally:
        connection.channel().queue_delete(queue)
        connection.close()


def node_name():
    out = subprocess.run(["bash", "-c", f". {REPO}/scripts/lib/common.sh && echo $CB_RABBIT_NODE"],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()
