"""A platform service in another language: a ConnectBus monitoring consumer and command
client written with pika, using only the exported message catalogue
(`connectbus catalogue --out catalogue.json`) and the topology names it documents.

    python3 Tests/deployment/monitoring_consumer.py catalogue.json 'payments.#' 'stripe.#'

prints one line per event until interrupted. As a library: `EventSubscriber` collects
events on its own thread (pika connections are not thread-safe: one per thread), and
`CommandClient.request()` publishes a command with reply_to and waits for its reply.
"""
import json
import sys
import threading
import time
import uuid

import pika


class Catalogue:
    """The exported catalogue: exchanges, routing keys, queues and reply names."""

    def __init__(self, path):
        with open(path, encoding="utf-8") as f:
            self.document = json.load(f)
        self.messages = self.document["messages"]

    def command(self, name):
        entry = self.messages.get(name)
        if entry is None or entry["kind"] != "command":
            raise KeyError(f"{name} is not a command of the catalogue")
        return entry

    @property
    def events_exchange(self):
        return next(m["exchange"] for m in self.messages.values() if m["kind"] == "event")

    def required_fields(self, name):
        return self.command(name)["schema"].get("required", [])


class EventSubscriber(threading.Thread):
    """Binds an exclusive, server-named queue to the events exchange with `patterns`
    and collects (routing_key, properties, body) until stopped."""

    def __init__(self, params, catalogue, patterns):
        super().__init__(daemon=True)
        self.params, self.catalogue, self.patterns = params, catalogue, patterns
        self.events = []
        self.ready = threading.Event()
        self.error = None
        self._halt = threading.Event()

    def run(self):
        try:
            connection = pika.BlockingConnection(self.params)
            channel = connection.channel()
            queue = channel.queue_declare("", exclusive=True, auto_delete=True).method.queue
            for pattern in self.patterns:
                channel.queue_bind(queue, self.catalogue.events_exchange, routing_key=pattern)
            self.ready.set()
            for method, properties, body in channel.consume(queue, inactivity_timeout=0.5):
                if self._halt.is_set():
                    break
                if method is None:
                    continue
                self.events.append((method.routing_key, properties, json.loads(body)))
                channel.basic_ack(method.delivery_tag)
            channel.cancel()
            connection.close()
        except Exception as error:  # reported to the test through .error
            self.error = error
            self.ready.set()

    def stop(self):
        self._halt.set()
        self.join(timeout=10)

    def routing_keys(self):
        return [key for key, _, _ in self.events]


class CommandClient:
    """Publishes commands as the catalogue's conventions say and waits for replies."""

    def __init__(self, params, catalogue, app_id="python-platform"):
        self.catalogue, self.app_id = catalogue, app_id
        self.connection = pika.BlockingConnection(params)
        self.channel = self.connection.channel()
        self.channel.confirm_delivery()
        self.reply_queue = self.channel.queue_declare("", exclusive=True, auto_delete=True).method.queue

    def request(self, name, body, stripe_account=None, timeout=30):
        entry = self.catalogue.command(name)
        missing = [f for f in self.catalogue.required_fields(name) if f not in body]
        if missing:
            raise ValueError(f"{name} needs {missing}")
        correlation_id = str(uuid.uuid4())
        headers = {"x-schema-version": entry["version"]}
        if stripe_account:
            headers["x-stripe-account"] = stripe_account
        properties = pika.BasicProperties(
            message_id=str(uuid.uuid4()), correlation_id=correlation_id, type=name,
            timestamp=int(time.time()), app_id=self.app_id, reply_to=self.reply_queue,
            content_type="application/json", delivery_mode=2, headers=headers)
        self.channel.basic_publish(entry["exchange"], entry["routing_key"],
                                   json.dumps(body).encode(), properties, mandatory=True)
        deadline = time.time() + timeout
        while time.time() < deadline:
            method, props, reply = self.channel.basic_get(self.reply_queue, auto_ack=True)
            if method is None:
                self.connection.sleep(0.1)
                continue
            if props.correlation_id == correlation_id:
                assert props.type == entry["reply"], props.type
                return json.loads(reply)
        raise TimeoutError(f"no reply to {name} within {timeout} s")

    def close(self):
        self.connection.close()


def main(argv):
    import os
    import urllib.parse
    url = urllib.parse.urlparse(os.environ.get("AMQP_URL", "amqp://monitor:monitor@127.0.0.1:5672/"))
    params = pika.ConnectionParameters(url.hostname or "127.0.0.1", url.port or 5672,
                                       credentials=pika.PlainCredentials(url.username or "monitor",
                                                                         url.password or "monitor"))
    subscriber = EventSubscriber(params, Catalogue(argv[1]), argv[2:] or ["#"])
    subscriber.start()
    seen = 0
    try:
        while subscriber.is_alive():
            for key, properties, body in subscriber.events[seen:]:
                account = (properties.headers or {}).get("x-stripe-account", "-")
                print(key, account, json.dumps(body)[:160], flush=True)
            seen = len(subscriber.events)
            time.sleep(0.2)
    except KeyboardInterrupt:
        subscriber.stop()
    if subscriber.error:
        raise subscriber.error


if __name__ == "__main__":
    main(sys.argv)
