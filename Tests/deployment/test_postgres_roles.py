"""Live check of docker/postgres/*.sql on the cluster the scripts started: each service
role reaches its own schema only (psql as the client, so no driver is needed)."""
import os
import subprocess
import urllib.parse
import uuid

import pytest

from conftest import SERVICES, integration_enabled

pytestmark = pytest.mark.skipif(
    not integration_enabled() or "DATABASE_URL" not in os.environ, reason="needs the local servers")


def psql_as(role, sql):
    url = urllib.parse.urlparse(os.environ["DATABASE_URL"])
    env = dict(os.environ, PGPASSWORD=role, PGCONNECT_TIMEOUT="30")
    return subprocess.run(
        ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", url.hostname or "127.0.0.1",
         "-p", str(url.port or 5432), "-U", role, "-d", url.path.lstrip("/") or "connectbus", "-At", "-c", sql],
        env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("role", SERVICES)
def test_role_owns_its_schema(role):
    table = f"probe_{uuid.uuid4().hex[:8]}"
    result = psql_as(role, f"CREATE TABLE {table} (x int); INSERT INTO {table} VALUES (7); "
                           f"SELECT current_schema() || ':' || sum(x) FROM {table}; DROP TABLE {table};")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{role}:7"


@pytest.mark.parametrize("role", SERVICES)
def test_role_cannot_touch_other_schemas(role):
    owner = "payments" if role != "payments" else "onboarding"
    table = f"probe_{uuid.uuid4().hex[:8]}"
    created = psql_as(owner, f"CREATE TABLE {table} (x int)")
    assert created.returncode == 0, created.stderr
    try:
        for sql in (f"SELECT * FROM {owner}.{table}", f"CREATE TABLE {owner}.intruder (x int)",
                    "CREATE TABLE public.intruder (x int)"):
            result = psql_as(role, sql)
            assert result.returncode != 0, sql
            assert "permission denied" in result.stderr, result.stderr
    finally:
        psql_as(owner, f"DROP TABLE {table}")
