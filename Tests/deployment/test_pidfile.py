"""scripts/lib/pidfile.sh: the start-up waits of scripts/demo.sh give up only when the
process they started has exited, judged by its pid and start time; never by the pid file's
program match, which reads /proc/PID/cmdline and finds it empty while `env` execs the
program (`make demo` once stopped with "the SMTP sink did not start" that way). A process
with an empty command line stands in for that instant: it blanks its own arguments in
memory, which is what /proc/PID/cmdline shows. Needs no server."""
import re
import subprocess
import sys
import textwrap

import pytest

from conftest import REPO

# Blanks the process's arguments (arg_start..arg_end of /proc/self/stat, fields 48 and 49),
# says so, then waits.
BLANKING = textwrap.dedent("""
    import ctypes, sys, time
    fields = open("/proc/self/stat").read().rsplit(")", 1)[1].split()
    start, end = int(fields[45]), int(fields[46])
    ctypes.memset(start, 0, end - start)
    print("blank", flush=True)
    time.sleep(300)
""")


def bash(script, *args):
    """Runs `script` with common.sh and pidfile.sh sourced; returns its exit status and output."""
    run = subprocess.run(["bash", "-c", ". scripts/lib/common.sh; . scripts/lib/pidfile.sh; " + script, "-", *args],
                         cwd=REPO, capture_output=True, text=True, timeout=60)
    return run.returncode, run.stdout.strip()


@pytest.fixture
def blank_process(tmp_path):
    """(pid file, process): a python3 recorded as the demo records its processes, whose
    command line then reads empty."""
    process = subprocess.Popen([sys.executable, "-c", BLANKING], stdout=subprocess.PIPE, text=True)
    pid_file = tmp_path / "smtp-sink.pid"
    try:
        status, _ = bash('cb_pid_record "$1" "$2" python3', str(pid_file), str(process.pid))
        assert status == 0
        assert process.stdout.readline().strip() == "blank"
        with open(f"/proc/{process.pid}/cmdline", "rb") as f:
            assert f.read().strip(b"\0") == b"", "the command line still names the program"
        yield pid_file, process
    finally:
        process.kill()
        process.wait()


def test_a_start_up_wait_keeps_waiting_for_a_process_whose_command_line_reads_empty(blank_process):
    pid_file, process = blank_process
    # The program match sees no python3 in the command line: that check calls it gone.
    assert bash('cb_pid_read "$1"', str(pid_file)) == (0, "")
    # The start-up check: the recorded pid still runs with the recorded start time.
    assert bash('cb_pid_starting "$1"', str(pid_file))[0] == 0
    # A wait whose probe succeeds on its third try (the port opens) reports success.
    probe = 'n=0; probe() { n=$((n + 1)); [ "$n" -ge 3 ]; }; cb_wait_started "$1" 10 0.01 probe'
    assert bash(probe, str(pid_file))[0] == 0
    # One that never succeeds runs out of tries (2), never "exited" (1).
    assert bash('cb_wait_started "$1" 3 0.01 false', str(pid_file))[0] == 2


def test_a_start_up_wait_gives_up_at_once_when_the_process_has_exited(blank_process):
    pid_file, process = blank_process
    process.kill()
    process.wait()
    assert bash('cb_pid_starting "$1"', str(pid_file))[0] == 1
    assert bash('cb_wait_started "$1" 1000 1 false', str(pid_file))[0] == 1


def test_a_pid_given_to_another_process_is_not_still_starting(blank_process, tmp_path):
    pid_file, process = blank_process
    pid, start, program = pid_file.read_text().split()
    other = tmp_path / "other.pid"
    other.write_text(f"{pid} {int(start) - 1} {program}\n")   # the same pid, started earlier
    assert bash('cb_pid_starting "$1"', str(other))[0] == 1
    other.write_text(f"{pid} 0 {program}\n")   # recorded after the process had exited
    assert bash('cb_pid_starting "$1"', str(other))[0] == 1


def test_no_start_up_wait_of_the_demo_gives_up_through_the_program_match():
    """Each `… || break` / `|| return` that ends a start-up loop early checks the started
    process with cb_pid_starting (through cb_wait_started), not process_alive, demo_pid or
    cb_pid_read (the program match)."""
    script = "scripts/demo.sh"
    text = (REPO / script).read_text()
    for number, line in enumerate(text.splitlines(), 1):
        if re.search(r"\b(process_alive|demo_pid|cb_pid_read)\b[^#]*\|\|\s*(break|return)", line):
            pytest.fail(f"{script}:{number}: a start-up wait uses the program match: {line.strip()}")
    assert "cb_wait_started" in text
