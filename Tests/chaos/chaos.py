#!/usr/bin/env python3
"""`make chaos`: the ledger-checked chaos run (see Tests/chaos/README.md).

Starts stripe-sim, an SMTP sink and the four services under a supervisor, drives a mix of
platform commands over AMQP while the fault schedule kills, pauses and restarts things,
then waits for the queues to drain, checks the ledger's invariants, prints the table and
exits 1 on any violation. Everything (ledger, logs, table) stays in --out."""
import argparse
import json
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import Checks, run_checks            # noqa: E402
import dead_letter_groups                        # noqa: E402
from driver import Driver, Ledger                # noqa: E402
from faults import FaultSchedule                 # noqa: E402
from flows import Flows, Order                   # noqa: E402
import platform_bus                              # noqa: E402
from platform_bus import PlatformBus             # noqa: E402
from sim_client import SimClient                 # noqa: E402
from suite import (SERVICES, API_KEY, Management, add_sink_and_simulator, admin_database_url,  # noqa: E402
                   env_int, service_environment, wait_ready)
from supervisor import Process, Supervisor       # noqa: E402
from upgrade import UpgradeSchedule              # noqa: E402

# Flow kinds and their weights in the mix.
MIX = [("checkout", 22), ("checkout_declined", 8), ("sepa_fail", 6), ("payment_intent", 14), ("payment_sheet", 12),
       ("server_confirm", 8), ("terminal", 10), ("terminal_declined", 5), ("terminal_tip", 6), ("onboarding", 5),
       ("poison", 1)]


def options():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--duration", type=float, default=300, help="seconds of load and faults (default 300)")
    p.add_argument("--min-commands", type=int, default=3000, help="keep driving until this many commands (default 3000)")
    p.add_argument("--concurrency", type=int, default=48, help="orders in flight (default 48)")
    p.add_argument("--kill-every", type=float, default=5, help="seconds between kill -9 of a random service (default 5)")
    p.add_argument("--calm", type=float, default=10,
                   help="seconds of load before the first fault, part of --duration; no message may be published twice there (default 10)")
    p.add_argument("--sellers", type=int, default=4, help="connected accounts onboarded before the run (default 4)")
    p.add_argument("--heartbeat", type=int, default=4, help="AMQP heartbeat of the services in seconds (default 4)")
    p.add_argument("--wait-timeout", type=float, default=240, help="longest wait for one reply or event (default 240)")
    p.add_argument("--seed", type=int, default=None, help="random seed (default: time)")
    p.add_argument("--out", default=None, help="folder for the ledger, logs and table")
    p.add_argument("--bin", default=os.environ.get("CHAOS_BIN_DIR"), help="folder of the executables")
    p.add_argument("--cluster", action="store_true", help="run against the three-node cluster (scripts/cluster.sh)")
    p.add_argument("--upgrade-from", default=None, metavar="DIR",
                   help="a rolling-upgrade run instead of faults (Tests/chaos/upgrade.py): DIR holds the previous "
                        "release's four services, started first beside the current ones, each replaced in turn")
    p.add_argument("--pgbouncer", action="store_true",
                   help="services reach Postgres through the local PgBouncer in transaction mode "
                        "(CONNECTBUS_PGBOUNCER_PORT, default the PostgreSQL port + 1000): DATABASE_URL with "
                        "prepared_statements=off, DATABASE_DIRECT_URL direct for migrations and the backfill lock")
    return p.parse_args()


def log(text):
    sys.stderr.write("[%s] %s\n" % (time.strftime("%H:%M:%S"), text))
    sys.stderr.flush()


class Run:
    pass


class Cluster:
    """The three-node cluster of scripts/cluster.sh: which node leads the queues, stop/start."""

    def __init__(self, repo, management, hosts):
        self.script = os.path.join(repo, "scripts", "cluster.sh")
        self.management = management
        self.nodes = ["cb-cl%d@localhost" % (n + 1) for n in range(len(hosts))]

    def leader_node(self):
        counts = {}
        for q in self.management.queues():
            if q.get("leader"):
                counts[q["leader"]] = counts.get(q["leader"], 0) + 1
        return max(counts, key=counts.get) if counts else self.nodes[0]

    def members(self):
        """{queue: number of members} of every quorum queue."""
        out = {}
        for q in self.management.call("GET", "/api/queues/%2F?columns=name,type,members"):
            if q.get("type") == "quorum":
                out[q["name"]] = len(q.get("members") or [])
        return out

    def _run(self, verb, node):
        import subprocess
        n = str(self.nodes.index(node) + 1)
        subprocess.run([self.script, verb, n], check=True, capture_output=True, timeout=300)

    def stop_node(self, node):
        self._run("stop", node)

    def start_node(self, node):
        self._run("start", node)


def main():
    opt = options()
    seed = opt.seed if opt.seed is not None else int(time.time())
    rng = random.Random(seed)
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = opt.out or os.path.join(repo, ".local", "chaos", time.strftime("%Y%m%d-%H%M%S"))
    os.makedirs(out, exist_ok=True)
    mail_dir = os.path.join(out, "mail")
    for d in ("tmp", "new", "cur"):
        os.makedirs(os.path.join(mail_dir, d), exist_ok=True)
    if not opt.bin:
        sys.exit("chaos: give --bin (or CHAOS_BIN_DIR): the folder with stripe-sim and the services")

    amqp_hosts = (os.environ.get("CHAOS_AMQP_HOSTS") or "127.0.0.1:%d" % env_int("CONNECTBUS_AMQP_PORT", 5672)).split(",")
    mgmt_ports = (os.environ.get("CHAOS_MANAGEMENT_PORTS") or str(env_int("CONNECTBUS_MANAGEMENT_PORT", 15672))).split(",")
    pg_port = env_int("CONNECTBUS_PG_PORT", 5432)
    pooler_port = env_int("CONNECTBUS_PGBOUNCER_PORT", pg_port + 1000)
    sim_port = env_int("CHAOS_SIM_PORT", 12311)
    http_base = env_int("CHAOS_HTTP_PORT_BASE", 8780)
    smtp_port = env_int("CHAOS_SMTP_PORT", 2625)
    sim_base = "http://127.0.0.1:%d" % sim_port
    notifications_url = "http://127.0.0.1:%d" % (http_base + 4)
    # An upgrade run: the previous release's replicas listen on base + 10 + offset; the
    # platform endpoint delivers to the old notifications replica (replaced mid-run).
    old_offset = 10
    platform_url = "http://127.0.0.1:%d" % (http_base + old_offset + 4) if opt.upgrade_from else notifications_url
    admin_db = admin_database_url(pg_port)
    management = Management(["http://127.0.0.1:%s" % p for p in mgmt_ports])
    log("chaos: seed %d, duration %.0f s, ≥ %d commands, %d in flight, kill -9 every %.0f s; output in %s"
        % (seed, opt.duration, opt.min_commands, opt.concurrency, opt.kill_every, out))

    left = management.purge_service_queues()
    if left:
        log("chaos: emptied queues other runs left messages in: %s" % ", ".join("%s %d" % kv for kv in sorted(left.items())))
    supervisor = Supervisor(log)
    add_sink_and_simulator(supervisor, opt.bin, out, mail_dir, smtp_port, sim_port, platform_url, notifications_url)
    if opt.pgbouncer:
        log("chaos: services go through PgBouncer (transaction mode) on 127.0.0.1:%d" % pooler_port)
    if opt.upgrade_from:
        reset_service_schemas(admin_db, repo)
        log("chaos: upgrade run: the previous release from %s beside the current tree's services" % opt.upgrade_from)
    later = []        # an upgrade run's current replicas, started once the old ones are ready
    old_replicas = []
    for name, exe, offset in SERVICES:
        env = service_environment(name, http_base + offset, amqp_hosts, pg_port, sim_base, smtp_port, opt.heartbeat,
                                  pooler_port=pooler_port if opt.pgbouncer else None)
        current = Process(name, [os.path.join(opt.bin, exe)], env, os.path.join(out, name + ".log"),
                          health_url="http://127.0.0.1:%d/readyz" % (http_base + offset))
        if not opt.upgrade_from:
            supervisor.add(current)
            continue
        later.append(current)
        old_port = http_base + old_offset + offset
        supervisor.add(Process(name + "-old", [os.path.join(opt.upgrade_from, exe)], dict(env, HTTP_PORT=str(old_port)),
                               os.path.join(out, name + "-old.log"), health_url="http://127.0.0.1:%d/readyz" % old_port))
        old_replicas.append((name + "-old", [os.path.join(opt.bin, exe)]))
    supervisor.start()
    opt.old_replicas = old_replicas
    if later:
        # The previous release migrates the empty schemas first; the current one then applies
        # its own migrations while the old replicas run.
        not_ready = wait_ready(supervisor, time.time() + 120)
        if not_ready:
            log("chaos: the previous release was not ready within 120 s: %s" % not_ready)
        log("chaos: the previous release runs; starting the current one beside it")
        for process in later:
            with supervisor.lock:
                supervisor.add(process)
                supervisor.start_process(process)
    sim = SimClient(sim_base, API_KEY)
    status = 1
    try:
        status = drive(opt, rng, out, supervisor, sim, management, amqp_hosts, admin_db, mail_dir, repo)
    finally:
        codes = supervisor.stop()
        # the platform's reply and monitor queues would otherwise keep every later event
        management.delete_queues([platform_bus.REPLY_QUEUE, platform_bus.EVENT_QUEUE])
        unclean = {k: v for k, v in codes.items() if k not in ("smtp-sink",) and v not in (0, None)}
        if unclean:
            log("chaos: not stopped cleanly on SIGTERM: %s" % unclean)
            status = 1
    log("chaos: %s; ledger, logs and table in %s" % ("PASSED" if status == 0 else "FAILED", out))
    return status


def reset_service_schemas(admin_db, repo):
    """An upgrade run starts from empty service schemas, as a new deployment of the previous
    release would: drops the four schemas and runs docker/postgres/02-service-roles.sql again
    (which recreates them, owned by their roles)."""
    import subprocess
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", admin_db, "-c",
                    "DROP SCHEMA IF EXISTS onboarding, payments, terminal, notifications CASCADE"],
                   check=True, capture_output=True, timeout=120)
    subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", admin_db, "-f",
                    os.path.join(repo, "docker", "postgres", "02-service-roles.sql")],
                   check=True, capture_output=True, timeout=120)


def drive(opt, rng, out, supervisor, sim, management, amqp_hosts, admin_db, mail_dir, repo):
    not_ready = wait_ready(supervisor, time.time() + 120)
    if not_ready:
        log("chaos: not ready within 120 s: %s" % not_ready)
        return 1
    sim.control("POST", "webhooks/retry_schedule", {"schedule": "fast"})
    log("chaos: stripe-sim and the four services are ready")
    ledger = Ledger(os.path.join(out, "ledger.jsonl"))
    urls = ["amqp://%s/" % h for h in amqp_hosts]
    driver = Driver(lambda on_reply, on_event: PlatformBus(urls, on_reply, on_event, log), ledger, log, opt.wait_timeout)
    while not driver.bus.connect():
        time.sleep(1)
    driver.bus.purge()
    run_id = time.strftime("%H%M%S") + "%03d" % rng.randint(0, 999)
    flows = Flows(sim, "http://127.0.0.1:1/shop", run_id, rng)
    orders, counter = [], [0]

    def new_order(kind, seller=None):
        counter[0] += 1
        order = Order("chaos-%s-%05d-%s" % (run_id, counter[0], kind), kind, seller["account"] if seller else None)
        order.seller = seller
        orders.append(order)
        return order

    # the sellers, before any fault
    started = time.time()
    for n in range(opt.sellers):
        o = new_order("seller")
        driver.start(o.ref, flows.seller_setup(o, n), o)
    while driver.running and time.time() < started + 180:
        driver.tick()
    if len(flows.sellers) < opt.sellers:
        log("chaos: the sellers were not set up: %s" % [o.errors for o in orders])
        return 1
    log("chaos: %d sellers onboarded with a price, a location and 2 readers each (%.1f s)"
        % (len(flows.sellers), time.time() - started))

    servers = [os.path.join(repo, "Tests", "chaos", "servers.sh")]
    cluster = Cluster(repo, management, amqp_hosts) if opt.cluster else None
    if opt.upgrade_from:
        faults = UpgradeSchedule(opt.duration, supervisor, opt.old_replicas, log, calm=opt.calm)
    else:
        faults = FaultSchedule(opt.duration, opt.kill_every, supervisor, sim, servers, log, rng, opt.heartbeat,
                               cluster=cluster, calm=opt.calm)
    faults.probe = driver.probe_recovery
    run_start = time.time()
    faults.start()
    kinds, weights = zip(*MIX)
    poison_ids = set()
    probes = {}
    last_report = run_start
    while True:
        now = time.time()
        elapsed = now - run_start
        if (elapsed >= opt.duration and driver.published >= opt.min_commands and not faults.is_alive()
                or elapsed >= 2.5 * opt.duration + 120):
            break
        # readers come back once their payment is authorized or the flow ended
        for o in orders:
            if getattr(o, "reader", None) and (o.done or getattr(o, "reader_free", False)):
                o.seller["readers"].append(o.reader)
                o.reader = None
        while len(driver.running) < opt.concurrency:
            kind = rng.choices(kinds, weights)[0]
            seller = rng.choice(flows.sellers)
            if kind.startswith("terminal") and not seller["readers"]:
                kind = "payment_intent"
            o = new_order(kind, seller)
            if kind.startswith("terminal"):
                o.reader = seller["readers"].pop()
            generator = {
                "checkout": lambda: flows.checkout(o),
                "checkout_declined": lambda: flows.checkout(o, first_card="pm_card_chargeDeclined"),
                "sepa_fail": lambda: flows.checkout(o, sepa_fail=True),
                "payment_intent": lambda: flows.payment_intent(o),
                "payment_sheet": lambda: flows.payment_sheet(o),
                "server_confirm": lambda: flows.server_confirm(o),
                "terminal": lambda: flows.terminal(o),
                "terminal_declined": lambda: flows.terminal(o, decline_first=True),
                "terminal_tip": lambda: flows.terminal(o, tip=True),
                "onboarding": lambda: flows.onboard(o, counter[0]),
                "poison": lambda: flows.poison(o),
            }[kind]()
            driver.start(o.ref, generator, o)
        for entry in faults.faults.entries:
            if entry.get("back_at") and id(entry) not in probes:
                probes[id(entry)] = (entry, driver.probe_recovery(entry["back_at"]))
        driver.tick()
        if now - last_report > 15:
            last_report = now
            log("chaos: %.0f s, %d commands, %d answered, %d orders done, %d in flight, %d kills"
                % (elapsed, driver.published, sum(1 for c in ledger.commands.values() if c["answered"]),
                   len(driver.finished), len(driver.running), faults.kills))
    drive_end = time.time()
    log("chaos: load stops after %.0f s and %d commands; waiting for the %d orders in flight"
        % (drive_end - run_start, driver.published, len(driver.running)))
    faults.stop_event.set()
    while driver.running and time.time() < drive_end + opt.wait_timeout + 30:
        driver.tick()
        for entry in faults.faults.entries:
            if entry.get("back_at") and id(entry) not in probes:
                probes[id(entry)] = (entry, driver.probe_recovery(entry["back_at"]))
    faults.join(120)
    for o in orders:
        if o.kind == "poison":
            for c in ledger.commands.values():
                if c["order"] == o.ref:
                    poison_ids.add(c["message_id"])
    replayed = {}
    if opt.upgrade_from:
        # every replica runs the current release now: what the old ones parked as unknown goes back
        replayed = dead_letter_groups.replay_unknown_events(opt.bin, amqp_hosts[0], management, run_start - 5, log)
    # drain: no message left in any queue, no webhook pending, nothing in an outbox
    undrained = drain(driver, management, sim, admin_db, orders, deadline=time.time() + 180)
    time.sleep(1)
    for _ in range(20):
        driver.tick(0.05)

    run = Run()
    run.ledger, run.orders, run.sim, run.database_url, run.mail_dir = ledger, orders, sim, admin_db, mail_dir
    run.options, run.poison_ids, run.undrained = opt, poison_ids, undrained
    run.upgrade_replayed = replayed
    run.faults, run.first_fault_at, run.run_start = faults.faults.entries, faults.first_fault_at, run_start
    run.dead_letters = management.dead_letters(run_start - 5)
    run.dlq_grouping = dead_letter_groups.gather(opt.bin, amqp_hosts[0], management.urls[0].rsplit(":", 1)[1],
                                                 since=run_start - 5)
    checks = Checks()
    checks.add("fault schedule ran", faults.error is None, faults.error or "%d faults" % len(faults.faults.entries))
    kinds_done = {e["kind"].split(" ")[0] for e in faults.faults.entries}
    wanted = {"kill", "SIGSTOP", "node" if opt.cluster else "RabbitMQ", "PostgreSQL", "Stripe", "webhook"}
    if cluster:
        members = cluster.members()
        short = sorted(q for q, n in members.items() if n < len(cluster.nodes))
        checks.add("quorum queues on every node", members and not short,
                   "%d quorum queues, %s" % (len(members), ("fewer members: " + ", ".join(short[:4])) if short
                                             else "each with %d members" % len(cluster.nodes)))
    if opt.upgrade_from:
        replaced = getattr(faults, "replaced", [])
        clean = [name for name, _, code in replaced if code == 0]
        checks.add("every old replica replaced after a clean drain",
                   len(clean) == len(opt.old_replicas) == len(SERVICES),
                   ", ".join("%s %.1f s (exit %s)" % r for r in replaced) or "none replaced")
        back = [(d["queue"], d["type"]) for d in run.dead_letters
                if d["queue"] in replayed and d["type"] in replayed[d["queue"]]]
        checks.add("events the previous release parked as unknown: handled once replayed",
                   not back, "; ".join("%s: %s" % (q, ", ".join("%s ×%d" % kv for kv in sorted(c.items())))
                                       for q, c in sorted(replayed.items())) or "none parked"
                   if not back else "%d parked again: %s" % (len(back), back[:3]))
    else:
        checks.add("every fault kind happened", wanted <= kinds_done and len([e for e in faults.faults.entries if e["kind"].startswith("webhook")]) >= 2,
                   "missing: %s" % sorted(wanted - kinds_done) if not wanted <= kinds_done else "kill -9 ×%d, SIGSTOP, %s, PostgreSQL, Stripe faults, webhook chaos and outage"
                   % (faults.kills, "leader node stopped" if opt.cluster else "RabbitMQ restart"))
    try:
        run_checks(run, checks)
    except Exception as error:
        checks.add("checks ran", False, "%s: %s" % (type(error).__name__, error))
    report = render(opt, driver, faults, probes, checks, run_start, drive_end, supervisor, run.dlq_grouping)
    print(report)
    with open(os.path.join(out, "table.txt"), "w") as f:
        f.write(report + "\n")
    with open(os.path.join(out, "orders.jsonl"), "w") as f:
        for o in orders:
            f.write(json.dumps({"ref": o.ref, "kind": o.kind, "account": o.account, "channel": o.channel,
                                "outcome": o.outcome, "amount": o.amount, "fee": o.fee, "refunds": o.refunds,
                                "email": o.email, "errors": o.errors}) + "\n")
    return 1 if checks.failed else 0


def drain(driver, management, sim, admin_db, orders, deadline):
    """Waits until every queue (but the dead-letter queues and the event history stream) is
    empty, no webhook is pending, no outbox row is left and every event the simulator created
    is stored; returns what was still busy at the deadline.

    An event whose deliveries all failed (the simulator's fast retry schedule gives up after
    about 50 s, Stripe's after three days: a notifications replica restarted while the broker
    was down answers 503 until it is back) is the backfill's to recover, on its next sweep
    (`BACKFILL_INTERVAL_SECONDS`, 5 minutes). Once nothing else is busy, the drain asks for
    that sweep at once, as `notifications.backfill` does (a row in
    `notifications.backfill_requests`), and waits for the events to be stored."""
    from checks import psql, simulator_event_ids, stored_event_ids
    busy = ["not checked"]
    sweep_requested = False
    while time.time() < deadline:
        driver.tick(0.2)
        busy = []
        try:
            for q in management.queues():
                # A stream (connectbus.events.history) keeps what it holds: it never drains.
                if not q["name"].endswith(".dlq") and q.get("type") != "stream" and q.get("messages"):
                    busy.append("%s: %d" % (q["name"], q["messages"]))
            status, answer = sim.call("GET", "/sim/webhooks/deliveries", {"limit": 1})
            if status == 200 and answer.get("pending"):
                busy.append("webhooks pending: %d" % answer["pending"])
            rows = psql(admin_db, " UNION ALL ".join("SELECT count(*) FROM %s.outbox" % s
                                                     for s in ("onboarding", "payments", "terminal", "notifications")))
            if any(int(r[0]) for r in rows):
                busy.append("outbox rows: %d" % sum(int(r[0]) for r in rows))
            if not busy:
                created = simulator_event_ids(sim, orders)
                unstored = created - stored_event_ids(admin_db, created)
                if unstored:
                    busy.append("Stripe events not stored yet: %d" % len(unstored))
                    if not sweep_requested:
                        psql(admin_db, "INSERT INTO notifications.backfill_requests (since) VALUES (NULL)")
                        sweep_requested = True
                        log("drain: %d Stripe events not stored after their deliveries ended; "
                            "backfill sweep requested" % len(unstored))
        except Exception as error:
            busy.append("%s: %s" % (type(error).__name__, error))
        if not busy:
            return []
        time.sleep(0.5)
    return busy


def render(opt, driver, faults, probes, checks, run_start, drive_end, supervisor, grouping):
    lines = ["", "ConnectBus chaos run: %.0f s of load, %d commands, %d orders, %d services restarted by the supervisor"
             % (drive_end - run_start, driver.published, len(driver.finished),
                sum(p.starts - 1 for p in supervisor.processes.values())), ""]
    lines.append("faults:")
    for e in faults.faults.entries:
        if e["kind"] == "kill -9":
            continue
        rec = ""
        for entry, probe in probes.values():
            if entry is e and e["kind"] == "node stop":
                rec = "failover: answered again %.1f s after the stop" % (probe[1] - e["back_at"]) if probe[1] else "no reply after it"
            elif entry is e:
                rec = "recovered %.1f s after it was back" % (probe[1] - e["back_at"]) if probe[1] else "no reply after it"
        lines.append("  %-30s %-44s at %5.0f s, %5.1f s long  %s" % (e["kind"], e["detail"][:44], e["start"] - run_start,
                                                                 e["end"] - e["start"], rec))
    kills = [e for e in faults.faults.entries if e["kind"] == "kill -9"]
    per = {}
    for e in kills:
        per[e["detail"].split(" ")[0]] = per.get(e["detail"].split(" ")[0], 0) + 1
    lines.append("  %-30s %s" % ("kill -9 ×%d" % len(kills), ", ".join("%s %d" % kv for kv in sorted(per.items()))))
    outages = driver.bus.outages
    if outages:
        lines.append("  platform connection lost %d× (%s s)" % (len(outages), ", ".join("%.1f" % (b - a) for a, b in outages)))
    lines += ["", "dead letters of the run (connectbus dlq groups --since <start>):"]
    lines += ["  " + line for line in (grouping.text.splitlines() if grouping.groups is not None else [grouping.error])]
    lines += ["", checks.table(), "", checks.verdict("chaos")]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
