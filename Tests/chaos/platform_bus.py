"""The platform side of the chaos run over AMQP (pika): publishes commands as a platform
service does (`mandatory`, publisher confirms, `reply_to`, its own `message_id`) and
consumes the replies and every event. Its reply queue (`platform.chaos.replies`) and event
queue (`monitor.chaos.events`, bound to `#`) are durable quorum queues, so a RabbitMQ
restart or a node loss loses neither. On a lost connection it reconnects to the next URL of
its list; a command whose confirm did not arrive is published again with the same
`message_id` (at-least-once, absorbed by the services' inboxes)."""
import json
import time
import uuid
from urllib.parse import urlparse, unquote

import pika
from pika.exceptions import AMQPError

REPLY_QUEUE = "platform.chaos.replies"
EVENT_QUEUE = "monitor.chaos.events"
QUORUM = {"x-queue-type": "quorum"}


def parameters(url, user, password):
    """pika parameters for one `amqp://host:port/vhost` URL with the given user."""
    u = urlparse(url)
    vhost = unquote(u.path[1:]) if len(u.path) > 1 else "/"
    return pika.ConnectionParameters(host=u.hostname or "127.0.0.1", port=u.port or 5672, virtual_host=vhost,
                                     credentials=pika.PlainCredentials(user, password),
                                     heartbeat=10, blocked_connection_timeout=30, socket_timeout=5,
                                     connection_attempts=1)


class PlatformBus:
    """Single-threaded: call `poll()` often; `on_reply(props, body, redelivered)` and
    `on_event(method, props, body)` run inside it."""

    def __init__(self, urls, on_reply, on_event, log):
        self.urls = urls
        self.url_index = 0
        self.on_reply = on_reply
        self.on_event = on_event
        self.log = log
        self.pub = self.mon = None
        self.pub_ch = self.mon_ch = None
        self.reconnects = 0
        self.down_since = None
        self.outages = []        # (lost at, reconnected at)

    # connection handling ---------------------------------------------------------------
    def connected(self):
        return self.pub is not None and self.pub.is_open and self.mon is not None and self.mon.is_open

    def _close(self):
        for c in (self.pub, self.mon):
            try:
                if c is not None and c.is_open:
                    c.close()
            except Exception:
                pass
        self.pub = self.mon = self.pub_ch = self.mon_ch = None

    def connect(self, declare=False):
        """One attempt on the current URL (then the next); True when connected."""
        url = self.urls[self.url_index % len(self.urls)]
        try:
            self.pub = pika.BlockingConnection(parameters(url, "platform", "platform"))
            self.pub_ch = self.pub.channel()
            self.pub_ch.confirm_delivery()
            self.pub_ch.queue_declare(REPLY_QUEUE, durable=True, arguments=QUORUM)
            self.pub_ch.basic_qos(prefetch_count=200)
            self.pub_ch.basic_consume(REPLY_QUEUE, self._reply)
            self.mon = pika.BlockingConnection(parameters(url, "monitor", "monitor"))
            self.mon_ch = self.mon.channel()
            self.mon_ch.queue_declare(EVENT_QUEUE, durable=True, arguments=QUORUM)
            self.mon_ch.queue_bind(EVENT_QUEUE, "connectbus.events", "#")
            self.mon_ch.basic_qos(prefetch_count=500)
            self.mon_ch.basic_consume(EVENT_QUEUE, self._event)
        except (AMQPError, OSError) as error:
            if self.down_since is None or time.time() - getattr(self, "last_complaint", 0) > 10:
                self.last_complaint = time.time()
                self.log("platform: cannot connect to %s: %s" % (url, type(error).__name__))
            if self.down_since is None:
                self.down_since = time.time()
            self._close()
            self.url_index += 1
            return False
        if self.down_since is not None:
            self.outages.append((self.down_since, time.time()))
            self.log("platform: reconnected to %s after %.1f s" % (url, time.time() - self.down_since))
            self.down_since = None
            self.reconnects += 1
        return True

    def purge(self):
        self.pub_ch.queue_purge(REPLY_QUEUE)
        self.mon_ch.queue_purge(EVENT_QUEUE)

    def _lost(self, error):
        if self.down_since is None:
            self.down_since = time.time()
            self.log("platform: connection lost (%s); reconnecting" % type(error).__name__)
        self._close()
        self.url_index += 1

    # messages ----------------------------------------------------------------------------
    def _reply(self, ch, method, props, body):
        self.on_reply(props, body, method.redelivered)
        ch.basic_ack(method.delivery_tag)

    def _event(self, ch, method, props, body):
        self.on_event(method, props, body)
        ch.basic_ack(method.delivery_tag)

    def publish(self, command):
        """Publishes one ledger command; True once the broker confirmed it."""
        if not self.connected() and not self.connect():
            return False
        headers = {"x-schema-version": 1}
        if command.get("account"):
            headers["x-stripe-account"] = command["account"]
        props = pika.BasicProperties(message_id=command["message_id"], correlation_id=command["correlation_id"],
                                     reply_to=REPLY_QUEUE, type=command["type"], app_id="chaos-platform",
                                     timestamp=int(time.time()), delivery_mode=2, content_type="application/json",
                                     headers=headers)
        try:
            self.pub_ch.basic_publish("connectbus.commands", command["type"], json.dumps(command["body"]).encode(),
                                      props, mandatory=True)
            return True
        except pika.exceptions.UnroutableError:
            self.log("platform: %s unroutable (its queue is not declared yet)" % command["type"])
            return False
        except pika.exceptions.NackError:
            return False
        except (AMQPError, OSError) as error:
            self._lost(error)
            return False

    def poll(self, seconds):
        """Delivers replies and events for up to `seconds`."""
        if not self.connected():
            if not self.connect():
                time.sleep(min(seconds, 0.5))
            return
        try:
            self.pub.process_data_events(time_limit=0)
            self.mon.process_data_events(time_limit=seconds)
        except (AMQPError, OSError) as error:
            self._lost(error)


def new_ids():
    return str(uuid.uuid4()), str(uuid.uuid4())
