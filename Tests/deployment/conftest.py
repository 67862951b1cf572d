"""Shared fixtures of the deployment checks (run by scripts/test.sh with pytest)."""
import json
import os
import pathlib
import urllib.parse

import pytest

REPO = pathlib.Path(os.environ.get("CONNECTBUS_REPO") or pathlib.Path(__file__).resolve().parents[2])
SERVICES = ["onboarding", "payments", "terminal", "notifications"]


def integration_enabled() -> bool:
    """True when scripts/test.sh started the servers and exported their URLs."""
    return os.environ.get("CONNECTBUS_INTEGRATION") == "1" and "AMQP_URL" in os.environ


requires_servers = pytest.mark.skipif(
    not integration_enabled(), reason="needs the local servers (CONNECTBUS_INTEGRATION=1, AMQP_URL)")


@pytest.fixture(scope="session")
def repo() -> pathlib.Path:
    return REPO


@pytest.fixture(scope="session")
def definitions() -> dict:
    with open(REPO / "docker" / "rabbitmq" / "definitions.json", encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="session")
def broker_address() -> tuple:
    """(host, port, vhost) of the broker in AMQP_URL."""
    url = urllib.parse.urlparse(os.environ["AMQP_URL"])
    vhost = urllib.parse.unquote(url.path[1:]) if len(url.path) > 1 else "/"
    return url.hostname or "127.0.0.1", url.port or 5672, vhost
