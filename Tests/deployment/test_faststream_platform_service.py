"""examples/faststream_platform_service.py, a FastStream client that knows only
docs/asyncapi.yaml, run against the whole suite (stripe-sim, the four services, started by
`scripts/demo.sh --no-story` as test_demo_end_to_end does, and stopped with `--stop`): it
creates and onboards a connected account, opens a Checkout Session and takes a Terminal
payment, reading each reply and the events they cause.

Needs the executables built by scripts/test.sh (in the folder of STRIPE_SIM_BINARY) and
`faststream[rabbit]`; skipped otherwise.
"""
import os
import pathlib
import re
import socket
import subprocess
import sys
import urllib.parse
import uuid

import pytest

from conftest import REPO, requires_servers

PRODUCTS = ["stripe-sim", "onboarding", "payments", "terminal-gateway", "notifications", "connectbus"]
BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
missing = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]

try:
    import faststream  # noqa: F401
    have_faststream = True
except ImportError:
    have_faststream = False

pytestmark = [
    requires_servers,
    pytest.mark.skipif(bool(missing), reason=f"executables missing in {BIN_DIR}: {missing}"),
    pytest.mark.skipif(not have_faststream, reason="faststream[rabbit] is not installed (scripts/install-deps.sh)"),
]


def free_port(count=1):
    """A port the OS gives out with the `count - 1` ports after it free too (the demo puts its
    services on base+1…base+4): so this run does not meet another copy on the default ports."""
    for _ in range(50):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            base = probe.getsockname()[1]
        if base + count < 65000 and all(port_free(base + i) for i in range(count)):
            return base
    raise RuntimeError("no free ports")


def port_free(port):
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    """Everything running, as `scripts/demo.sh --no-story` leaves it; yields the environment
    (ports, simulator URL and key) and stops it all afterwards."""
    run_dir = tmp_path_factory.mktemp("suite")
    env = dict(os.environ, DEMO_BIN_DIR=str(BIN_DIR), KEEP_INFRA="1", DEMO_RUN_DIR=str(run_dir / "demo"),
               STRIPE_SIM_PORT=str(free_port()), DEMO_SMTP_PORT=str(free_port()),
               DEMO_HTTP_PORT_BASE=str(free_port(5)))
    log = run_dir / "demo.log"

    def demo(*args, timeout):
        with open(log, "a") as out:
            return subprocess.run([str(REPO / "scripts" / "demo.sh"), *args], cwd=REPO, env=env,
                                  stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, timeout=timeout)

    try:
        started = demo("--no-story", timeout=600)
        assert started.returncode == 0, log.read_text()[-6000:]
        yield env, run_dir / "demo"
    finally:
        demo("--stop", timeout=180)


def with_user(url, user):
    parts = urllib.parse.urlparse(url)
    netloc = f"{user}:{user}@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
    return urllib.parse.urlunparse(parts._replace(netloc=netloc))


def test_the_faststream_client_onboards_a_seller_sells_online_and_in_person(suite):
    env, run_dir = suite
    reference = f"faststream-{uuid.uuid4().hex[:12]}"
    run = subprocess.run(
        [sys.executable, str(REPO / "examples" / "faststream_platform_service.py"),
         "--asyncapi", str(REPO / "docs" / "asyncapi.yaml"), "--seller-reference", reference,
         "--amqp-url", with_user(os.environ["AMQP_URL"], "platform"),
         "--stripe-api-base", f"http://127.0.0.1:{env['STRIPE_SIM_PORT']}",
         "--stripe-api-key", env.get("STRIPE_API_KEY", "sk_test_connectbus_demo")],
        capture_output=True, text=True, timeout=300)
    output = run.stdout + run.stderr
    logs = "".join(f"\n--- {p.name}\n" + p.read_text(errors="replace")[-2000:]
                   for p in sorted(run_dir.glob("*.log")))
    assert run.returncode == 0, output[-6000:] + logs
    done = re.search(r"^done: account (acct_\w+), checkout session (cs_\w+), terminal payment (pi_\w+) captured$",
                     run.stdout, re.M)
    assert done, output
    account, session, intent = done.groups()
    for reply in ["onboarding.create_account.reply", "payments.create_checkout_session.reply",
                  "terminal.capture_payment.reply"]:
        assert re.search(rf'^reply {re.escape(reply)} {{"ok": true', run.stdout, re.M), output
    assert re.search(rf'^event onboarding\.account\.created .*"{account}"', run.stdout, re.M), output
    assert re.search(rf'^event onboarding\.account\.onboarding_completed .*"{account}"', run.stdout, re.M), output
    assert re.search(rf'^event payments\.checkout_session\.created .*"{session}"', run.stdout, re.M), output
    captured = re.search(rf'^event terminal\.payment\.captured (.*"{intent}".*)$', run.stdout, re.M)
    assert captured and '"amount_captured": 4200' in captured.group(1), output
