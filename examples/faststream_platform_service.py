#!/usr/bin/env python3
"""A platform service built on FastStream (RabbitMQ) from docs/asyncapi.yaml alone: every
exchange, routing key, reply name, header and schema version comes from the AsyncAPI
document (`asyncapi_contract.Contract`), none from the catalogue or the Swift code.

As the `platform` broker user it sells for a seller the way a store builder does:

1. creates the seller's connected account (`onboarding.create_account`, prefilled so
   Stripe asks only for the terms) and sees `onboarding.account.created`;
2. gets an onboarding link, lets the "seller" complete it (with stripe-sim: a GET of the
   link with `?outcome=complete`) and waits for `onboarding.account.onboarding_completed`;
3. opens a Checkout Session with an inline price (`payments.create_checkout_session`) and
   sees `payments.checkout_session.created`;
4. takes a Terminal payment: location, simulated reader, card-present PaymentIntent,
   `terminal.process_payment`, a card presented on the reader (stripe-sim's test helper),
   `terminal.payment.authorized`, `terminal.capture_payment`, `terminal.payment.captured`.

Each reply and event it reads is printed as one line (`reply <name> {...}`,
`event <routing key> {...}`); exit status 0 when every step got its reply and event.

    python3 examples/faststream_platform_service.py

Environment: PLATFORM_AMQP_URL (default amqp://platform:platform@127.0.0.1:<CONNECTBUS_AMQP_PORT
or 5672>/), STRIPE_API_BASE and STRIPE_API_KEY (the simulator, for the seller's and the
reader's part; default http://127.0.0.1:12111 and sk_test_connectbus_demo as `make demo`).
Needs `faststream[rabbit]` and PyYAML.
"""
import argparse
import asyncio
import json
import os
import pathlib
import sys
import time
import urllib.error
import urllib.request
import uuid

from faststream.rabbit import ExchangeType, RabbitBroker, RabbitExchange, RabbitQueue
from faststream.rabbit.annotations import RabbitMessage

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from asyncapi_contract import DEFAULT_DOCUMENT, Contract  # noqa: E402


class ReplyTimeout(Exception):
    """No reply within the deadline, after every retry under the same message_id."""


class PlatformClient:
    """Commands with replies and an event feed over one FastStream RabbitBroker.

    Replies come to an exclusive queue of our own (`platform.…`, as the `platform` user may
    declare), events to another bound to the events exchange with `#`. Neither exchange is
    declared (`declare=False`): the suite owns them."""

    def __init__(self, contract, url, name="faststream-platform"):
        self.contract = contract
        self.broker = RabbitBroker(url, app_id=name, client_properties={"connection_name": name})
        suffix = uuid.uuid4().hex[:12]
        self.reply_queue = RabbitQueue(f"platform.{name}.replies.{suffix}", durable=False, exclusive=True,
                                       auto_delete=True)
        self.events_queue = RabbitQueue(f"platform.{name}.events.{suffix}", durable=False, exclusive=True,
                                        auto_delete=True, routing_key="#")
        self.events_exchange = RabbitExchange(contract.events_exchange(), type=ExchangeType.TOPIC, declare=False)
        self.pending = {}
        self.events = []
        self.event_arrived = asyncio.Condition()
        self.broker.subscriber(self.reply_queue)(self._on_reply)
        self.broker.subscriber(self.events_queue, self.events_exchange)(self._on_event)

    async def start(self):
        await self.broker.start()

    async def close(self):
        await self.broker.stop()

    async def _on_reply(self, body: dict, message: RabbitMessage):
        future = self.pending.get(message.correlation_id)
        if future is not None and not future.done():
            future.set_result((message.raw_message.type, dict(message.headers or {}), body))

    async def _on_event(self, body: dict, message: RabbitMessage):
        async with self.event_arrived:
            self.events.append((message.raw_message.routing_key, dict(message.headers or {}), body))
            self.event_arrived.notify_all()

    async def request(self, name, body, account=None, timeout=30, attempts=3, message_id=None):
        """Publishes command `name` and returns its reply's body. A lost reply (none within
        `timeout` s) is learnt by publishing the same command again under the same
        message_id: the suite does not run it twice and answers its stored reply."""
        exchange, routing_key, version, reply_name, _ = self.contract.command(name)
        if account and self.contract.takes_account(name):
            body = {"account": account, **body}
        self.contract.check(name, body)
        message_id = message_id or str(uuid.uuid4())
        headers = {"x-schema-version": version}
        if account:
            headers["x-stripe-account"] = account
        for _attempt in range(attempts):
            correlation_id = str(uuid.uuid4())
            future = asyncio.get_running_loop().create_future()
            self.pending[correlation_id] = future
            try:
                await self.broker.publish(
                    body, exchange=RabbitExchange(exchange, type=ExchangeType.TOPIC, declare=False),
                    routing_key=routing_key, mandatory=True, persist=True, reply_to=self.reply_queue.name,
                    correlation_id=correlation_id, message_id=message_id, message_type=name, headers=headers,
                    content_type="application/json", timestamp=int(time.time()))
                reply_type, reply_headers, reply = await asyncio.wait_for(future, timeout)
            except asyncio.TimeoutError:
                print(f"no reply to {name} within {timeout} s: publishing it again under message_id {message_id}",
                      flush=True)
                continue
            finally:
                self.pending.pop(correlation_id, None)
            if reply_type != reply_name:
                raise RuntimeError(f"{name}: reply of type {reply_type}, expected {reply_name}")
            replayed = " (replayed)" if reply_headers.get("x-replayed") == "true" else ""
            print(f"reply {reply_name}{replayed} {json.dumps(reply)}", flush=True)
            return reply
        raise ReplyTimeout(f"no reply to {name} after {attempts} attempts (is its service running?)")

    async def ok(self, name, body, account=None, ready_timeout=60):
        """The result of a successful reply; a command refused because the seller's account
        is not ready yet (payments and terminal learn it from events) is sent again as a new
        command until `ready_timeout` s passed. Any other error raises."""
        deadline = time.monotonic() + ready_timeout
        while True:
            reply = await self.request(name, body, account=account)
            if reply["ok"]:
                return reply["result"]
            if reply["error"]["code"] != "conflict.account_not_ready" or time.monotonic() > deadline:
                raise RuntimeError(f"{name} refused: {reply['error']}")
            await asyncio.sleep(1)

    async def event(self, routing_key, timeout=60, **fields):
        """The first event with this routing key whose body has `fields` (seen since start)."""
        def match():
            for key, _headers, body in self.events:
                if key == routing_key and all(body.get(k) == v for k, v in fields.items()):
                    return body
            return None

        async with self.event_arrived:
            body = await asyncio.wait_for(self.event_arrived.wait_for(match), timeout)
        print(f"event {routing_key} {json.dumps(body)}", flush=True)
        return body


def stripe_sim_post(base, key, path, account):
    """A form POST to the simulator as the platform (for the reader's test helper)."""
    request = urllib.request.Request(base + path, data=b"", method="POST", headers={
        "Authorization": "Bearer " + key, "Stripe-Account": account})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"{}")


def complete_onboarding(link):
    """The seller finishing Stripe's hosted onboarding, as stripe-sim's page lets a script do:
    GET the link with outcome=complete (302 to the return URL, which is not followed)."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None
    opener = urllib.request.build_opener(NoRedirect)
    try:
        opener.open(link + ("&" if "?" in link else "?") + "outcome=complete", timeout=30)
    except urllib.error.HTTPError as error:
        if error.code != 302:
            raise


def seller_body(reference):
    """A prefilled seller (an individual in the US with a bank account): only the terms are left."""
    email = f"owner+{reference}@ceramics.example"
    return {
        "seller_reference": reference, "country": "US", "email": email,
        "controller": {"fees": {"payer": "application"}, "losses": {"payments": "application"},
                       "stripe_dashboard": {"type": "express"}},
        "business_type": "individual",
        "business_profile": {"name": "Lovelace Ceramics", "mcc": "5719", "url": "https://ceramics.example"},
        "individual": {"first_name": "Ada", "last_name": "Lovelace", "email": email, "phone": "+14155550100",
                       "dob": {"day": 10, "month": 12, "year": 1985},
                       "address": {"line1": "address_full_match", "city": "San Francisco", "state": "CA",
                                   "postal_code": "94110", "country": "US"},
                       "id_number": "000000000"},
        "external_account": {"token": "btok_us_verified"},
    }


async def sell(client, reference, sim_base, sim_key):
    """The three stories; returns (account, checkout session, captured PaymentIntent)."""
    account = (await client.ok("onboarding.create_account", seller_body(reference)))["account"]
    await client.event("onboarding.account.created", account=account)
    link = await client.ok("onboarding.create_account_link", {
        "account": account, "type": "account_onboarding",
        "refresh_url": "https://shop.example/onboarding/refresh", "return_url": "https://shop.example/onboarding/done"})
    complete_onboarding(link["url"])
    await client.event("onboarding.account.onboarding_completed", account=account)

    order = f"{reference}-online"
    session = await client.ok("payments.create_checkout_session", {
        "order_reference": order,
        "line_items": [{"price_data": {"product_name": "Glazed bowl", "unit_amount": 2400, "currency": "usd"},
                        "quantity": 2}],
        "application_fee_amount": 480,
        "success_url": "https://shop.example/thanks?session={CHECKOUT_SESSION_ID}",
        "cancel_url": "https://shop.example/cart"}, account=account)
    await client.event("payments.checkout_session.created", checkout_session=session["checkout_session"])

    location = (await client.ok("terminal.create_location", {
        "display_name": "Lovelace Ceramics, Main St",
        "address": {"line1": "1 Main St", "city": "San Francisco", "state": "CA", "postal_code": "94110",
                    "country": "US"}}, account=account))["location"]
    reader = (await client.ok("terminal.register_reader", {
        "registration_code": "simulated-wpe", "location": location, "label": "Counter"}, account=account))["reader"]
    shop_order = f"{reference}-shop"
    intent = (await client.ok("terminal.create_payment_intent", {
        "order_reference": shop_order, "amount": 4200, "currency": "usd", "capture_method": "manual",
        "application_fee_amount": 420}, account=account))["payment_intent"]
    await client.ok("terminal.process_payment", {"reader": reader, "payment_intent": intent}, account=account)
    stripe_sim_post(sim_base, sim_key, f"/v1/test_helpers/terminal/readers/{reader}/present_payment_method", account)
    await client.event("terminal.payment.authorized", payment_intent=intent)
    await client.ok("terminal.capture_payment", {"payment_intent": intent}, account=account)
    await client.event("terminal.payment.captured", payment_intent=intent)
    return account, session["checkout_session"], intent


async def run(args):
    client = PlatformClient(Contract(args.asyncapi), args.amqp_url)
    await client.start()
    try:
        account, session, intent = await sell(client, args.seller_reference, args.stripe_api_base, args.stripe_api_key)
        print(f"done: account {account}, checkout session {session}, terminal payment {intent} captured", flush=True)
        return 0
    finally:
        await client.close()


def main(argv):
    port = os.environ.get("CONNECTBUS_AMQP_PORT", "5672")
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--asyncapi", default=str(DEFAULT_DOCUMENT), help="the AsyncAPI document (docs/asyncapi.yaml)")
    parser.add_argument("--amqp-url", default=os.environ.get("PLATFORM_AMQP_URL",
                                                             f"amqp://platform:platform@127.0.0.1:{port}/"))
    parser.add_argument("--stripe-api-base", default=os.environ.get("STRIPE_API_BASE", "http://127.0.0.1:12111"))
    parser.add_argument("--stripe-api-key", default=os.environ.get("STRIPE_API_KEY", "sk_test_connectbus_demo"))
    parser.add_argument("--seller-reference", default=f"faststream-{uuid.uuid4().hex[:12]}")
    return asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
