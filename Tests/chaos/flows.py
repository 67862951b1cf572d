"""The platform's order flows, as generators the driver runs side by side. A flow yields
what it waits for and is resumed with the outcome:

  Cmd(type, body, account)       a command; resumed with the reply body (None: no reply in time)
  Http(function)                 a call to the simulator (what a browser, app or reader does)
  Ev(routing_key, field, value[, count])  the count-th distinct event on connectbus.events with that
                                 field; resumed with its body (None: none in time)

Each flow writes what it asked for into its `Order` (expected outcome, amounts, application
fee, refunds, e-mail) so the checks compare that with the simulator, the services' tables
and the events."""
import random


class Cmd:
    def __init__(self, type, body, account=None, expect_error=None):
        self.type, self.body, self.account, self.expect_error = type, body, account, expect_error


class Http:
    def __init__(self, function, label):
        self.function, self.label = function, label


class Ev:
    def __init__(self, routing_key, field, value, count=1):
        self.routing_key, self.field, self.value, self.count = routing_key, field, value, count


class Order:
    """What the platform asked for one order (one flow)."""

    def __init__(self, ref, kind, account):
        self.ref, self.kind, self.account = ref, kind, account
        self.outcome = None           # "paid", "payment_failed", "captured", "onboarded", "rejected"
        self.amount = 0               # charged (captured) amount, smallest unit
        self.fee = None               # application fee asked for
        self.refunds = []             # refund amounts answered ok
        self.email = None             # the buyer's address when an e-mail is due
        self.channel = None           # checkout | payment_intent | payment_sheet | server_confirm | terminal
        self.payment_intent = None
        self.session = None
        self.errors = []              # what went wrong (a violation)
        self.done = False

    def fail(self, text):
        self.errors.append(text)


def ok(reply):
    return isinstance(reply, dict) and reply.get("ok") is True


class Flows:
    """Builds flows for a world of sellers (accounts with a price, a location and readers)."""

    def __init__(self, sim, site, run_id, rng):
        self.sim, self.site, self.run_id, self.rng = sim, site, run_id, rng
        self.sellers = []            # {"account", "price", "unit_amount", "readers": [free reader ids]}

    # set-up ----------------------------------------------------------------------------
    def onboard(self, order, seller_index):
        """A new connected account, its onboarding link completed in the simulator."""
        email = "owner+%s@shop.example" % order.ref
        reply = yield Cmd("onboarding.create_account", {
            "seller_reference": order.ref, "country": "US", "email": email,
            "controller": {"fees": {"payer": "application"}, "losses": {"payments": "application"},
                           "stripe_dashboard": {"type": "express"}},
            "business_type": "individual", "business_profile": {"name": "Shop %d" % seller_index, "mcc": "5719"},
            "representative": {"first_name": "Ada", "last_name": "Seller%d" % seller_index, "email": email}})
        if not ok(reply):
            return order.fail("create_account: %s" % reply)
        account = reply["result"]["account"]
        order.account = account
        reply = yield Cmd("onboarding.create_account_link", {
            "account": account, "type": "account_onboarding",
            "refresh_url": self.site + "/onboarding/refresh", "return_url": self.site + "/onboarding/done"})
        if not ok(reply):
            return order.fail("create_account_link: %s" % reply)
        link = reply["result"]["url"]
        path = link[link.index("/sim/"):] + "?outcome=complete"
        status, _ = yield Http(lambda: self.sim.call("GET", path), "account link")
        if status not in (200, 302):
            return order.fail("account link page answered %s" % status)
        event = yield Ev("onboarding.account.onboarding_completed", "account", account)
        if event is None:
            return order.fail("no onboarding.account.onboarding_completed")
        order.outcome = "onboarded"
        return account

    def seller_setup(self, order, seller_index):
        """Onboard a seller, then a product, a price, a location and two readers."""
        account = yield from self.onboard(order, seller_index)
        if not account:
            return
        reply = yield Cmd("payments.create_product", {"account": account, "name": "Mug %d" % seller_index})
        if not ok(reply):
            return order.fail("create_product: %s" % reply)
        unit = 1200 + 100 * seller_index
        reply = yield Cmd("payments.create_price", {"account": account, "product": reply["result"]["product"],
                                                   "unit_amount": unit, "currency": "usd"})
        if not ok(reply):
            return order.fail("create_price: %s" % reply)
        price = reply["result"]["price"]
        reply = yield Cmd("terminal.create_location", {"account": account, "display_name": "Shop %d" % seller_index,
                                                      "address": {"line1": "1 Main St", "city": "San Francisco", "state": "CA",
                                                                  "postal_code": "94110", "country": "US"}})
        if not ok(reply):
            return order.fail("create_location: %s" % reply)
        location = reply["result"]["location"]
        readers = []
        for n in range(2):
            reply = yield Cmd("terminal.register_reader", {"account": account, "registration_code": "simulated-wpe",
                                                          "location": location, "label": "Counter %d" % n})
            if not ok(reply):
                return order.fail("register_reader: %s" % reply)
            readers.append(reply["result"]["reader"])
        self.sellers.append({"account": account, "price": price, "unit_amount": unit, "readers": readers})

    # online ------------------------------------------------------------------------------
    def _fee(self, amount):
        return amount // 10

    def checkout(self, order, first_card=None, sepa_fail=False):
        """Hosted Checkout paid on the simulator's page; optionally declined first, or a
        SEPA Debit that fails later; then maybe refunds."""
        seller = order.seller
        qty = self.rng.randint(1, 3)
        order.channel = "checkout"
        order.email = "buyer+%s@example.com" % order.ref
        amount = seller["unit_amount"] * qty
        order.fee = self._fee(amount)
        body = {"account": order.account, "order_reference": order.ref,
                "line_items": [{"price": seller["price"], "quantity": qty}], "application_fee_amount": order.fee,
                "customer_email": order.email, "success_url": self.site + "/thanks?session={CHECKOUT_SESSION_ID}",
                "cancel_url": self.site + "/cart"}
        if sepa_fail:
            body["payment_method_types"] = ["sepa_debit"]
        reply = yield Cmd("payments.create_checkout_session", body)
        if not ok(reply):
            return order.fail("create_checkout_session: %s" % reply)
        session = order.session = reply["result"]["checkout_session"]
        pay = lambda method: self.sim.call("POST", "/sim/checkout/%s/pay" % session, {"payment_method": method})
        if first_card:
            status, answer = yield Http(lambda: pay(first_card), "checkout pay (declined card)")
            if status != 402:
                return order.fail("a declined card answered %s on the Checkout page" % status)
        status, answer = yield Http(lambda: pay("sepa_fail" if sepa_fail else "pm_card_visa"), "checkout pay")
        if status != 302:
            return order.fail("Checkout page answered %s: %s" % (status, answer))
        if sepa_fail:
            event = yield Ev("payments.order.payment_failed", "order_reference", order.ref)
            if event is None:
                return order.fail("no payments.order.payment_failed")
            order.outcome = "payment_failed"
            return
        yield from self._paid(order, amount)

    def _paid(self, order, amount):
        event = yield Ev("payments.order.paid", "order_reference", order.ref)
        if event is None:
            return order.fail("no payments.order.paid")
        order.outcome = "paid"
        order.amount = amount
        order.payment_intent = event.get("payment_intent")
        yield from self._maybe_refund(order)

    def _maybe_refund(self, order):
        roll = self.rng.random()
        if roll < 0.55:
            return
        if roll < 0.75:
            plan = [None]                                       # full
        elif roll < 0.9:
            plan = [max(1, order.amount // 3)]                  # partial
        else:
            plan = [max(1, order.amount // 4), None]           # partial, then the rest
        for n, amount in enumerate(plan):
            body = {"account": order.account, "order_reference": order.ref, "reason": "requested_by_customer"}
            if amount is not None:
                body["amount"] = amount
            reply = yield Cmd("payments.refund", body)
            if not ok(reply):
                return order.fail("refund: %s" % reply)
            asked = amount if amount is not None else order.amount - sum(order.refunds)
            if reply["result"].get("amount") != asked:
                order.fail("refund of %s answered amount %s" % (asked, reply["result"].get("amount")))
            order.refunds.append(asked)
            # (an event published from the charge.refunded webhook may not name the refund)
            event = yield Ev("payments.order.refunded", "order_reference", order.ref, count=len(order.refunds))
            if event is None:
                return order.fail("no payments.order.refunded for %s" % reply["result"]["refund"])

    def _confirm_in_sim(self, order, pi):
        """What the app (Payment Element / PaymentSheet) does: confirm with a Visa test card."""
        status, answer = yield Http(lambda: self.sim.call(
            "POST", "/v1/payment_intents/%s/confirm" % pi, {"payment_method": "pm_card_visa"},
            account=order.account, key="chaos-%s-confirm" % order.ref), "confirm PaymentIntent")
        if status != 200:
            order.fail("confirm answered %s: %s" % (status, answer))
            return False
        return True

    def payment_intent(self, order):
        order.channel = "payment_intent"
        order.email = "buyer+%s@example.com" % order.ref
        amount = self.rng.randint(5, 90) * 100
        order.fee = self._fee(amount)
        reply = yield Cmd("payments.create_payment_intent", {
            "account": order.account, "order_reference": order.ref, "amount": amount, "currency": "usd",
            "application_fee_amount": order.fee, "payment_method_types": ["card"], "receipt_email": order.email})
        if not ok(reply):
            return order.fail("create_payment_intent: %s" % reply)
        if (yield from self._confirm_in_sim(order, reply["result"]["payment_intent"])):
            yield from self._paid(order, amount)

    def payment_sheet(self, order):
        order.channel = "payment_sheet"
        order.email = "buyer+%s@example.com" % order.ref
        amount = self.rng.randint(5, 90) * 100
        order.fee = self._fee(amount)
        reply = yield Cmd("payments.create_payment_sheet", {
            "account": order.account, "order_reference": order.ref, "customer_reference": "buyer-" + order.ref,
            "customer_email": order.email, "amount": amount, "currency": "usd", "application_fee_amount": order.fee})
        if not ok(reply):
            return order.fail("create_payment_sheet: %s" % reply)
        if (yield from self._confirm_in_sim(order, reply["result"]["payment_intent"])):
            yield from self._paid(order, amount)

    def server_confirm(self, order):
        order.channel = "server_confirm"
        amount = self.rng.randint(5, 90) * 100
        order.fee = self._fee(amount)
        reply = yield Cmd("payments.confirm_payment", {
            "account": order.account, "order_reference": order.ref, "amount": amount, "currency": "usd",
            "payment_method": "pm_card_visa", "application_fee_amount": order.fee})
        if not ok(reply):
            return order.fail("confirm_payment: %s" % reply)
        event = yield Ev("payments.order.paid", "order_reference", order.ref)
        if event is None:
            return order.fail("no payments.order.paid")
        order.outcome, order.amount = "paid", amount
        order.email = event.get("customer_email")
        yield from self._maybe_refund(order)

    def poison(self, order):
        """A command that breaks a documented rule (a negative amount): the service must
        answer a validation error and park it in the DLQ (legitimate poison)."""
        order.channel = "poison"
        reply = yield Cmd("payments.create_payment_intent", {
            "account": order.account, "order_reference": order.ref, "amount": -5, "currency": "usd"})
        if reply is None or reply.get("ok") is not False:
            return order.fail("poison command answered %s" % reply)
        order.outcome = "rejected"

    # in the shop -------------------------------------------------------------------------
    def terminal(self, order, decline_first=False, tip=False):
        order.channel = "terminal"
        seller = order.seller
        dollars = self.rng.randint(5, 90)
        amount = dollars * 100
        order.fee = self._fee(amount)
        reader = order.reader
        attempts = [amount + 5, amount] if decline_first else [amount]      # .05: generic_decline
        pi = None
        for n, charge in enumerate(attempts):
            reply = yield Cmd("terminal.create_payment_intent", {
                "account": order.account, "order_reference": order.ref, "amount": charge, "currency": "usd",
                "capture_method": "manual", "application_fee_amount": order.fee})
            if not ok(reply):
                return order.fail("terminal.create_payment_intent: %s" % reply)
            if pi is not None and reply["result"]["payment_intent"] != pi:
                return order.fail("a second PaymentIntent for one order")
            pi = order.payment_intent = reply["result"]["payment_intent"]
            reply = yield Cmd("terminal.process_payment", {"account": order.account, "reader": reader,
                                                         "payment_intent": pi})
            if not ok(reply):
                return order.fail("process_payment: %s" % reply)
            status, answer = yield Http(lambda: self.sim.call(
                "POST", "/v1/test_helpers/terminal/readers/%s/present_payment_method" % reader, {},
                account=order.account, key="chaos-%s-present-%d" % (order.ref, n)), "present card")
            if status != 200:
                return order.fail("present_payment_method answered %s: %s" % (status, answer))
            key = "terminal.payment.declined" if charge % 100 == 5 else "terminal.payment.authorized"
            event = yield Ev(key, "payment_intent", pi)
            if event is None:
                return order.fail("no %s" % key)
        order.reader_free = True
        body = {"account": order.account, "payment_intent": pi}
        captured = amount
        if tip:
            captured = amount + self.rng.randint(1, dollars // 2 or 1) * 25
            body["amount_to_capture"] = captured
        reply = yield Cmd("terminal.capture_payment", body)
        if not ok(reply):
            return order.fail("capture_payment: %s" % reply)
        event = yield Ev("terminal.payment.captured", "payment_intent", pi)
        if event is None:
            return order.fail("no terminal.payment.captured")
        order.outcome, order.amount = "captured", captured
