"""Commands sent as a platform service sends them, for the benchmarks that drive running
services (scripts/bench-ratelimit.py, scripts/bench-scaling.py): each publish carries its
own `message_id`, a `correlation_id`, `reply_to` an exclusive queue of this connection,
`mandatory` and `x-schema-version` 1, and the replies are collected with their arrival
times. Single-threaded (pika's BlockingConnection): replies are read inside `offer` and
`wait`."""
import json
import time
import uuid

import pika


class CommandBus:
    """One connection that publishes commands and collects their replies.
    `confirms`: wait for the broker's confirm of every publish (publisher confirms)."""

    def __init__(self, url, app_id, confirms=False):
        self.app_id = app_id
        self.connection = pika.BlockingConnection(pika.URLParameters(url))
        self.channel = self.connection.channel()
        if confirms:
            self.channel.confirm_delivery()
        self.reply_queue = self.channel.queue_declare("", exclusive=True, auto_delete=True).method.queue
        self.sent = {}           # correlation id -> time sent
        self.replies = {}        # correlation id -> (time received, decoded body)
        self.channel.basic_consume(self.reply_queue, self._on_reply, auto_ack=True)

    def _on_reply(self, channel, method, properties, body):
        self.replies[properties.correlation_id] = (time.time(), json.loads(body))

    def send(self, kind, body):
        """Publishes the command `kind` (its routing key on `connectbus.commands`) with `body`
        as JSON; returns its correlation id."""
        correlation = str(uuid.uuid4())
        props = pika.BasicProperties(message_id=str(uuid.uuid4()), correlation_id=correlation, reply_to=self.reply_queue,
                                     type=kind, app_id=self.app_id, delivery_mode=2,
                                     content_type="application/json", headers={"x-schema-version": 1})
        self.sent[correlation] = time.time()
        self.channel.basic_publish("connectbus.commands", kind, json.dumps(body).encode(), props, mandatory=True)
        return correlation

    def offer(self, kind, bodies, rate):
        """Sends `bodies` paced at `rate` per second, reading replies between sends; returns
        their correlation ids in order."""
        start = time.time()
        correlations = []
        for index, body in enumerate(bodies):
            due = start + index / rate
            while True:
                now = time.time()
                if now >= due:
                    break
                self.connection.process_data_events(time_limit=min(0.005, due - now))
            correlations.append(self.send(kind, body))
        return correlations

    def wait(self, correlations, timeout):
        """Reads replies until every one of `correlations` has one or `timeout` seconds passed;
        returns (time, body) per correlation, None where none came."""
        deadline = time.time() + timeout
        while time.time() < deadline and any(c not in self.replies for c in correlations):
            self.connection.process_data_events(time_limit=0.1)
        return [self.replies.get(c) for c in correlations]

    def close(self):
        try:
            self.connection.close()
        except Exception:
            pass


def ok_result(reply):
    """The `result` of an `ok` reply (a (time, body) pair), else None."""
    ok = reply is not None and isinstance(reply[1], dict) and reply[1].get("ok") is True
    return reply[1].get("result") if ok else None
