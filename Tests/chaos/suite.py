"""The suite as the chaos run and the soak start it: stripe-sim signing webhooks to
notifications, an SMTP sink, and the four services, each with its own AMQP user and
Postgres role and the environment `make demo` gives it; plus RabbitMQ's management API
and the readiness wait both runs use."""
import base64
import json
import os
import sys
import time
import urllib.request

from supervisor import Process

# (name = AMQP user, Postgres role and log file; executable; HTTP port offset)
SERVICES = [("onboarding", "onboarding", 1), ("payments", "payments", 2), ("terminal", "terminal-gateway", 3),
            ("notifications", "notifications", 4)]
API_KEY = "sk_test_connectbus_chaos"
WEBHOOK_SECRET = "whsec_connectbus_chaos"
CONNECT_WEBHOOK_SECRET = "whsec_connectbus_chaos_connect"


def env_int(name, default):
    return int(os.environ.get(name) or default)


def base_environment():
    """The few variables of this process every child keeps (PATH, HOME, locale, TMPDIR)."""
    return {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}


def admin_database_url(pg_port):
    return "postgres://connectbus_admin:connectbus_admin@127.0.0.1:%d/connectbus" % pg_port


def add_sink_and_simulator(supervisor, bin_dir, out, mail_dir, smtp_port, sim_port, platform_url, connect_url):
    """An aiosmtpd sink writing a Maildir in `mail_dir`, and stripe-sim (not restarted) with
    its two webhook endpoints: the platform's at `platform_url`, the Connect one at
    `connect_url` (each the notifications service's base URL)."""
    env = base_environment()
    supervisor.add(Process("smtp-sink", [sys.executable, "-m", "aiosmtpd", "-n", "-l", "127.0.0.1:%d" % smtp_port,
                                         "-c", "aiosmtpd.handlers.Mailbox", mail_dir], env,
                           os.path.join(out, "smtp-sink.log")))
    supervisor.add(Process("stripe-sim", [os.path.join(bin_dir, "stripe-sim"), "--port", str(sim_port),
                                          "--webhook", "url=%s/webhooks/stripe,secret=%s" % (platform_url, WEBHOOK_SECRET),
                                          "--webhook", "url=%s/webhooks/stripe/connect,secret=%s,connect=true"
                                          % (connect_url, CONNECT_WEBHOOK_SECRET)],
                           env, os.path.join(out, "stripe-sim.log"), restart=False))


def service_environment(name, http_port, amqp_hosts, pg_port, sim_base, smtp_port, heartbeat, pooler_port=None,
                        extra=None):
    """The environment of service `name`: its own AMQP user on every host of `amqp_hosts`,
    its own Postgres role (through the PgBouncer on `pooler_port` when given, migrations
    and the backfill lock then on DATABASE_DIRECT_URL), stripe-sim as Stripe, the SMTP sink,
    `HTTP_PORT`, `AMQP_HEARTBEAT` (seconds) and log level `warning`; `extra` adds or
    overrides variables."""
    direct_db = "postgres://%s:%s@127.0.0.1:%d/connectbus" % (name, name, pg_port)
    databases = {"DATABASE_URL": direct_db}
    if pooler_port is not None:
        databases = {"DATABASE_URL": "postgres://%s:%s@127.0.0.1:%d/connectbus?prepared_statements=off"
                                     % (name, name, pooler_port),
                     "DATABASE_DIRECT_URL": direct_db}
    env = dict(base_environment(), **databases,
               AMQP_URL=",".join("amqp://%s:%s@%s/" % (name, name, h) for h in amqp_hosts),
               STRIPE_API_KEY=API_KEY, STRIPE_API_BASE=sim_base, STRIPE_WEBHOOK_SECRETS=WEBHOOK_SECRET,
               STRIPE_CONNECT_WEBHOOK_SECRETS=CONNECT_WEBHOOK_SECRET, SMTP_URL="smtp://127.0.0.1:%d" % smtp_port,
               SMTP_FROM="ConnectBus chaos shop <no-reply@shop.example>", HTTP_PORT=str(http_port),
               AMQP_HEARTBEAT=str(heartbeat), LOG_LEVEL="warning")
    env.update(extra or {})
    return env


def wait_ready(supervisor, deadline):
    """Waits until every process with a health URL answers 200 there, or `deadline`;
    returns the names of those that did not. A process that exited and is not restarted
    (`restart=False`) ends the wait at once: it will never be ready."""
    pending = [p for p in supervisor.processes.values() if p.health_url]
    while pending and time.time() < deadline:
        if any(p.popen is not None and not p.alive() and not p.restart for p in pending):
            break
        for p in list(pending):
            try:
                with urllib.request.urlopen(p.health_url, timeout=2) as r:
                    if r.status == 200:
                        pending.remove(p)
            except OSError:
                pass
        time.sleep(0.3)
    return [p.name for p in pending]


class Management:
    """RabbitMQ's management API (admin user)."""

    def __init__(self, urls):
        self.urls = urls
        self.auth = "Basic " + base64.b64encode(b"connectbus:connectbus").decode()

    def call(self, method, path, body=None):
        last = None
        for url in self.urls:
            request = urllib.request.Request(url + path, method=method, headers={"Authorization": self.auth,
                                             "Content-Type": "application/json"},
                                             data=json.dumps(body).encode() if body is not None else None)
            try:
                with urllib.request.urlopen(request, timeout=15) as response:
                    text = response.read()
                    return json.loads(text) if text else None
            except OSError as error:
                last = error
        raise last

    def queues(self):
        return self.call("GET", "/api/queues/%2F?columns=name,type,messages,messages_ready,messages_unacknowledged,leader,node")

    def service_queues(self):
        """The services' command, event and retry queues (not the dead-letter queues nor the
        history stream, nor a test's own queues such as the chaos run's monitor)."""
        return [q for q in self.queues()
                if q["name"].split(".")[0] in ("onboarding", "payments", "terminal", "notifications")
                and not q["name"].endswith(".dlq") and q.get("type") != "stream"]

    def purge_service_queues(self):
        """Empties the services' queues (`service_queues`) and returns {queue: messages
        dropped}: a run starts from empty queues, since messages another test left behind
        name objects this run's new simulator does not know (a handler would call Stripe for
        them and park them as failures)."""
        import urllib.parse
        dropped = {}
        for q in self.service_queues():
            if q.get("messages"):
                self.call("DELETE", "/api/queues/%%2F/%s/contents" % urllib.parse.quote(q["name"], safe=""))
                dropped[q["name"]] = q["messages"]
        return dropped

    def delete_queues(self, names):
        """Deletes the named queues (a run's own; a missing one is skipped)."""
        import urllib.parse
        for name in names:
            try:
                self.call("DELETE", "/api/queues/%%2F/%s" % urllib.parse.quote(name, safe=""))
            except OSError:
                pass

    def dead_letters(self, since):
        """The dead letters parked since `since` (Unix seconds, by their `x-failed-at`), read
        from every `.dlq` queue and requeued. Every `.dlq` queue is read, whatever its
        listed message count: the listing's counts are statistics, and on a cluster whose
        node was restarted they can read 0 for a queue that holds messages (a chaos run
        against the cluster once found none of its 9 parked poison commands that way)."""
        out = []
        for q in self.queues():
            if not q["name"].endswith(".dlq"):
                continue
            got = self.call("POST", "/api/queues/%%2F/%s/get" % q["name"],
                            {"count": max(int(q.get("messages") or 0), 1000), "ackmode": "ack_requeue_true",
                             "encoding": "auto", "truncate": 2000})
            for m in got:
                props = m.get("properties", {})
                headers = props.get("headers", {}) or {}
                if int(headers.get("x-failed-at", "0") or 0) >= int(since):
                    out.append({"queue": q["name"], "message_id": props.get("message_id"),
                                "error": headers.get("x-error-code"), "type": props.get("type")})
        return out
