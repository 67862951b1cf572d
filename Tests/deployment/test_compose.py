"""docker/compose.yaml: parses with docker-compose (Debian's package, installed by
scripts/install-deps.sh) and wires every service to its own credentials."""
import shutil
import subprocess

import pytest
import yaml

from conftest import REPO

COMPOSE = REPO / "docker" / "compose.yaml"
SERVICE_USERS = {"onboarding": "onboarding", "payments": "payments", "payments-checkout": "payments",
                 "terminal-gateway": "terminal", "notifications": "notifications"}


@pytest.fixture(scope="module")
def compose():
    with open(COMPOSE, encoding="utf-8") as f:
        return yaml.safe_load(f)   # resolves the `<<: *anchor` merges like compose does


def compose_command():
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


def test_docker_compose_config_accepts_the_file():
    command = compose_command()
    if command is None:
        pytest.skip("docker-compose is not installed (scripts/install-deps.sh installs it)")
    result = subprocess.run(command + ["-f", str(COMPOSE), "config", "-q"], cwd=COMPOSE.parent,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_infrastructure_services(compose):
    services = compose["services"]
    assert services["rabbitmq"]["image"].startswith("rabbitmq:3.13-management")
    assert "./rabbitmq/definitions.json:/etc/rabbitmq/definitions.json:ro" in services["rabbitmq"]["volumes"]
    assert services["postgres"]["image"] == "postgres:15"
    assert "./postgres:/docker-entrypoint-initdb.d:ro" in services["postgres"]["volumes"]
    assert services["postgres"]["environment"]["POSTGRES_DB"] == "connectbus"
    assert services["stripe-sim"]["build"]["args"]["PRODUCT"] == "stripe-sim"
    assert "mailpit" in services


@pytest.mark.parametrize("name,user", sorted(SERVICE_USERS.items()))
def test_each_service_has_its_own_credentials(compose, name, user):
    env = compose["services"][name]["environment"]
    assert env["AMQP_URL"] == f"amqp://{user}:{user}@rabbitmq:5672/"
    assert env["DATABASE_URL"] == f"postgres://{user}:{user}@postgres:5432/connectbus"
    assert env["STRIPE_API_BASE"] == "http://stripe-sim:12111"
    depends = compose["services"][name]["depends_on"]
    assert depends["rabbitmq"]["condition"] == "service_healthy"
    assert depends["postgres"]["condition"] == "service_healthy"


def test_checkout_replica_is_limited_to_its_queue(compose):
    replica = compose["services"]["payments-checkout"]
    assert replica["image"] == compose["services"]["payments"]["image"]
    command = replica["command"]
    assert command[command.index("--queues") + 1] == "payments.create_checkout_session"


def test_published_ports_are_loopback_only(compose):
    for name, service in compose["services"].items():
        for port in service.get("ports", []):
            assert str(port).startswith("127.0.0.1:"), (name, port)


def test_definitions_and_sql_files_exist():
    assert (REPO / "docker" / "rabbitmq" / "definitions.json").is_file()
    sql = sorted(p.name for p in (REPO / "docker" / "postgres").glob("*.sql"))
    assert sql == ["01-admin-and-database.sql", "02-service-roles.sql", "03-stripe-rate-limits.sql"]


def test_payments_returns_a_publishable_key_to_the_mobile_app(compose):
    key = compose["services"]["payments"]["environment"].get("STRIPE_PUBLISHABLE_KEY", "")
    assert key.startswith("pk_test_"), "payments.create_payment_sheet needs the platform's publishable key"


def test_notifications_exposes_only_its_webhook_listener(compose):
    """The published port of notifications is the webhooks' own listener (WEBHOOK_PORT), never
    the operator one (HTTP_PORT: /metrics, /readyz), and the webhook listener binds all
    interfaces inside its container."""
    service = compose["services"]["notifications"]
    env = service["environment"]
    assert env["WEBHOOK_BIND"] == "all"
    webhook_port, operator_port = env["WEBHOOK_PORT"], env["HTTP_PORT"]
    assert webhook_port != operator_port
    targets = [str(p).rsplit(":", 1)[-1] for p in service["ports"]]
    assert targets == [webhook_port]
