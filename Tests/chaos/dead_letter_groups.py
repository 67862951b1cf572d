"""The run's dead letters as an operator sees them: `connectbus dlq groups` (text for the
report, `--json` for the check) over the admin user's AMQP and management credentials,
only what was parked since the run started (`--since`)."""
import json
import os
import subprocess


class Grouping:
    def __init__(self):
        self.text = ""        # the verb's table, as printed
        self.groups = None    # one dict per group (`--json`), None when the verb failed
        self.error = None


def gather(bin_dir, amqp_host, management_port, since):
    grouping = Grouping()
    exe = os.path.join(bin_dir, "connectbus")
    if not os.access(exe, os.X_OK):
        grouping.error = "no connectbus executable in %s" % bin_dir
        return grouping
    env = dict(os.environ, AMQP_URL="amqp://connectbus:connectbus@%s/" % amqp_host,
               CONNECTBUS_MANAGEMENT_URL="http://connectbus:connectbus@127.0.0.1:%s" % management_port)
    base = [exe, "dlq", "groups", "--exact", "--since", str(int(since))]
    try:
        text = subprocess.run(base, env=env, capture_output=True, text=True, timeout=120)
        listed = subprocess.run(base + ["--json"], env=env, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        grouping.error = "connectbus dlq groups: %s" % error
        return grouping
    # Exit status 3: something is parked (expected: the poison commands); 0: nothing.
    for run in (text, listed):
        if run.returncode not in (0, 3):
            grouping.error = "connectbus dlq groups exited %d: %s" % (run.returncode, run.stderr.strip()[-300:])
            return grouping
    grouping.text = text.stdout.rstrip()
    grouping.groups = [json.loads(line) for line in listed.stdout.splitlines() if line.strip()]
    return grouping
