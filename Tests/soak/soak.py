#!/usr/bin/env python3
"""`make soak`: months of operation, compressed (see Tests/soak/README.md).

Starts stripe-sim, an SMTP sink and the four services as the chaos run does
(Tests/chaos/suite.py), with short retentions (`INBOX_RETENTION`, `MESSAGE_LOG_RETENTION`)
and a small history stream policy so every bound is really reached; drives signed webhooks,
batched commands and Stripe-bound commands (a warm-up share first, then the rest), samples
each service's RSS, open file descriptors and connections after the warm-up and at the end,
the rows of every table with a retention and the stream's size; prints the table and exits
1 when RSS grew more than --rss-growth, a descriptor or connection count grew, a bound was
passed, a message was lost or failed, or fewer than --min-messages were processed."""
import argparse
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "chaos"))
sys.path.insert(0, HERE)
from checks import Checks                                              # noqa: E402
from load import Commands, Load, Webhooks                               # noqa: E402
import samples                                                          # noqa: E402
from suite import (SERVICES, CONNECT_WEBHOOK_SECRET, Management, add_sink_and_simulator,  # noqa: E402
                   admin_database_url, env_int, service_environment, wait_ready)
from supervisor import Process, Supervisor                              # noqa: E402

HISTORY_POLICY = "connectbus-events-history"
# RowRetention's pass interval (ServiceConfig.messageLogPruneInterval): a row may outlive its
# retention by one interval, plus the time a pass takes on the retention thread.
PRUNE_INTERVAL = 60
PRUNE_SLACK = 30


def options():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--webhooks", type=int, default=100000, help="signed webhooks sent to notifications (default 100000)")
    p.add_argument("--stripe-commands", type=int, default=10000,
                   help="Stripe-bound commands (onboarding.create_account) (default 10000)")
    p.add_argument("--batched-commands", type=int, default=800000,
                   help="batched commands (terminal.complete_order) at first; more are sent until --min-messages "
                        "(default 800000)")
    p.add_argument("--min-messages", type=int, default=1000000,
                   help="messages the services must have processed in all (default 1000000)")
    p.add_argument("--warmup", type=float, default=0.1, help="share of the load before the first sample (default 0.1)")
    p.add_argument("--warmup-seconds", type=float, default=70,
                   help="earliest first sample, seconds after the start, so every periodic task ran once (default 70)")
    p.add_argument("--retention", type=int, default=60,
                   help="INBOX_RETENTION and MESSAGE_LOG_RETENTION of the services, seconds (default 60)")
    p.add_argument("--stream-max-bytes", type=int, default=32 * 1024 * 1024,
                   help="max-length-bytes of the history stream during the run (default 32 MiB)")
    p.add_argument("--rss-growth", type=float, default=0.10, help="largest RSS growth allowed (default 0.10)")
    p.add_argument("--fd-slack", type=int, default=2,
                   help="open descriptors a service may have above its warm-up figure (default 2)")
    p.add_argument("--webhook-threads", type=int, default=8, help="webhook connections (default 8)")
    p.add_argument("--batched-window", type=int, default=2000, help="batched commands in flight (default 2000)")
    p.add_argument("--stripe-window", type=int, default=32, help="Stripe-bound commands in flight (default 32)")
    p.add_argument("--stripe-rate-limit", type=int, default=500, help="STRIPE_RATE_LIMIT of the services (default 500)")
    p.add_argument("--deadline", type=float, default=3600, help="longest run in seconds (default 3600)")
    p.add_argument("--out", default=None, help="folder for the logs, samples and table")
    p.add_argument("--bin", default=os.environ.get("SOAK_BIN_DIR"), help="folder of the executables")
    return p.parse_args()


def log(text):
    sys.stderr.write("[%s] %s\n" % (time.strftime("%H:%M:%S"), text))
    sys.stderr.flush()


class History:
    """The history stream with a short retention for the run: the stream is declared again
    (a stream keeps the segment size it was declared with; a policy changes only its
    retention) under a policy of `max_bytes` with segments of an eighth of it, and at the
    end declared again under the policy of docker/rabbitmq/definitions.json. What it held
    before the run is dropped (the local servers' history)."""

    QUEUE = "/api/queues/%2F/connectbus.events.history"

    def __init__(self, management, repo, max_bytes):
        self.management = management
        with open(os.path.join(repo, "docker", "rabbitmq", "definitions.json")) as f:
            self.original = next(p for p in json.load(f)["policies"] if p["name"] == HISTORY_POLICY)
        self.max_bytes = max_bytes
        self.segment = max(max_bytes // 8, 64 * 1024)

    def _declare(self, definition):
        body = {k: self.original[k] for k in ("pattern", "apply-to", "priority")}
        body["definition"] = definition
        self.management.call("PUT", "/api/policies/%2F/" + HISTORY_POLICY, body)
        self.management.call("DELETE", self.QUEUE)
        self.management.call("PUT", self.QUEUE, {"durable": True, "auto_delete": False,
                                                  "arguments": {"x-queue-type": "stream"}})
        self.management.call("POST", "/api/bindings/%2F/e/connectbus.events/q/connectbus.events.history",
                             {"routing_key": "#", "arguments": {}})

    def shorten(self):
        self._declare(dict(self.original["definition"], **{"max-length-bytes": self.max_bytes,
                                                           "stream-max-segment-size-bytes": self.segment}))

    def restore(self):
        self._declare(self.original["definition"])

    @property
    def bound(self):
        """What the stream may hold on disk: its max-length-bytes, the segment being
        written and one more (retention drops whole segments, when a new one starts)."""
        return self.max_bytes + 2 * self.segment


def main():
    opt = options()
    if not opt.bin:
        sys.exit("soak: give --bin (or SOAK_BIN_DIR): the folder with stripe-sim and the services")
    repo = os.path.dirname(os.path.dirname(HERE))
    out = opt.out or os.path.join(repo, ".local", "soak", time.strftime("%Y%m%d-%H%M%S"))
    mail_dir = os.path.join(out, "mail")
    for d in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(mail_dir, d), exist_ok=True)
    amqp_host = "127.0.0.1:%d" % env_int("CONNECTBUS_AMQP_PORT", 5672)
    pg_port = env_int("CONNECTBUS_PG_PORT", 5432)
    sim_port = env_int("SOAK_SIM_PORT", 12411)
    http_base = env_int("SOAK_HTTP_PORT_BASE", 8880)
    smtp_port = env_int("SOAK_SMTP_PORT", 2725)
    sim_base = "http://127.0.0.1:%d" % sim_port
    notifications_url = "http://127.0.0.1:%d" % (http_base + 4)
    admin_db = admin_database_url(pg_port)
    management = Management(["http://127.0.0.1:%d" % env_int("CONNECTBUS_MANAGEMENT_PORT", 15672)])
    history = History(management, repo, opt.stream_max_bytes)
    log("soak: %d webhooks, %d Stripe-bound and ≥ %d batched commands, ≥ %d messages; retention %d s; output in %s"
        % (opt.webhooks, opt.stripe_commands, opt.batched_commands, opt.min_messages, opt.retention, out))

    left = management.purge_service_queues()
    if left:
        log("soak: emptied queues other runs left messages in: %s" % ", ".join("%s %d" % kv for kv in sorted(left.items())))
    supervisor = Supervisor(log)
    add_sink_and_simulator(supervisor, opt.bin, out, mail_dir, smtp_port, sim_port, notifications_url, notifications_url)
    retention = {"INBOX_RETENTION": "%ds" % opt.retention, "MESSAGE_LOG_RETENTION": "%ds" % opt.retention,
                 "STRIPE_EVENT_RETENTION": "%ds" % opt.retention, "EMAIL_RETENTION": "%ds" % opt.retention,
                 "STRIPE_RATE_LIMIT": str(opt.stripe_rate_limit)}
    for name, exe, offset in SERVICES:
        env = service_environment(name, http_base + offset, [amqp_host], pg_port, sim_base, smtp_port, 10,
                                  extra=retention)
        supervisor.add(Process(name, [os.path.join(opt.bin, exe)], env, os.path.join(out, name + ".log"),
                               health_url="http://127.0.0.1:%d/readyz" % (http_base + offset)))
    history.shorten()
    supervisor.start()
    status = 1
    try:
        status = soak(opt, out, supervisor, management, history, admin_db, http_base, amqp_host, sim_base, mail_dir)
    finally:
        codes = supervisor.stop()
        history.restore()
        unclean = {k: v for k, v in codes.items() if k != "smtp-sink" and v not in (0, None)}
        if unclean:
            log("soak: not stopped cleanly on SIGTERM: %s" % unclean)
            status = 1
    log("soak: %s; logs, samples and table in %s" % ("PASSED" if status == 0 else "FAILED", out))
    return status


def soak(opt, out, supervisor, management, history, admin_db, http_base, amqp_host, sim_base, mail_dir):
    started = time.time()
    deadline = started + opt.deadline
    not_ready = wait_ready(supervisor, started + 120)
    if not_ready:
        log("soak: not ready within 120 s: %s" % not_ready)
        return 1
    run_id = time.strftime("%Y%m%d%H%M%S")  # event ids and seller references unique per run
    webhooks = Webhooks("127.0.0.1", http_base + 4, CONNECT_WEBHOOK_SECRET, run_id, opt.webhooks,
                        opt.webhook_threads, log)
    commands = Commands("amqp://%s/" % amqp_host, run_id, opt.batched_commands, opt.stripe_commands,
                        opt.batched_window, opt.stripe_window, log, sim_base=sim_base)
    commands.connect()
    webhooks.start()
    load = Load(webhooks, commands, log)
    bounds = {table: opt.retention + PRUNE_INTERVAL + PRUNE_SLACK
              for table in ("inbox", "message_log", "stripe_events", "emails")}
    peaks = {}           # table -> (largest row count seen, largest count over its bound)
    stream_peak = [0]
    sample_file = open(os.path.join(out, "samples.jsonl"), "w")

    def processed_total():
        return sum(s["processed"] for s in samples.processes(supervisor, SERVICES, http_base, management,
                                                             admin_db).values())

    def observe(label):
        """Samples the tables and the stream (their peaks are checked) and logs progress."""
        rows = samples.retention_rows(admin_db, bounds)
        for k, (n, over) in rows.items():
            seen = peaks.get(k, (0, 0))
            peaks[k] = (max(seen[0], n), max(seen[1], over))
        size = samples.stream_bytes(os.environ.get("SOAK_STREAM_DIR"))
        stream_peak[0] = max(stream_peak[0], size or 0)
        procs = samples.processes(supervisor, SERVICES, http_base, management, admin_db)
        sample_file.write(json.dumps({"at": round(time.time() - started, 1), "label": label, "processes": procs,
                                      "rows": rows, "stream_bytes": size}) + "\n")
        sample_file.flush()
        log("soak: %s: %.0f s, %d webhooks, %d batched + %d Stripe-bound commands answered, %d messages processed, "
            "inbox rows %d, stream %.1f MiB"
            % (label, time.time() - started, webhooks.answered, commands.ok["batched"], commands.ok["stripe"],
               sum(p["processed"] for p in procs.values()), sum(n for k, (n, _) in rows.items() if k.endswith(".inbox")),
               (size or 0) / 1048576))
        return procs, rows

    def drain(limit):
        """Waits until no queue but the DLQs and the stream holds a message and no outbox row
        is left; returns what was still busy."""
        busy = ["not checked"]
        while time.time() < limit:
            busy = ["%s: %d" % (q["name"], q["messages"]) for q in management.service_queues() if q.get("messages")]
            outbox = sum(n for k, (n, _) in samples.retention_rows(admin_db, bounds).items() if k.endswith(".outbox"))
            if outbox:
                busy.append("outbox rows: %d" % outbox)
            if not busy:
                return []
            commands.conn.process_data_events(time_limit=1)
        return busy

    checks = Checks()
    start_rows = samples.retention_rows(admin_db, bounds)
    try:
        # warm-up: a share of everything, drained, then the first sample
        if not load.run_until(opt.warmup, deadline, lambda: observe("warm-up")):
            log("soak: the warm-up did not finish before the deadline")
            return 1
        busy = drain(time.time() + 300)
        # every periodic task (retention passes, the backfill sweep, the reconciliation
        # scheduler) has run once, with whatever connection it opens, before the first sample
        while time.time() < started + opt.warmup_seconds:
            commands.conn.process_data_events(time_limit=min(1, max(0.1, started + opt.warmup_seconds - time.time())))
        warm_procs, _ = observe("after warm-up")
        warm_at = time.time()
        # the rest, with more batched commands until enough messages went through
        ok = load.run_until(1.0, deadline, lambda: observe("load"))
        for _ in range(50):
            missing = opt.min_messages - processed_total()
            if not ok or missing <= 0:
                break
            load.extend_batched(missing)
            ok = load.run_until(1.0, deadline, lambda: observe("load"))
        load_end = time.time()
        busy = drain(load_end + 300)
        # every seller given future requirements is e-mailed once (the webhook may still be
        # on its way from stripe-sim when the queues first look drained)
        mail_limit = time.time() + 120
        while samples.mails(mail_dir) < commands.sellers_due and time.time() < mail_limit:
            commands.conn.process_data_events(time_limit=1)
        busy = busy or drain(time.time() + 60)
        # the rows of the warm-up are past their retention and a pass has run
        wait_until = max(load_end, warm_at + opt.retention + PRUNE_INTERVAL + 5)
        while time.time() < wait_until:
            commands.conn.process_data_events(time_limit=min(15, max(0.1, wait_until - time.time())))
            observe("retention")
        end_procs, end_rows = observe("end")
    finally:
        webhooks.stop()
        sample_file.close()
    dead = management.dead_letters(started - 5)
    commands.close()

    total = sum(p["processed"] for p in end_procs.values())
    checks.add("load finished before the deadline", ok, "%.0f s" % (load_end - started))
    checks.add("queues drained, outbox empty", not busy, ", ".join(busy) or "yes")
    checks.add("messages processed", total >= opt.min_messages,
               "%d (≥ %d): %s" % (total, opt.min_messages, ", ".join("%s %d" % (n, p["processed"]) for n, p in end_procs.items())))
    checks.add("webhooks accepted", webhooks.answered == webhooks.target and not webhooks.failed,
               "%d of %d (%d sent again)%s" % (webhooks.answered, webhooks.target, webhooks.retries,
                                              "; " + "; ".join(webhooks.failed[:3]) if webhooks.failed else ""))
    for kind, label in (("batched", "batched commands answered ok"), ("stripe", "Stripe-bound commands answered ok")):
        checks.add(label, commands.ok[kind] == commands.sent[kind] == commands.targets[kind],
                   "%d of %d%s" % (commands.ok[kind], commands.targets[kind],
                                   "; " + json.dumps(commands.errors[kind][:2]) if commands.errors[kind] else ""))
    mails = samples.mails(mail_dir)
    checks.add("one e-mail per seller with requirements due", mails == commands.sellers_due == commands.ok["stripe"],
               "%d e-mails, %d sellers" % (mails, commands.sellers_due))
    checks.add("no dead letters", not dead, "%d: %s" % (len(dead), json.dumps(dead[:3])) if dead else "0")
    for name, _, _ in SERVICES:
        w, e = warm_procs[name], end_procs[name]
        growth = (e["rss_kib"] - w["rss_kib"]) / w["rss_kib"]
        checks.add("%s: not restarted" % name, e["starts"] == 1, "%d starts" % e["starts"])
        checks.add("%s: RSS growth ≤ %d %%" % (name, round(opt.rss_growth * 100)), growth <= opt.rss_growth,
                   "%.1f → %.1f MiB (%+.1f %%)" % (w["rss_kib"] / 1024, e["rss_kib"] / 1024, growth * 100))
        checks.add("%s: open descriptors flat" % name, e["fds"] <= w["fds"] + opt.fd_slack, "%d → %d" % (w["fds"], e["fds"]))
        checks.add("%s: connections flat" % name, e["amqp"] <= w["amqp"] and e["db"] <= w["db"],
                   "AMQP %d → %d, Postgres %d → %d" % (w["amqp"], e["amqp"], w["db"], e["db"]))
    for table, (peak, over) in sorted(peaks.items()):
        n = end_rows[table][0]
        if table.endswith(".outbox"):
            checks.add("%s: empty once drained" % table, n == 0 and over == 0, "peak %d, end %d" % (peak, n))
        else:
            checks.add("%s: no row older than %d s" % (table, bounds[table.rsplit(".", 1)[1]]), over == 0,
                       "peak %d, end %d, over the bound at most %d" % (peak, n, over))
    size = samples.stream_bytes(os.environ.get("SOAK_STREAM_DIR"))
    if size is not None:
        checks.add("history stream within its policy", stream_peak[0] <= history.bound,
                   "peak %.1f MiB, end %.1f MiB (max-length-bytes %.1f MiB + 2 segments of %.1f MiB)"
                   % (stream_peak[0] / 1048576, size / 1048576, history.max_bytes / 1048576, history.segment / 1048576))
    report = render(opt, checks, warm_procs, end_procs, start_rows, end_rows, peaks, load_end - started, total,
                    webhooks, commands)
    print(report)
    with open(os.path.join(out, "table.txt"), "w") as f:
        f.write(report + "\n")
    return 1 if checks.failed else 0


def render(opt, checks, warm, end, start_rows, rows, peaks, seconds, total, webhooks, commands):
    lines = ["", "ConnectBus soak: %.0f s, %d messages processed, %d webhooks, %d batched and %d Stripe-bound commands; "
             "retention %d s" % (seconds, total, webhooks.answered, commands.ok["batched"], commands.ok["stripe"],
                                 opt.retention), "",
             "%-14s %14s %14s %8s %10s %10s %12s" % ("service", "RSS warm-up", "RSS end", "growth", "fds", "AMQP conns",
                                                     "PG conns")]
    for name, _, _ in SERVICES:
        w, e = warm[name], end[name]
        lines.append("%-14s %10.1f MiB %10.1f MiB %+7.1f%% %4d → %-4d %4d → %-4d %4d → %-4d"
                     % (name, w["rss_kib"] / 1024, e["rss_kib"] / 1024, 100.0 * (e["rss_kib"] - w["rss_kib"]) / w["rss_kib"],
                        w["fds"], e["fds"], w["amqp"], e["amqp"], w["db"], e["db"]))
    lines += ["", "%-30s %10s %10s %10s" % ("table", "start rows", "peak rows", "end rows")]
    for table in sorted(rows):
        lines.append("%-30s %10d %10d %10d" % (table, start_rows[table][0], peaks[table][0], rows[table][0]))
    lines += ["", checks.table(), "", checks.verdict("soak")]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
