#!/usr/bin/env python3
"""The fleet rate limit benchmark (scripts/bench-ratelimit.sh runs it).

For each mode, starts stripe-sim with Stripe's live-mode limits (100 requests/s per key,
25/s per endpoint), three payments replicas, onboarding and notifications (a backfill
sweep every few seconds, background priority) with one Stripe key, then offers N commands
at once (a quarter each of onboarding.create_account, onboarding.create_account_link,
payments.create_product and payments.create_price: four endpoints, together exactly the
global limit) and waits for every reply. Prints per mode: the command rate, Stripe's
answers per second (goodput, 2xx, against the 100/s limit), the share answered 429,
failed commands (error replies or none within the wait) and duplicate objects (objects
created beyond one per command, from the simulator's counts). Exits 1 when a mode left a
command failed or made an object twice (whatever the rates: no mode may lose or repeat work).

Modes: `fleet` (STRIPE_RATE_LIMITS=global=100,endpoint=25, shared through Postgres),
`per-process` (STRIPE_RATE_LIMIT=100 in every process: each one limits itself to the key's
rate, as before), `split` (STRIPE_RATE_LIMIT=20: the key's rate divided among the five
processes by hand), `unlimited` (no limit in the simulator nor the services: what the
services can do on this machine, the ceiling of the others).
"""
import argparse
import json
import os
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "chaos"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from supervisor import Process, Supervisor  # noqa: E402
from command_bus import CommandBus, ok_result  # noqa: E402
from suite import wait_ready  # noqa: E402

LIMIT = 100.0
KINDS = ["onboarding.create_account", "onboarding.create_account_link", "payments.create_product", "payments.create_price"]


def log(message):
    print("[%s] %s" % (time.strftime("%H:%M:%S"), message), file=sys.stderr, flush=True)


def http_json(url, data=None):
    request = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET")
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def sim_statuses(sim_base):
    """{status: count} of the simulator's answered /v1 requests."""
    with urllib.request.urlopen(sim_base + "/metrics", timeout=10) as response:
        text = response.read().decode()
    counts = {}
    for line in text.splitlines():
        if line.startswith("stripe_sim_requests_total{"):
            labels, value = line.rsplit(" ", 1)
            status = labels.split('status="', 1)[1].split('"', 1)[0]
            counts[status] = counts.get(status, 0) + int(float(value))
    return counts


def limiter_decisions(ports):
    """{"fleet": n, "local": n} admitted by the services' fleet limiters (their /metrics)."""
    counts = {}
    for port in ports:
        try:
            with urllib.request.urlopen("http://127.0.0.1:%d/metrics" % port, timeout=5) as response:
                text = response.read().decode()
        except OSError:
            continue
        for line in text.splitlines():
            if line.startswith("connectbus_stripe_rate_limit_decisions_total{"):
                labels, value = line.rsplit(" ", 1)
                source = labels.split('source="', 1)[1].split('"', 1)[0]
                counts[source] = counts.get(source, 0) + int(float(value))
    return counts


def created_counts(sim_base):
    return http_json(sim_base + "/sim/objects/counts").get("created", {})


def body_for(kind, index, account, product, run):
    if kind == "onboarding.create_account":
        return {"seller_reference": "bench-%s-%d" % (run, index), "country": "US", "type": "express"}
    if kind == "onboarding.create_account_link":
        return {"account": account, "refresh_url": "https://shop.example/refresh",
                "return_url": "https://shop.example/return", "type": "account_onboarding"}
    if kind == "payments.create_product":
        return {"account": account, "name": "Bench item %d" % index}
    return {"account": account, "product": product, "unit_amount": 100 + index % 900, "currency": "usd"}


def run_mode(mode, opt, out):
    pg, amqp_port = opt.pg_port, opt.amqp_port
    sim_base = "http://127.0.0.1:%d" % opt.sim_port
    run = "%s%d" % (mode.replace("-", ""), int(time.time()))
    api_key = "sk_test_bench_%s" % run
    secret = "whsec_bench_ratelimit"
    base_env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}
    supervisor = Supervisor(log)
    mail_dir = tempfile.mkdtemp(prefix="bench-ratelimit-mail-")
    supervisor.add(Process("smtp-sink", [sys.executable, "-m", "aiosmtpd", "-n", "-l", "127.0.0.1:%d" % opt.smtp_port,
                                         "-c", "aiosmtpd.handlers.Mailbox", mail_dir], base_env,
                           os.path.join(out, "%s-smtp.log" % mode), restart=False))
    notifications_port = opt.http_base + 4
    supervisor.add(Process("stripe-sim", [os.path.join(opt.bin, "stripe-sim"), "--port", str(opt.sim_port),
                                          "--rate-limits", "off" if mode == "unlimited" else "live",
                                          "--webhook", "url=http://127.0.0.1:%d/webhooks/stripe,secret=%s" % (notifications_port, secret),
                                          "--webhook", "url=http://127.0.0.1:%d/webhooks/stripe/connect,secret=%s,connect=true" % (notifications_port, secret)],
                           base_env, os.path.join(out, "%s-stripe-sim.log" % mode), restart=False))
    limits = {"fleet": {"STRIPE_RATE_LIMITS": "global=100,endpoint=25", "STRIPE_RATE_LIMIT": "20"},
              "per-process": {"STRIPE_RATE_LIMIT": "100"},
              "split": {"STRIPE_RATE_LIMIT": "20"},
              "unlimited": {"STRIPE_RATE_LIMIT": "10000"}}[mode]
    services = [("onboarding", "onboarding", 0, "onboarding.create_account,onboarding.create_account_link")]
    services += [("payments-%d" % i, "payments", i, "payments.create_product,payments.create_price") for i in (1, 2, 3)]
    services += [("notifications", "notifications", 4, None)]
    for name, role, offset, queues in services:
        env = dict(base_env, **limits,
                   AMQP_URL="amqp://%s:%s@127.0.0.1:%d/" % (role, role, amqp_port),
                   DATABASE_URL="postgres://%s:%s@127.0.0.1:%d/connectbus" % (role, role, pg),
                   STRIPE_API_KEY=api_key, STRIPE_API_BASE=sim_base, STRIPE_WEBHOOK_SECRETS=secret,
                   STRIPE_CONNECT_WEBHOOK_SECRETS=secret, SMTP_URL="smtp://127.0.0.1:%d" % opt.smtp_port,
                   SMTP_FROM="ConnectBus bench <no-reply@shop.example>", HTTP_PORT=str(opt.http_base + offset),
                   WORKERS=str(opt.workers), LOG_LEVEL="warning", STRIPE_RATE_LIMIT_TIMEOUT_MS=str(opt.limit_timeout_ms),
                   BACKFILL_INTERVAL_SECONDS="5", BACKFILL_ONLY_FAILED="false")
        argv = [os.path.join(opt.bin, role)] + (["--queues", queues] if queues else [])
        supervisor.add(Process(name, argv, env, os.path.join(out, "%s-%s.log" % (mode, name)), restart=False,
                               health_url="http://127.0.0.1:%d/readyz" % (opt.http_base + offset)))
    supervisor.start()
    bus = None
    try:
        not_ready = wait_ready(supervisor, time.time() + 180)
        if not_ready:
            raise RuntimeError("not ready: %s" % not_ready)
        bus = CommandBus("amqp://connectbus:connectbus@127.0.0.1:%d/" % amqp_port, "bench-ratelimit", confirms=True)
        account = ok_result(bus.wait([bus.send("onboarding.create_account",
                                               {"seller_reference": "bench-%s-seller" % run, "country": "US", "type": "express"})], 60)[0])
        account = account and account.get("account")
        if not account:
            raise RuntimeError("setup: no account")
        product = ok_result(bus.wait([bus.send("payments.create_product", {"account": account, "name": "Bench"})], 60)[0])
        product = product and product.get("product")
        if not product:
            raise RuntimeError("setup: no product")
        before, created_before = sim_statuses(sim_base), created_counts(sim_base)
        started = time.time()
        sent = {kind: [] for kind in KINDS}
        for index in range(opt.commands):
            kind = KINDS[index % len(KINDS)]
            sent[kind].append(bus.send(kind, body_for(kind, index, account, product, run)))
        offered = time.time() - started
        everything = [c for kind in KINDS for c in sent[kind]]
        replies = bus.wait(everything, opt.wait)
        answered = [r for r in replies if r]
        finished = max((r[0] for r in answered), default=time.time())
        after, created_after = sim_statuses(sim_base), created_counts(sim_base)
        decisions = limiter_decisions([opt.http_base + offset for _, _, offset, _ in services])
    finally:
        if bus:
            bus.close()
        supervisor.stop()
    elapsed = finished - started
    failed = sum(1 for r in replies if not r or ok_result(r) is None)
    delta = {s: after.get(s, 0) - before.get(s, 0) for s in set(after) | set(before)}
    ok = sum(v for s, v in delta.items() if s.startswith("2"))
    total = sum(delta.values())
    limited = delta.get("429", 0)
    made = {t: created_after.get(t, 0) - created_before.get(t, 0) for t in ("account", "product", "price")}
    expected = {"account": opt.commands // 4 + (1 if opt.commands % 4 > 0 else 0),
                "product": opt.commands // 4 + (1 if opt.commands % 4 > 2 else 0),
                "price": opt.commands // 4}
    duplicates = sum(max(0, made[t] - expected[t]) for t in made)
    return {"mode": mode, "commands": opt.commands, "offered_s": offered, "elapsed_s": elapsed,
            "commands_per_s": len(answered) / elapsed if elapsed > 0 else 0, "stripe_2xx_per_s": ok / elapsed if elapsed > 0 else 0,
            "goodput_pct": 100 * ok / elapsed / LIMIT if elapsed > 0 else 0, "requests": total, "answered_429": limited,
            "pct_429": 100.0 * limited / total if total else 0, "failed": failed, "duplicates": duplicates, "created": made,
            "limiter_decisions": decisions}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--modes", default="fleet,per-process")
    parser.add_argument("--commands", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=6)
    parser.add_argument("--wait", type=float, default=300)
    parser.add_argument("--limit-timeout-ms", type=int, default=100)
    parser.add_argument("--out", default=tempfile.mkdtemp(prefix="bench-ratelimit-"))
    opt = parser.parse_args()
    opt.amqp_port = int(os.environ.get("CONNECTBUS_AMQP_PORT", "5672"))
    opt.pg_port = int(os.environ.get("CONNECTBUS_PG_PORT", "5432"))
    opt.sim_port = int(os.environ.get("STRIPE_SIM_PORT", "12111"))
    opt.http_base = int(os.environ.get("DEMO_HTTP_PORT_BASE", "8740"))
    opt.smtp_port = int(os.environ.get("DEMO_SMTP_PORT", "2525"))
    results = []
    for mode in opt.modes.split(","):
        log("mode %s: %d commands, logs in %s" % (mode, opt.commands, opt.out))
        results.append(run_mode(mode, opt, opt.out))
        time.sleep(2)
    print("%-12s %8s %9s %10s %10s %9s %8s %7s %5s  %s" % ("mode", "elapsed", "cmd/s", "2xx/s", "goodput", "requests", "429",
                                                          "failed", "dups", "limiter decisions"))
    for r in results:
        print("%-12s %7.1fs %9.1f %10.1f %9.1f%% %9d %7.2f%% %7d %5d  %s" % (
            r["mode"], r["elapsed_s"], r["commands_per_s"], r["stripe_2xx_per_s"], r["goodput_pct"], r["requests"],
            r["pct_429"], r["failed"], r["duplicates"],
            " ".join("%s=%d" % kv for kv in sorted(r["limiter_decisions"].items())) or "-"))
    with open(os.path.join(opt.out, "results.json"), "w") as f:
        json.dump(results, f, indent=2)
    broken = [r["mode"] for r in results if r["failed"] or r["duplicates"]]
    if broken:
        log("FAILED: commands failed or objects were created twice in mode(s) %s" % ", ".join(broken))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
