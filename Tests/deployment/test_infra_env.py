"""`scripts/infra-env.sh` names the local RabbitMQ node and its Erlang cookie, and the
README's `rabbitmqctl` line, run as written with them, lists the node's queues.

Needs the local servers of scripts/test.sh (run as root, as CI does: the cookie is readable
by root and `rabbitmq` only); skipped otherwise.
"""
import os
import shutil
import subprocess

import pytest

from conftest import REPO, requires_servers

pytestmark = [
    requires_servers,
    pytest.mark.skipif(shutil.which("rabbitmqctl") is None, reason="rabbitmqctl is not installed"),
    pytest.mark.skipif(os.geteuid() != 0, reason="the node's cookie is readable by root only"),
]


def test_readme_rabbitmqctl_line_lists_the_queues():
    readme = (REPO / "README.md").read_text()
    line = next(part for part in readme.split("`") if part.startswith('eval "$(scripts/infra-env.sh)"; rabbitmqctl'))
    result = subprocess.run(["bash", "-c", line], cwd=REPO, capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr
    # the node answered with its queue table (its header, then a row per queue)
    assert "name\tmessages" in result.stdout.splitlines(), result.stdout


def test_the_cookie_is_the_nodes():
    env = subprocess.run(["bash", "scripts/infra-env.sh"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    values = dict(line[len("export "):].split("=", 1) for line in env.splitlines() if line.startswith("export "))
    cookie = values["CONNECTBUS_RABBITMQ_COOKIE_FILE"]
    assert os.path.isfile(cookie), cookie
    assert values["CONNECTBUS_RABBITMQ_NODENAME"].endswith("@localhost")
