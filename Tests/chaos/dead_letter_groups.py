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


def replay_unknown_events(bin_dir, amqp_host, management, since, log):
    """After a rolling upgrade: the event types the current release started to consume reach
    the previous release's replicas on the same queue while they still run, and those park
    them as `validation.unknown_message` (they have no handler). Once every replica is the
    current release, each such failure group of an events dead-letter queue (parked since
    `since`, `connectbus dlq groups`) is replayed with `connectbus dlq replay QUEUE --group G`,
    as docs/OPERATIONS.md "Rolling upgrades" tells the operator to; other dead letters stay
    for the checks to report. Returns {queue: {type: count}} of what was replayed."""
    replayed = {}
    exe = os.path.join(bin_dir, "connectbus")
    port = management.urls[0].rsplit(":", 1)[1]
    env = dict(os.environ, AMQP_URL="amqp://connectbus:connectbus@%s/" % amqp_host,
               CONNECTBUS_MANAGEMENT_URL="http://connectbus:connectbus@127.0.0.1:%s" % port)
    listed = subprocess.run([exe, "dlq", "groups", "--exact", "--since", str(int(since)), "--json"], env=env,
                            capture_output=True, text=True, timeout=120)
    if listed.returncode not in (0, 3):
        log("chaos: connectbus dlq groups exited %d: %s" % (listed.returncode, listed.stderr.strip()[-300:]))
        return replayed
    groups = [json.loads(line) for line in listed.stdout.splitlines() if line.strip()]
    for g in groups:
        if g["error_code"] != "validation.unknown_message":
            continue
        for dlq in g["dlqs"]:
            if not dlq.endswith(".events.dlq"):
                continue
            run = subprocess.run([exe, "dlq", "replay", dlq, "--group", g["group"]], env=env, capture_output=True,
                                 text=True, timeout=300)
            if run.returncode != 0:
                log("chaos: connectbus dlq replay %s --group %s exited %d: %s"
                    % (dlq, g["group"], run.returncode, run.stderr.strip()[-300:]))
                continue
            counts = replayed.setdefault(dlq, {})
            counts[g["type"]] = counts.get(g["type"], 0) + g["count"]
            log("chaos: replayed %s after the upgrade: %s ×%d" % (dlq, g["type"], g["count"]))
    # what a group replay left (a message still held by the broker while it read): one by one
    for d in management.dead_letters(since):
        if d["queue"] in replayed and d["error"] == "validation.unknown_message" and d["message_id"]:
            run = subprocess.run([exe, "dlq", "replay", d["queue"], "--message", d["message_id"]], env=env,
                                 capture_output=True, text=True, timeout=120)
            log("chaos: replayed %s %s again (exit %d)" % (d["queue"], d["message_id"], run.returncode))
    return replayed
