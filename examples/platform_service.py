#!/usr/bin/env python3
"""A platform service talking to ConnectBus over AMQP only, built from the message
catalogue: it publishes `onboarding.create_account` as the `platform` broker user, waits
for the reply on its own server-named queue (a reply that does not come is asked for again
by publishing the same command under the same `message_id`: the replay rule; `--replay`
shows it), and tails the events of `connectbus.events`
as the `monitor` user until the account's `onboarding.account.created` event arrives;
with `--history-from first` it then finds that event again in the event history stream
`connectbus.events.history` (`EventHistory`), as a service started later would.

    connectbus catalogue --out catalogue.json          # or: make catalogue > catalogue.json
    python3 examples/platform_service.py --catalogue catalogue.json

Environment (defaults: the local servers of `make up`, on CONNECTBUS_AMQP_PORT when
`make up`/`make demo` moved to another port, else 5672):
    PLATFORM_AMQP_URL  amqp://platform:platform@127.0.0.1:5672/
    MONITOR_AMQP_URL   amqp://monitor:monitor@127.0.0.1:5672/

It needs the `onboarding` service running (and Stripe or stripe-sim behind it): the
command waits in its queue until the service takes it. Exit status 0 when the reply is
`ok` and the event was seen, 1 otherwise. Needs `pika`; when `jsonschema` is installed the
command body is first checked against the catalogue's JSON Schema, as a platform team
would in its own tests.
"""
import argparse
import json
import os
import sys
import time
import urllib.parse
import uuid

import pika


def connection_parameters(url, name):
    """pika parameters for an amqp:// URL, with a connection name the management UI shows."""
    parts = urllib.parse.urlparse(url)
    vhost = urllib.parse.unquote(parts.path[1:]) if len(parts.path) > 1 else "/"
    return pika.ConnectionParameters(
        parts.hostname or "127.0.0.1", parts.port or 5672, vhost,
        credentials=pika.PlainCredentials(urllib.parse.unquote(parts.username or ""),
                                          urllib.parse.unquote(parts.password or "")),
        client_properties={"connection_name": name}, heartbeat=30, connection_attempts=3, retry_delay=1)


class EventTail:
    """A monitor: an exclusive, server-named queue (amq.gen-…, deleted when the connection
    closes) bound to the events exchange with topic patterns. It declares only its queue
    and bindings: the monitor user may not declare exchanges."""

    def __init__(self, params, exchange, patterns):
        self.connection = pika.BlockingConnection(params)
        self.channel = self.connection.channel()
        self.queue = self.channel.queue_declare("", exclusive=True, auto_delete=True).method.queue
        for pattern in patterns:
            self.channel.queue_bind(self.queue, exchange, routing_key=pattern)
        self.channel.basic_qos(prefetch_count=100)

    def events(self, timeout):
        """Yields (routing_key, properties, body) until `timeout` seconds pass without one."""
        for method, properties, body in self.channel.consume(self.queue, inactivity_timeout=timeout):
            if method is None:
                return
            self.channel.basic_ack(method.delivery_tag)
            yield method.routing_key, properties, json.loads(body)

    def close(self):
        self.connection.close()


class CommandClient:
    """Publishes commands as the catalogue's conventions say and waits for their replies."""

    def __init__(self, params, catalogue):
        self.catalogue = catalogue
        self.connection = pika.BlockingConnection(params)
        self.channel = self.connection.channel()
        self.channel.confirm_delivery()   # basic_publish raises if the broker nacks or cannot route
        # Replies come to a queue of our own; the platform user may only read amq.gen-… and platform.… queues.
        # Exclusive (gone with the connection), not auto-delete: each request consumes it anew.
        self.reply_queue = self.channel.queue_declare("", exclusive=True).method.queue

    def request(self, name, body, stripe_account=None, timeout=60, message_id=None, attempts=3):
        """Publishes command `name` and returns (its reply's body ({"ok": …, …}), the
        reply's AMQP properties).

        The replay rule: a command whose reply did not come within `timeout` s (lost with a
        reply queue, a connection, a crash) is published again under the SAME `message_id`
        with the same body, up to `attempts` times. The suite does not run a command twice:
        it answers its stored reply again, with the header `x-replayed: true`. A new command
        needs a new `message_id` (pass none)."""
        entry = self.catalogue["messages"][name]
        if entry["kind"] != "command":
            raise ValueError(f"{name} is not a command")
        check_against_schema(entry["schema"], body)
        message_id = message_id or str(uuid.uuid4())   # the suite dedupes by it
        headers = {"x-schema-version": entry["version"]}
        if stripe_account:
            headers["x-stripe-account"] = stripe_account   # the connected account, for its commands
        for _attempt in range(attempts):
            correlation_id = str(uuid.uuid4())   # a fresh one per publish: a late reply is told apart
            properties = pika.BasicProperties(
                message_id=message_id, correlation_id=correlation_id, type=name, reply_to=self.reply_queue,
                timestamp=int(time.time()), app_id="example-platform-service",
                content_type="application/json", delivery_mode=2, headers=headers)
            self.channel.basic_publish(entry["exchange"], entry["routing_key"], json.dumps(body).encode(),
                                       properties, mandatory=True)
            answer = self._reply(correlation_id, timeout)
            if answer is None:
                print(f"no reply to {name} within {timeout} s: publishing it again under message_id {message_id}",
                      file=sys.stderr, flush=True)
                continue
            props, reply = answer
            if props.type != entry["reply"]:
                raise RuntimeError(f"unexpected reply type {props.type}")
            return json.loads(reply), props
        raise TimeoutError(f"no reply to {name} after {attempts} attempts (is the service running?)")

    def _reply(self, correlation_id, timeout):
        """(properties, body) of the reply with this correlation_id, or None after `timeout` s.
        Replies to earlier attempts (other correlation ids) are dropped: the one awaited
        carries the same stored body."""
        deadline = time.monotonic() + timeout
        for method, props, reply in self.channel.consume(self.reply_queue, auto_ack=True, inactivity_timeout=1):
            if method is not None and props.correlation_id == correlation_id:
                self.channel.cancel()
                return props, reply
            if time.monotonic() > deadline:
                self.channel.cancel()
                return None

    def close(self):
        self.connection.close()


class EventHistory:
    """Reads the stream `connectbus.events.history`, which keeps every event of
    `connectbus.events` (by age and size, the broker policy `connectbus-events-history`):
    what a service that starts today needs to see yesterday's events. A stream consumer
    must set a prefetch and ack manually; `x-stream-offset` says where to start: "first",
    "last", "next", an offset (each message's `x-stream-offset` header), a timestamp, or an
    interval such as "1h". Remember the last offset you handled to resume after it."""

    STREAM = "connectbus.events.history"

    def __init__(self, params, stream=STREAM):
        self.stream = stream
        self.connection = pika.BlockingConnection(params)
        self.channel = self.connection.channel()
        self.channel.basic_qos(prefetch_count=200)

    def events(self, offset, patterns=("#",), timeout=10):
        """Yields (offset, routing key, properties, JSON body) from `offset` on, for routing
        keys matching one of the topic `patterns`, until nothing arrived for `timeout` s
        (None: for ever)."""
        for method, properties, body in self.channel.consume(
                self.stream, arguments={"x-stream-offset": offset}, inactivity_timeout=timeout):
            if method is None:
                break
            self.channel.basic_ack(method.delivery_tag)
            if any(topic_matches(p, method.routing_key) for p in patterns):
                yield properties.headers["x-stream-offset"], method.routing_key, properties, json.loads(body or b"{}")

    def close(self):
        """Stop by closing the connection, not by cancelling: pika rejects the deliveries
        still buffered on cancel, and RabbitMQ 3.10 answers basic.reject on a stream by
        closing the connection (540 NOT_IMPLEMENTED). Unacked deliveries are just dropped."""
        try:
            if self.connection.is_open:
                self.connection.close()
        except pika.exceptions.AMQPError:
            pass


def topic_matches(pattern, key):
    """AMQP topic matching: `*` one word, `#` zero or more."""
    def match(p, k):
        if not p:
            return not k
        if p[0] == "#":
            return any(match(p[1:], k[i:]) for i in range(len(k) + 1))
        return bool(k) and (p[0] == "*" or p[0] == k[0]) and match(p[1:], k[1:])
    return match(pattern.split("."), key.split("."))


def check_against_schema(schema, body):
    try:
        import jsonschema
    except ImportError:
        return
    jsonschema.validate(body, schema, cls=jsonschema.Draft202012Validator)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--catalogue", required=True, help="output of `connectbus catalogue --out FILE`")
    parser.add_argument("--seller-reference", default=f"example-{uuid.uuid4().hex[:12]}")
    parser.add_argument("--country", default="US")
    parser.add_argument("--timeout", type=float, default=60, help="seconds to wait for the reply and the event")
    parser.add_argument("--replay", action="store_true",
                        help="publish the command again under the same message_id, as after a lost reply, "
                             "and check that its stored reply comes back (x-replayed: true)")
    parser.add_argument("--history-from", help="afterwards, find the event again in connectbus.events.history, "
                                                "reading from this x-stream-offset (first, an offset, 1h, …)")
    args = parser.parse_args(argv)
    with open(args.catalogue, encoding="utf-8") as f:
        catalogue = json.load(f)
    events_exchange = catalogue["messages"]["onboarding.account.created"]["exchange"]
    port = os.environ.get("CONNECTBUS_AMQP_PORT", "5672")
    platform_url = os.environ.get("PLATFORM_AMQP_URL", f"amqp://platform:platform@127.0.0.1:{port}/")
    monitor_url = os.environ.get("MONITOR_AMQP_URL", f"amqp://monitor:monitor@127.0.0.1:{port}/")

    # Bind the monitor first, so it sees what the command causes.
    tail = EventTail(connection_parameters(monitor_url, "example.monitor"), events_exchange, ["onboarding.#"])
    client = CommandClient(connection_parameters(platform_url, "example.platform"), catalogue)
    try:
        body = {"seller_reference": args.seller_reference, "country": args.country, "type": "express",
                "email": f"{args.seller_reference}@shop.example"}
        print(f"send onboarding.create_account {json.dumps(body)}", flush=True)
        message_id = str(uuid.uuid4())
        reply, _ = client.request("onboarding.create_account", body, timeout=args.timeout, message_id=message_id)
        print(f"reply {json.dumps(reply)}", flush=True)
        if args.replay:
            # As a service that lost the reply would: the same command under the same message_id.
            again, properties = client.request("onboarding.create_account", body, timeout=args.timeout,
                                               message_id=message_id)
            replayed = (properties.headers or {}).get("x-replayed")
            print(f"replayed reply (x-replayed: {replayed}, message_id {properties.message_id}) "
                  f"{json.dumps(again)}", flush=True)
            if again != reply or replayed != "true":
                print("the same message_id did not bring the stored reply back", file=sys.stderr)
                return 1
        if not reply.get("ok"):
            error = reply.get("error", {})
            print(f"error reply: {error.get('code')}: {error.get('message')}", file=sys.stderr)
            return 1
        account = reply["result"]["account"]
        for key, properties, event in tail.events(timeout=args.timeout):
            print(f"event {key} {(properties.headers or {}).get('x-stripe-account', '-')} {json.dumps(event)}",
                  flush=True)
            if key == "onboarding.account.created" and event.get("account") == account:
                print(f"done: account {account} created for {args.seller_reference}", flush=True)
                return 0 if args.history_from is None else replay(monitor_url, args.history_from, account)
        print(f"no onboarding.account.created event for {account} within {args.timeout} s", file=sys.stderr)
        return 1
    finally:
        client.close()
        tail.close()


def replay(monitor_url, offset, account):
    """Finds the account's `onboarding.account.created` in the history stream, as a
    service started later would."""
    history = EventHistory(connection_parameters(monitor_url, "example.history"))
    try:
        start = int(offset) if offset.isdigit() else offset
        for position, key, _properties, event in history.events(start, ["onboarding.account.*"]):
            if key == "onboarding.account.created" and event.get("account") == account:
                print(f"history {position} {key} {account}", flush=True)
                return 0
        print(f"{account} not found in {EventHistory.STREAM} from {offset}", file=sys.stderr)
        return 1
    finally:
        history.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
