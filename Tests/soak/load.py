"""The soak's load: signed Stripe webhooks straight to notifications' Connect webhook route
(threads, keep-alive HTTP), and platform commands over AMQP (pika, publisher confirms,
`reply_to` a queue of the run): batched commands (`terminal.complete_order` on a fixed set
of order references, so the orders table stays small) and Stripe-bound commands
(`onboarding.create_account`, each a connected account in stripe-sim and the events that
follow it; stripe-sim then gives the account future requirements, so onboarding publishes
`onboarding.account.requirements_due` and notifications e-mails the seller once). Every target is a fixed count; `run_until(fraction)` drives each kind up to
that share of its target and returns once all of it was answered."""
import hashlib
import hmac
import http.client
import json
import threading
import time
import urllib.parse
import urllib.request
import uuid

import pika

REPLY_QUEUE = "platform.soak.replies"
# Distinct order references the batched commands cycle through.
ORDER_REFERENCES = 1000


def signed_event(event_id, account, secret, now):
    """A `checkout.session.completed` Connect event of another origin (payments reads it and
    ignores it: no order of this platform) and its `Stripe-Signature` header (HMAC-SHA256 of
    `<t>.<body>` with the endpoint's secret, Stripe's scheme)."""
    body = json.dumps({
        "id": event_id, "object": "event", "api_version": "2025-03-31.basil", "created": now,
        "type": "checkout.session.completed", "account": account, "livemode": False, "pending_webhooks": 1,
        "request": {"id": None, "idempotency_key": None},
        "data": {"object": {"id": "cs_" + event_id[4:], "object": "checkout.session", "amount_total": 1250,
                            "currency": "eur", "payment_status": "paid", "status": "complete",
                            "metadata": {"shop": "soak"}}}}, separators=(",", ":"))
    mac = hmac.new(secret.encode(), ("%d.%s" % (now, body)).encode(), hashlib.sha256).hexdigest()
    return body, "t=%d,v1=%s" % (now, mac)


class Webhooks:
    """Sends `target` signed events with `threads` keep-alive connections; a non-2xx answer
    or a dropped connection is sent again (same event id, newly signed), at most 50 times."""

    def __init__(self, host, port, secret, run_id, target, threads, log):
        self.host, self.port, self.secret, self.run_id = host, port, secret, run_id
        self.target, self.threads, self.log = target, threads, log
        self.lock = threading.Lock()
        self.next = 0
        self.limit = 0
        self.answered = 0
        self.retries = 0
        self.failed = []
        self.workers = []
        self.wake = threading.Condition(self.lock)
        self.stopping = False

    def start(self):
        for n in range(self.threads):
            t = threading.Thread(target=self._work, name="webhooks-%d" % n, daemon=True)
            t.start()
            self.workers.append(t)

    def allow(self, count):
        """Lets the threads send events up to `count` in all."""
        with self.lock:
            self.limit = min(self.target, count)
            self.wake.notify_all()

    def done(self):
        with self.lock:
            return self.answered + len(self.failed) >= self.limit

    def stop(self):
        with self.lock:
            self.stopping = True
            self.wake.notify_all()
        for t in self.workers:
            t.join(5)

    def _take(self, conn):
        """The next event number (None once stopping); the connection is closed while
        there is nothing to send, so an idle run holds none of notifications' descriptors."""
        with self.lock:
            if self.next >= self.limit and conn is not None:
                conn.close()
            while self.next >= self.limit and not self.stopping:
                self.wake.wait(1)
            if self.stopping:
                return None
            self.next += 1
            return self.next

    def _work(self):
        conn = None
        while True:
            n = self._take(conn)
            if n is None:
                return
            if conn is not None and conn.sock is None:
                conn = None
            event_id = "evt_soak_%s_%07d" % (self.run_id, n)
            account = "acct_soak%03d" % (n % 100)
            for attempt in range(50):
                try:
                    if conn is None:
                        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
                    body, signature = signed_event(event_id, account, self.secret, int(time.time()))
                    conn.request("POST", "/webhooks/stripe/connect", body=body,
                                 headers={"Content-Type": "application/json", "Stripe-Signature": signature})
                    response = conn.getresponse()
                    response.read()
                    if 200 <= response.status < 300:
                        with self.lock:
                            self.answered += 1
                        break
                    if response.status < 500 and response.status != 429:
                        with self.lock:
                            self.failed.append("%s: HTTP %d" % (event_id, response.status))
                        break
                except (OSError, http.client.HTTPException):
                    if conn is not None:
                        conn.close()
                    conn = None
                with self.lock:
                    self.retries += 1
                time.sleep(min(0.05 * (attempt + 1), 1))
            else:
                with self.lock:
                    self.failed.append("%s: not accepted after 50 attempts" % event_id)


class Commands:
    """The platform over AMQP (one connection, single-threaded: `pump` publishes what the
    windows allow and delivers replies)."""

    def __init__(self, url, run_id, batched_target, stripe_target, batched_window, stripe_window, log, sim_base=None):
        self.url, self.run_id, self.log, self.sim_base = url, run_id, log, sim_base
        self.sellers_due = 0       # accounts given future requirements (one e-mail each)
        self.targets = {"batched": batched_target, "stripe": stripe_target}
        self.windows = {"batched": batched_window, "stripe": stripe_window}
        self.limits = {"batched": 0, "stripe": 0}
        self.sent = {"batched": 0, "stripe": 0}
        self.ok = {"batched": 0, "stripe": 0}
        self.errors = {"batched": [], "stripe": []}
        self.pending = {}          # correlation id -> kind
        self.inflight = {"batched": 0, "stripe": 0}
        self.unroutable = 0

    def connect(self):
        params = pika.URLParameters(self.url)
        params.credentials = pika.PlainCredentials("platform", "platform")
        params.heartbeat = 30
        self.conn = pika.BlockingConnection(params)
        self.ch = self.conn.channel()
        self.ch.confirm_delivery()
        self.ch.queue_declare(REPLY_QUEUE, exclusive=True, auto_delete=True)
        self.ch.basic_qos(prefetch_count=2000)
        self.ch.basic_consume(REPLY_QUEUE, self._reply, auto_ack=True)

    def close(self):
        try:
            self.conn.close()
        except Exception:
            pass

    def allow(self, kind, count):
        self.limits[kind] = min(self.targets[kind], count)

    def done(self):
        return all(self.sent[k] >= self.limits[k] for k in self.sent) and not self.pending

    def _body(self, kind, n):
        if kind == "batched":
            return "terminal.complete_order", {"order_reference": "soak-order-%04d" % (n % ORDER_REFERENCES)}
        email = "owner+soak-%s-%06d@shop.example" % (self.run_id, n)
        return "onboarding.create_account", {
            "seller_reference": "soak-%s-%06d" % (self.run_id, n), "country": "US", "email": email,
            "controller": {"fees": {"payer": "application"}, "losses": {"payments": "application"},
                           "stripe_dashboard": {"type": "express"}},
            "business_type": "individual", "business_profile": {"name": "Soak shop %d" % n, "mcc": "5719"},
            "representative": {"first_name": "Ada", "last_name": "Soak%d" % n, "email": email}}

    def _publish(self, kind):
        n = self.sent[kind] + 1
        kind_type, body = self._body(kind, n)
        correlation = str(uuid.uuid4())
        props = pika.BasicProperties(message_id=str(uuid.uuid4()), correlation_id=correlation, reply_to=REPLY_QUEUE,
                                     type=kind_type, app_id="soak-platform", timestamp=int(time.time()),
                                     delivery_mode=2, content_type="application/json",
                                     headers={"x-schema-version": 1})
        try:
            self.ch.basic_publish("connectbus.commands", kind_type, json.dumps(body).encode(), props, mandatory=True)
        except pika.exceptions.UnroutableError:
            self.unroutable += 1
            time.sleep(0.1)
            return
        self.sent[kind] = n
        self.pending[correlation] = kind
        self.inflight[kind] += 1

    def _reply(self, ch, method, props, body):
        kind = self.pending.pop(props.correlation_id, None)
        if kind is None:
            return
        self.inflight[kind] -= 1
        try:
            reply = json.loads(body)
        except ValueError:
            reply = {"ok": False, "error": body[:200].decode(errors="replace")}
        if reply.get("ok") is True:
            self.ok[kind] += 1
            if kind == "stripe":
                self._requirements_due((reply.get("result") or {}).get("account"))
        elif len(self.errors[kind]) < 1000:
            self.errors[kind].append(reply.get("error"))

    def _requirements_due(self, account):
        """Gives `account` a future requirement at stripe-sim (`account.updated`), which makes
        onboarding publish `onboarding.account.requirements_due` and notifications e-mail
        the seller."""
        if not self.sim_base or not account:
            return
        body = urllib.parse.urlencode({"fields": "individual.verification.document"}).encode()
        request = urllib.request.Request("%s/sim/accounts/%s/future_requirements" % (self.sim_base, account), data=body,
                                         method="POST")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                response.read()
            self.sellers_due += 1
        except OSError as error:
            if len(self.errors["stripe"]) < 1000:
                self.errors["stripe"].append("future requirements of %s: %s" % (account, error))

    def pump(self, seconds=0.02):
        for kind in ("stripe", "batched"):
            burst = 0
            while (self.inflight[kind] < self.windows[kind] and self.sent[kind] < self.limits[kind]
                   and burst < 500):
                self._publish(kind)
                burst += 1
        self.conn.process_data_events(time_limit=seconds)


class Load:
    """Both drivers, the targets and the share reached."""

    def __init__(self, webhooks, commands, log):
        self.webhooks, self.commands, self.log = webhooks, commands, log

    def run_until(self, fraction, deadline, progress=None):
        """Drives every kind up to `fraction` of its target and waits for the answers;
        False when `deadline` (epoch seconds) came first."""
        self.webhooks.allow(int(round(self.webhooks.target * fraction)))
        for kind, target in self.commands.targets.items():
            self.commands.allow(kind, int(round(target * fraction)))
        last = time.time()
        while time.time() < deadline:
            self.commands.pump()
            if self.commands.done() and self.webhooks.done():
                return True
            if progress and time.time() - last >= 15:
                last = time.time()
                progress()
        # out of time: nothing more is sent, what was sent is still answered
        with self.webhooks.lock:
            self.webhooks.limit = self.webhooks.next
        for kind in self.commands.limits:
            self.commands.limits[kind] = self.commands.sent[kind]
        return False

    def extend_batched(self, extra):
        """Raises the batched target by `extra` commands (to reach the messages wanted)."""
        self.commands.targets["batched"] += extra
