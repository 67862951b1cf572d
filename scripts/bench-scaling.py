#!/usr/bin/env python3
"""How the suite's cost grows with replicas (scripts/bench-scaling.sh runs it).

For each replica count (default 1, 2, 4), starts stripe-sim (no rate limits: the run measures
the suite, not Stripe's limit) and that many `payments` replicas
consuming `payments.create_product` (a Stripe-bound command: one per transaction, a Stripe call
each) against the broker URLs given (the three-node cluster of scripts/cluster.sh), with
Postgres and the broker shared. Then offers the command at growing rates (default 100, 200, 400,
800 and 1,600 commands/s), each for a few seconds, paced by a publisher of its own, and waits for every
reply. Per step it records the rate of replies (from the first send to the last reply), the
replies' p50 and p99, and the CPU each process group spent per command (from /proc: the
payments replicas, the broker nodes, every Postgres process, stripe-sim) and in cores (CPU
seconds over the step's seconds).

Prints a table (one line per replica count and offered rate), where the curve flattens (the
first step whose rate is under 90 % of what was offered) and which process group used the most
cores there, and the summary block (scripts/lib/bench_summary.py). With --svg, writes the plot:
the rate against the offered load, a line per replica count, and the CPU per command at the
highest offered rate against the replica count, a bar per process group.
Exits 1 when a command got no reply or an error reply (no step may lose work).
"""
import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "Tests", "chaos"))
sys.path.insert(0, os.path.join(HERE, "lib"))
from supervisor import Process, Supervisor  # noqa: E402
from suite import wait_ready  # noqa: E402
from command_bus import CommandBus, ok_result  # noqa: E402
from bench_summary import summary  # noqa: E402
from scaling_plot import svg  # noqa: E402

HZ = os.sysconf("SC_CLK_TCK")
GROUPS = ["payments", "broker", "postgres", "stripe-sim"]


def log(message):
    print("[%s] %s" % (time.strftime("%H:%M:%S"), message), file=sys.stderr, flush=True)


def ticks(pid):
    """User + system CPU ticks of `pid` and its reaped children (0 when it is gone)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return sum(int(v) for v in fields[11:15])
    except (OSError, IndexError, ValueError):
        return 0


def pids_matching(name, needle=None):
    """Pids whose executable is `name` (and whose command line holds `needle`, if given)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/comm" % entry) as f:
                comm = f.read().strip()
            if comm != name:
                continue
            if needle is not None:
                with open("/proc/%s/cmdline" % entry, "rb") as f:
                    if needle.encode() not in f.read():
                        continue
            found.append(int(entry))
        except OSError:
            continue
    return found


def create_account(sim_base, api_key):
    """A connected account made at the simulator directly (`POST /v1/accounts`), so the run
    publishes no `onboarding.account.created` for other services' queues to keep; its id."""
    request = urllib.request.Request(sim_base + "/v1/accounts", data=b"type=express&country=US", method="POST",
                                      headers={"Authorization": "Bearer " + api_key,
                                               "Content-Type": "application/x-www-form-urlencoded"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())["id"]


def not_ready_reason(supervisor, names):
    """The names of the processes not ready, each with its log's last line."""
    reasons = []
    for name in names:
        with open(supervisor.processes[name].log_path, errors="replace") as f:
            last = f.read().strip().splitlines()[-1:]
        reasons.append("%s (%s)" % (name, last[0] if last else "no output"))
    return ", ".join(reasons)


def run_replicas(replicas, opt):
    """One replica count: the services started, each offered rate in turn; returns the steps."""
    run = "r%d%d" % (replicas, int(time.time()))
    sim_base = "http://127.0.0.1:%d" % opt.sim_port
    api_key = "sk_test_scaling_%s" % run
    base_env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}
    supervisor = Supervisor(log)
    supervisor.add(Process("stripe-sim", [os.path.join(opt.bin, "stripe-sim"), "--port", str(opt.sim_port),
                                          "--rate-limits", "off"],
                           base_env, os.path.join(opt.out, "%s-stripe-sim.log" % run), restart=False))
    hosts = opt.amqp_hosts

    def replica_env(i):
        # Replica i (1-based) takes HTTP port base + i and lists the broker nodes starting from
        # a different one, so the replicas' connections spread over the nodes.
        ordered = hosts[(i - 1) % len(hosts):] + hosts[:(i - 1) % len(hosts)]
        return dict(base_env, AMQP_URL=",".join("amqp://payments:payments@%s/" % h for h in ordered),
                    DATABASE_URL="postgres://payments:payments@127.0.0.1:%d/connectbus" % opt.pg_port,
                    STRIPE_API_KEY=api_key, STRIPE_API_BASE=sim_base,
                    HTTP_PORT=str(opt.http_base + i), WORKERS=str(opt.workers), LOG_LEVEL="warning",
                    STRIPE_RATE_LIMIT="10000")

    for i in range(1, replicas + 1):
        supervisor.add(Process("payments-%d" % i, [os.path.join(opt.bin, "payments"), "--queues", "payments.create_product"],
                               replica_env(i), os.path.join(opt.out, "%s-payments-%d.log" % (run, i)),
                               restart=False, health_url="http://127.0.0.1:%d/readyz" % (opt.http_base + i)))
    supervisor.start()
    load = None
    steps = []
    try:
        not_ready = wait_ready(supervisor, time.time() + 180)
        if not_ready:
            raise RuntimeError("not ready: %s" % not_ready_reason(supervisor, not_ready))
        load = CommandBus("amqp://%s:%s@%s/" % (opt.admin_user, opt.admin_password, hosts[0]), "bench-scaling")
        account = create_account(sim_base, api_key)
        # Two commands per worker first: connections, prepared statements, the first pages.
        load.wait(load.offer("payments.create_product",
                             [{"account": account, "name": "Warm-up %d" % i} for i in range(replicas * opt.workers * 2)],
                             50), 60)
        payments = [supervisor.processes["payments-%d" % i].pid for i in range(1, replicas + 1)]
        for rate in opt.rates:
            count = max(1, int(rate * opt.seconds))
            groups = {"payments": payments, "broker": pids_matching("beam.smp", opt.broker_needle),
                      "postgres": pids_matching("postgres"), "stripe-sim": [supervisor.processes["stripe-sim"].pid]}
            if not groups["broker"]:
                raise RuntimeError("no broker process (beam.smp) has %r in its command line" % opt.broker_needle)
            before = {g: sum(ticks(p) for p in pids) for g, pids in groups.items()}
            started = time.time()
            bodies = [{"account": account, "name": "Item %s %d %d" % (run, rate, i)} for i in range(count)]
            correlations = load.offer("payments.create_product", bodies, rate)
            replies = load.wait(correlations, opt.wait)
            answered = [r for r in replies if r is not None]
            finished = max((r[0] for r in answered), default=time.time())
            after = {g: sum(ticks(p) for p in pids) for g, pids in groups.items()}
            elapsed = max(finished - started, 1e-6)
            latencies = sorted((r[0] - load.sent[c]) * 1000 for c, r in zip(correlations, replies) if r is not None)
            cpu_s = {g: (after[g] - before[g]) / HZ for g in groups}
            step = {"replicas": replicas, "offered": rate, "commands": count, "answered": len(answered),
                    "failed": sum(1 for r in replies if ok_result(r) is None), "elapsed_s": elapsed,
                    "rate": len(answered) / elapsed,
                    "p50_ms": statistics.median(latencies) if latencies else None,
                    "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else None,
                    "us_per_command": {g: cpu_s[g] * 1e6 / max(len(answered), 1) for g in groups},
                    "cores": {g: cpu_s[g] / elapsed for g in groups}}
            steps.append(step)
            log("%d replica(s), %d/s offered: %.0f/s, p99 %s ms, cores %s" % (
                replicas, rate, step["rate"], step["p99_ms"] and round(step["p99_ms"], 1),
                " ".join("%s=%.2f" % (g, c) for g, c in step["cores"].items())))
    finally:
        if load:
            load.close()
        supervisor.stop()
    return steps


def flattening(steps):
    """The first step of each replica count whose rate is under 90 % of the offered rate."""
    found = {}
    for step in steps:
        if step["replicas"] not in found and step["rate"] < 0.9 * step["offered"]:
            found[step["replicas"]] = step
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--amqp-hosts", required=True, help="host:port,… of the broker nodes")
    parser.add_argument("--broker-needle", required=True, help="text in the command line of the broker nodes' beam.smp")
    parser.add_argument("--replicas", default="1,2,4")
    parser.add_argument("--rates", default="100,200,400,800,1600")
    parser.add_argument("--seconds", type=float, default=6)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--wait", type=float, default=180)
    parser.add_argument("--svg", default=None)
    parser.add_argument("--out", default=tempfile.mkdtemp(prefix="bench-scaling-"))
    opt = parser.parse_args()
    opt.amqp_hosts = opt.amqp_hosts.split(",")
    opt.rates = [int(r) for r in opt.rates.split(",")]
    opt.pg_port = int(os.environ.get("CONNECTBUS_PG_PORT", "5432"))
    opt.sim_port = int(os.environ.get("STRIPE_SIM_PORT", "12111"))
    opt.http_base = int(os.environ.get("DEMO_HTTP_PORT_BASE", "8740"))
    opt.admin_user = os.environ.get("CONNECTBUS_AMQP_ADMIN", "connectbus")
    opt.admin_password = os.environ.get("CONNECTBUS_AMQP_ADMIN_PASSWORD", "connectbus")
    steps = []
    for replicas in [int(r) for r in opt.replicas.split(",")]:
        log("%d payments replica(s), %d workers each, offered %s commands/s for %g s each; logs in %s" % (
            replicas, opt.workers, opt.rates, opt.seconds, opt.out))
        steps += run_replicas(replicas, opt)
        time.sleep(2)
    print("%8s %8s %8s %8s %8s %8s  %s  %s" % ("replicas", "offered", "rate", "p50 ms", "p99 ms", "failed",
                                             "CPU per command (us): " + " ".join(GROUPS), "cores"))
    for s in steps:
        print("%8d %8d %8.0f %8.1f %8.1f %8d  %s  %s" % (
            s["replicas"], s["offered"], s["rate"], s["p50_ms"] or 0, s["p99_ms"] or 0, s["failed"],
            " ".join("%6.0f" % s["us_per_command"][g] for g in GROUPS),
            " ".join("%s=%.2f" % (g, s["cores"][g]) for g in GROUPS)))
    cores = os.cpu_count() or 1
    for replicas, step in sorted(flattening(steps).items()):
        busiest = max(GROUPS, key=lambda g: step["cores"][g])
        print("flattens: %d replica(s) at %d/s offered (%.0f/s answered); the busiest process group is %s at %.2f cores; "
              "all four %.2f of this machine's %d cores" % (
                  replicas, step["offered"], step["rate"], busiest, step["cores"][busiest],
                  sum(step["cores"].values()), cores))
    records = []
    for s in steps:
        records.append(("%d replica(s) at %d/s offered, rate" % (s["replicas"], s["offered"]), s["rate"], "commands/s"))
        records.append(("%d replica(s) at %d/s offered, CPU per command" % (s["replicas"], s["offered"]),
                        sum(s["us_per_command"].values()), "us"))
    print("\n".join(summary(records)))
    with open(os.path.join(opt.out, "results.json"), "w") as f:
        json.dump(steps, f, indent=2)
    if opt.svg:
        with open(opt.svg, "w") as f:
            f.write(svg(steps, GROUPS, title="payments.create_product, %d workers per replica, %d cores" % (opt.workers, cores)))
        log("plot written to %s" % opt.svg)
    lost = sum(s["failed"] for s in steps)
    if lost:
        log("FAILED: %d command(s) without a reply or with an error reply" % lost)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
