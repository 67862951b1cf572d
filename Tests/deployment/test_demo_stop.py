"""`scripts/demo.sh --stop` signals only the processes the demo started: a pid file whose
pid the kernel has since given to another process (the services were killed and started
again by hand) must leave that process alone. Needs no server (KEEP_INFRA=1 keeps
--stop away from the local RabbitMQ and PostgreSQL), except the last test: `--no-story`
starts the suite and leaves it running (the local servers and the executables of
scripts/test.sh)."""
import os
import pathlib
import shutil
import subprocess
import time

import pytest

from conftest import REPO, requires_servers


def stop_demo(run_dir):
    env = dict(os.environ, KEEP_INFRA="1", DEMO_RUN_DIR=str(run_dir))
    return subprocess.run([str(REPO / "scripts" / "demo.sh"), "--stop"], cwd=REPO, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)


def start_time(pid):
    """Field 22 of /proc/PID/stat, as scripts/lib/pidfile.sh reads it."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[19]


def running(pid):
    """Is `pid` a live process (not gone, not a zombie waiting to be reaped)?"""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def record_pid(path, pid, program):
    """Writes a pid file with the demo's own helper (scripts/lib/pidfile.sh)."""
    subprocess.run(["bash", "-c", '. scripts/lib/common.sh; . scripts/lib/pidfile.sh; cb_pid_record "$@"', "-",
                    str(path), str(pid), program], cwd=REPO, check=True)


@pytest.fixture
def unrelated():
    """A process the demo did not start (think: an editor that got a recycled pid)."""
    process = subprocess.Popen(["sleep", "300"])
    yield process
    process.kill()
    process.wait()


def test_stale_pid_files_do_not_signal_the_process_that_now_holds_the_pid(tmp_path, unrelated):
    run_dir = tmp_path / "demo"
    run_dir.mkdir()
    pid = unrelated.pid
    # An older demo's file (pid only), and files recorded for processes that have exited
    # since: same pid, another start time, or another program.
    (run_dir / "payments.pid").write_text(f"{pid}\n")
    (run_dir / "stripe-sim.pid").write_text(f"{pid} {int(start_time(pid)) - 1} stripe-sim\n")
    (run_dir / "notifications.pid").write_text(f"{pid} {start_time(pid)} notifications\n")

    result = stop_demo(run_dir)

    assert result.returncode == 0, result.stdout + result.stderr
    time.sleep(0.5)   # a signal, had one been sent, would have ended sleep by now
    assert unrelated.poll() is None, "demo.sh --stop signalled a process it did not start:\n" + result.stderr
    for name in ("payments", "stripe-sim", "notifications"):
        assert f"{name}.pid" in result.stderr and f"pid {pid}" in result.stderr, result.stderr
        assert not (run_dir / f"{name}.pid").exists(), "the stale pid file is removed"
    assert "not signalling" in result.stderr


def test_a_process_the_demo_started_is_still_stopped(tmp_path):
    run_dir = tmp_path / "demo"
    run_dir.mkdir()
    program = tmp_path / "stripe-sim"
    shutil.copy("/bin/sleep", program)   # runs as "…/stripe-sim 300", like the demo's own
    # Started in the background by a shell that exits at once, as demo.sh leaves its
    # processes behind with --keep-running (so init, not this test, reaps it).
    started = subprocess.run(["bash", "-c", f'"{program}" 300 </dev/null >/dev/null 2>&1 & echo $!'],
                             capture_output=True, text=True, check=True)
    pid = int(started.stdout)
    try:
        record_pid(run_dir / "stripe-sim.pid", pid, "stripe-sim")
        result = stop_demo(run_dir)
        assert result.returncode == 0, result.stdout + result.stderr
        assert not running(pid), "stopped"
        assert f"stopped stripe-sim (pid {pid}" in result.stderr, result.stderr
        assert not (run_dir / "stripe-sim.pid").exists()
    finally:
        if running(pid):
            os.kill(pid, 9)


BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
DEMO_PRODUCTS = ["stripe-sim", "onboarding", "payments", "terminal-gateway", "notifications", "connectbus"]


@requires_servers
@pytest.mark.skipif(any(not (BIN_DIR / p).exists() for p in DEMO_PRODUCTS), reason=f"executables missing in {BIN_DIR}")
def test_no_story_only_starts_the_suite_and_leaves_it_running(tmp_path):
    """`scripts/demo.sh --no-story` starts everything and checks it, then returns with every
    process still running (as documented), for `--stop` to end."""
    run_dir = tmp_path / "demo"
    env = dict(os.environ, DEMO_BIN_DIR=str(BIN_DIR), KEEP_INFRA="1", DEMO_RUN_DIR=str(run_dir))
    log = tmp_path / "demo.log"
    try:
        # Output through a file: the processes left running would hold a pipe open.
        with open(log, "w") as out:
            started = subprocess.run([str(REPO / "scripts" / "demo.sh"), "--no-story"], cwd=REPO, env=env,
                                     stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, timeout=600)
        assert started.returncode == 0, log.read_text()[-4000:]
        assert "== " not in log.read_text(), "--no-story played (part of) the story"
        for name in ("stripe-sim", "onboarding", "payments", "terminal", "notifications", "smtp-sink", "monitor"):
            pid_file = run_dir / f"{name}.pid"
            assert pid_file.exists(), f"{name}: no pid file after --no-story\n" + log.read_text()[-2000:]
            pid = int(pid_file.read_text().split()[0])
            assert running(pid), f"{name} (pid {pid}) was stopped by --no-story\n" + log.read_text()[-2000:]
    finally:
        stopped = stop_demo(run_dir)
    assert "stopped stripe-sim" in stopped.stderr, stopped.stderr
