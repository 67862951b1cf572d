"""examples/platform_service.py, the README's "Writing a platform service" example, run
against the servers scripts/test.sh started, the `onboarding` service (its own broker
user and database role) and stripe-sim: the example publishes a command as the
`platform` user, gets its reply, publishes it again under the same message_id (the replay
rule) and gets the stored reply back, and sees the event as the `monitor` user.

Needs the executables built by scripts/test.sh (stripe-sim, onboarding and connectbus in
the folder of STRIPE_SIM_BINARY); skipped otherwise.
"""
import os
import pathlib
import re
import signal
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import pytest

from conftest import REPO, requires_servers

PRODUCTS = ["stripe-sim", "onboarding", "connectbus"]
BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
missing = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]

pytestmark = [
    requires_servers,
    pytest.mark.skipif(bool(missing), reason=f"executables missing in {BIN_DIR}: {missing}"),
]


def with_user(url, user):
    """`url` (AMQP or Postgres) with `user` as user and password, as the local servers have them."""
    parts = urllib.parse.urlparse(url)
    netloc = f"{user}:{user}@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunparse(parts._replace(netloc=netloc))


def wait_for_line(process, log, pattern, timeout=60):
    """The first match of `pattern` in `log` (a file the process writes), once it appears."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = re.search(pattern, log.read_text(errors="replace"))
        if found:
            return found
        assert process.poll() is None, f"{log.name}: exited with {process.returncode}:\n{log.read_text()}"
        time.sleep(0.1)
    raise AssertionError(f"{log.name}: no line matching {pattern!r} within {timeout} s:\n{log.read_text()}")


def wait_until_ready(process, log, url, timeout=60):
    """Polls the service's /readyz (migrated, queues declared, workers connected) until 200."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        assert process.poll() is None, f"{log.name}: exited with {process.returncode}:\n{log.read_text()}"
        time.sleep(0.2)
    raise AssertionError(f"{url} not ready within {timeout} s:\n{log.read_text()}")


def stop(process):
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture
def stripe_sim(tmp_path):
    """stripe-sim on a port of its choosing; yields its base URL."""
    log = tmp_path / "stripe-sim.log"
    with open(log, "w") as out:
        process = subprocess.Popen([str(BIN_DIR / "stripe-sim"), "--port", "0"], stdout=out, stderr=subprocess.STDOUT)
    try:
        yield wait_for_line(process, log, r"listening on (http://\S+)").group(1)
    finally:
        stop(process)


@pytest.fixture
def onboarding(tmp_path, stripe_sim):
    """The onboarding service with its own broker user and database role, calling stripe-sim."""
    log = tmp_path / "onboarding.log"
    env = dict(os.environ,
               AMQP_URL=with_user(os.environ["AMQP_URL"], "onboarding"),
               DATABASE_URL=with_user(os.environ["DATABASE_URL"], "onboarding"),
               STRIPE_API_KEY="sk_test_platform_example", STRIPE_API_BASE=stripe_sim, HTTP_PORT="0")
    with open(log, "w") as out:
        process = subprocess.Popen([str(BIN_DIR / "onboarding")], env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        port = wait_for_line(process, log, r'"msg":"starting","http_port":"(\d+)"').group(1)
        wait_until_ready(process, log, f"http://127.0.0.1:{port}/readyz")
        yield log
    finally:
        stop(process)


@pytest.fixture
def catalogue(tmp_path):
    path = tmp_path / "catalogue.json"
    subprocess.run([str(BIN_DIR / "connectbus"), "catalogue", "--out", str(path)], check=True, capture_output=True)
    return path


def test_the_readme_example_sends_a_command_gets_its_reply_and_sees_the_event(tmp_path, catalogue, onboarding):
    reference = f"example-{os.getpid()}-{time.time_ns()}"
    env = dict(os.environ,
               PLATFORM_AMQP_URL=with_user(os.environ["AMQP_URL"], "platform"),
               MONITOR_AMQP_URL=with_user(os.environ["AMQP_URL"], "monitor"))
    run = subprocess.run([sys.executable, str(REPO / "examples" / "platform_service.py"),
                          "--catalogue", str(catalogue), "--seller-reference", reference, "--replay"],
                         env=env, capture_output=True, text=True, timeout=180)
    output = run.stdout + run.stderr
    assert run.returncode == 0, output + "\nonboarding log:\n" + onboarding.read_text()[-4000:]
    reply = re.search(r'^reply (\{.*\})$', run.stdout, re.M)
    assert reply and '"ok": true' in reply.group(1), output
    account = re.search(r'"account": "(acct_\w+)"', reply.group(1)).group(1)
    assert re.search(rf'^event onboarding\.account\.created {account} .*"seller_reference": "{reference}"',
                     run.stdout, re.M), output
    assert f"done: account {account} created for {reference}" in run.stdout
    # The replay rule: the same command under the same message_id is not run again and its
    # stored reply comes back, marked x-replayed (run again, it would answer "created": false).
    replayed = re.search(r'^replayed reply \(x-replayed: true, message_id \S+\) (\{.*\})$', run.stdout, re.M)
    assert replayed and replayed.group(1) == reply.group(1), output
