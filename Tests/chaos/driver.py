"""Runs the flows side by side over one PlatformBus: publishes their commands (each with
its own message id, recorded in the ledger), resumes them with replies and events, and runs
their simulator calls on a few threads. Every wait has a deadline, so a run always ends."""
import collections
import concurrent.futures
import json
import time
import uuid

from flows import Cmd, Ev, Http

EVENT_FIELDS = ("order_reference", "payment_intent", "account", "refund")


class Ledger:
    """Every command sent, every reply and event received, as JSON lines on disk."""

    def __init__(self, path):
        self.file = open(path, "a", buffering=1)
        self.commands = {}                 # correlation id -> command record
        self.replies = collections.defaultdict(list)   # correlation id -> [reply message ids]
        self.unknown_replies = 0
        self.events = []                   # (routing key, message id, body)
        # message id -> [(time, "reply" or "event", type or routing key)] for every delivery
        # that is a publish of its own: the broker's redeliveries (`redelivered`) and replies
        # replayed for a retried command (`x-replayed`) are not counted (checks.duplicates).
        self.publishes = collections.defaultdict(list)

    def write(self, record):
        self.file.write(json.dumps(record, separators=(",", ":")) + "\n")


class Driver:
    def __init__(self, bus_factory, ledger, log, wait_timeout):
        self.ledger, self.log, self.wait_timeout = ledger, log, wait_timeout
        self.bus = bus_factory(self.on_reply, self.on_event)
        self.pool = concurrent.futures.ThreadPoolExecutor(6, thread_name_prefix="sim")
        self.running = {}          # flow id -> [generator, order, waiting-for, deadline, payload]
        self.unpublished = collections.deque()        # correlation ids to (re)publish
        self.events = collections.defaultdict(list)   # (key, field, value) -> bodies
        self.waiting_events = collections.defaultdict(list)
        self.reply_bodies = {}
        self.published = 0
        self.first_reply_after = []    # [time, answered at] probes for recovery times
        self.finished = []
        self.seen_events = set()
        self.started = time.time()     # messages stamped before it are left over from earlier use of the broker

    # bus callbacks -----------------------------------------------------------------------
    def on_reply(self, props, body, redelivered=False):
        cid = props.correlation_id
        try:
            parsed = json.loads(body)
        except ValueError:
            parsed = None
        now = time.time()
        replayed = str((props.headers or {}).get("x-replayed", "")).lower() == "true"
        self.ledger.write({"kind": "reply", "t": now, "correlation_id": cid, "message_id": props.message_id,
                           "type": props.type, "ok": isinstance(parsed, dict) and parsed.get("ok"),
                           "redelivered": redelivered, "replayed": replayed})
        if not redelivered and not replayed and not self._earlier(props):
            self.ledger.publishes[props.message_id].append((now, "reply", props.type))
        command = self.ledger.commands.get(cid)
        if command is None:
            self.ledger.unknown_replies += 1
            return
        self.ledger.replies[cid].append(props.message_id)
        for probe in self.first_reply_after:
            if probe[1] is None and command["first_published"] >= probe[0]:
                probe[1] = now
        if cid not in self.reply_bodies:
            self.reply_bodies[cid] = parsed
            command["answered"] = now

    def on_event(self, method, props, body):
        try:
            parsed = json.loads(body)
        except ValueError:
            parsed = {}
        key = method.routing_key
        now = time.time()
        self.ledger.events.append((key, props.message_id, parsed))
        if not method.redelivered and not self._earlier(props):
            self.ledger.publishes[props.message_id].append((now, "event", key))
        if props.message_id in self.seen_events:
            self.ledger.write({"kind": "event copy", "t": now, "routing_key": key, "message_id": props.message_id,
                               "redelivered": method.redelivered})
            return
        self.seen_events.add(props.message_id)
        self.ledger.write({"kind": "event", "t": now, "routing_key": key, "message_id": props.message_id,
                           "body": parsed if not key.startswith("stripe.") else {"id": parsed.get("id")}})
        if isinstance(parsed, dict):
            for field in EVENT_FIELDS:
                if field in parsed:
                    self.events[(key, field, parsed[field])].append(parsed)

    def _earlier(self, props):
        """Whether a message was stamped (AMQP `timestamp`, seconds) before this run began: left
        in the platform's durable queues by earlier use of the broker, not one of its publishes."""
        return props.timestamp is not None and props.timestamp < int(self.started) - 1

    # flows -------------------------------------------------------------------------------
    def start(self, flow_id, generator, order):
        self.running[flow_id] = [generator, order, None, 0, None]
        self._advance(flow_id, None)

    def _advance(self, flow_id, value):
        entry = self.running[flow_id]
        generator, order = entry[0], entry[1]
        try:
            step = generator.send(value)
        except StopIteration:
            order.done = True
            del self.running[flow_id]
            self.finished.append(order)
            return
        except Exception as error:     # a bug in a flow is a violation, not a crash
            order.fail("flow raised %s: %s" % (type(error).__name__, error))
            order.done = True
            del self.running[flow_id]
            self.finished.append(order)
            return
        entry[2], entry[3] = step, time.time() + self.wait_timeout
        if isinstance(step, Cmd):
            cid = str(uuid.uuid4())
            command = {"correlation_id": cid, "message_id": str(uuid.uuid4()), "type": step.type,
                       "body": step.body, "account": step.body.get("account") or step.account,
                       "order": order.ref, "flow": flow_id, "first_published": None, "publishes": 0,
                       "answered": None}
            self.ledger.commands[cid] = command
            entry[4] = cid
            self.unpublished.append(cid)
        elif isinstance(step, Http):
            entry[4] = self.pool.submit(step.function)
        elif isinstance(step, Ev):
            entry[4] = ((step.routing_key, step.field, step.value), step.count)
        else:
            raise TypeError("a flow yielded %r" % (step,))

    def _publish_pending(self):
        while self.unpublished:
            cid = self.unpublished[0]
            command = self.ledger.commands[cid]
            if not self.bus.publish(command):
                return
            self.unpublished.popleft()
            now = time.time()
            if command["first_published"] is None:
                command["first_published"] = now
                self.published += 1
            command["publishes"] += 1
            self.ledger.write({"kind": "command", "t": now, "correlation_id": cid, "message_id": command["message_id"],
                               "type": command["type"], "order": command["order"], "body": command["body"],
                               "publish": command["publishes"]})

    def tick(self, poll=0.05):
        self._publish_pending()
        self.bus.poll(poll)
        now = time.time()
        for flow_id in list(self.running):
            entry = self.running.get(flow_id)
            if entry is None:
                continue
            step, deadline, payload = entry[2], entry[3], entry[4]
            if isinstance(step, Cmd):
                if payload in self.reply_bodies:
                    self._advance(flow_id, self.reply_bodies[payload])
                elif now > deadline and payload not in self.unpublished:
                    entry[1].fail("no reply to %s within %d s" % (step.type, self.wait_timeout))
                    self._advance(flow_id, None)
            elif isinstance(step, Http):
                if payload.done():
                    try:
                        result = payload.result()
                    except Exception as error:
                        result = (0, "%s: %s" % (type(error).__name__, error))
                    self._advance(flow_id, result)
            elif isinstance(step, Ev):
                hits = self.events.get(payload[0])
                if hits and len(hits) >= payload[1]:
                    self._advance(flow_id, hits[payload[1] - 1])
                elif now > deadline:
                    self._advance(flow_id, None)

    def probe_recovery(self, since):
        """Records when the first command published after `since` is answered."""
        probe = [since, None]
        self.first_reply_after.append(probe)
        return probe
