"""Every object stripe-sim answers is one Stripe's published API accepts (issue 39, item 7).

stripe-sim runs with `--record-responses FILE`; the test drives a broad set of requests
(every area of the simulator's endpoint table, by hand below, then every `connectbus sim
trigger` recipe, then every event of every account) and checks each JSON answer recorded
against Stripe's schemas (stripe_schemas.py; Tests/deployment/stripe-openapi/README.md says
where they come from): required fields present with the right types, enums within Stripe's
values, no field Stripe does not have. A list is checked element by element, an event's
`data.object` too, an error answer against Stripe's error object.

Needs the stripe-sim and connectbus executables beside STRIPE_SIM_BINARY (no broker, no
database); `STRIPE_OPENAPI_SPEC=…/spec3.json` checks against that OpenAPI document instead of
stripe-python's models. The counts are printed (`pytest -s`).
"""
import base64
import collections
import json
import os
import pathlib
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request

import pytest

from test_platform_example import stop, wait_for_line

BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
missing = [p for p in ("stripe-sim", "connectbus") if not (BIN_DIR / p).exists()]
stripe_python = pytest.importorskip("stripe", reason="stripe-python (scripts/install-deps.sh) is not installed")
pytestmark = pytest.mark.skipif(bool(missing), reason=f"executables missing in {BIN_DIR}: {missing}")

import stripe_schemas  # noqa: E402 (after the skip: it needs jsonschema and stripe)

KEY = base64.b64encode(b"sk_test_openapi:").decode()


class Sim:
    """A stripe-sim recording its answers; `call` never raises on an HTTP error."""

    def __init__(self, base):
        self.base = base

    def call(self, method, path, form=None, account=None, version=None):
        data = urllib.parse.urlencode(form or {}, doseq=True)
        url = self.base + path
        if method in ("GET", "DELETE") and data:
            url, body = url + "?" + data, None
        else:
            body = data.encode() if method == "POST" else None
        headers = {"Authorization": "Basic " + KEY, "Content-Type": "application/x-www-form-urlencoded"}
        if account:
            headers["Stripe-Account"] = account
        if version:
            headers["Stripe-Version"] = version
        request = urllib.request.Request(url, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def ok(self, method, path, form=None, account=None, version=None):
        status, body = self.call(method, path, form, account, version)
        assert status == 200, f"{method} {path}: {status} {body}"
        return body

    def page(self, path, form=None):
        """A hosted page's answer status, its redirect not followed (it leaves for the shop)."""
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with NO_REDIRECTS.open(urllib.request.Request(self.base + path, data=data), timeout=30) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


NO_REDIRECTS = urllib.request.build_opener(_NoRedirect)


@pytest.fixture
def recorded_sim(tmp_path):
    record = tmp_path / "responses.jsonl"
    log = tmp_path / "stripe-sim.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            [str(BIN_DIR / "stripe-sim"), "--port", "0", "--seed", "39", "--record-responses", str(record)],
            stdout=out, stderr=subprocess.STDOUT)
    try:
        yield Sim(wait_for_line(process, log, r"listening on (http://\S+)").group(1)), record
    finally:
        stop(process)


def drive_endpoints(sim):
    """One or more calls of every area of the simulator's endpoint table."""
    account = sim.ok("POST", "/v1/accounts", {
        "controller[stripe_dashboard][type]": "none", "controller[fees][payer]": "application",
        "controller[losses][payments]": "application", "controller[requirement_collection]": "application",
        "country": "US", "business_type": "individual", "email": "seller@example.com",
        "capabilities[card_payments][requested]": "true", "capabilities[transfers][requested]": "true",
        "tos_acceptance[date]": "1796353897", "tos_acceptance[ip]": "203.0.113.7",
        "external_account": "btok_us_verified"})["id"]
    express = sim.ok("POST", "/v1/accounts", {"type": "express", "country": "US"})["id"]
    sim.ok("GET", f"/v1/accounts/{account}")
    sim.ok("GET", "/v1/accounts", {"limit": 3})
    sim.ok("POST", f"/v1/accounts/{account}", {"business_profile[name]": "Openapi Shop", "metadata[k]": "v"})
    sim.ok("GET", f"/v1/accounts/{account}/capabilities")
    banks = sim.ok("GET", f"/v1/accounts/{account}/external_accounts")
    sim.ok("GET", f"/v1/accounts/{account}/external_accounts/{banks['data'][0]['id']}")
    person = sim.ok("POST", f"/v1/accounts/{account}/persons", {
        "first_name": "Ada", "last_name": "Lovelace", "relationship[representative]": "true",
        "dob[day]": "10", "dob[month]": "12", "dob[year]": "1990"})["id"]
    sim.ok("GET", f"/v1/accounts/{account}/persons")
    sim.ok("POST", f"/v1/accounts/{account}/persons/{person}", {"email": "ada@example.com"})
    sim.ok("POST", "/v1/account_links", {"account": express, "type": "account_onboarding",
                                         "refresh_url": "https://example.com/r", "return_url": "https://example.com/x"})
    sim.ok("POST", "/v1/account_sessions", {"account": account, "components[account_onboarding][enabled]": "true",
                                            "components[payments][enabled]": "true",
                                            "components[payments][features][refund_management]": "true"})
    customer = sim.ok("POST", "/v1/customers", {"email": "buyer@example.com", "name": "Buyer"})["id"]
    sim.ok("GET", f"/v1/customers/{customer}")
    sim.ok("GET", "/v1/customers")
    sim.ok("POST", "/v1/customer_sessions", {"customer": customer, "components[mobile_payment_element][enabled]": "true"})
    sim.ok("POST", "/v1/customer_sessions", {"customer": customer, "components[payment_element][enabled]": "true"})
    key = sim.ok("POST", "/v1/ephemeral_keys", {"customer": customer}, version="2026-11-18.endive")["id"]
    sim.ok("DELETE", f"/v1/ephemeral_keys/{key}", version="2026-11-18.endive")
    product = sim.ok("POST", "/v1/products", {"name": "Mug", "default_price_data[unit_amount]": "1500",
                                              "default_price_data[currency]": "usd"})
    sim.ok("GET", "/v1/products")
    sim.ok("POST", f"/v1/products/{product['id']}", {"description": "A mug"})
    price = sim.ok("POST", "/v1/prices", {"product": product["id"], "unit_amount": "900", "currency": "usd"})["id"]
    sim.ok("GET", "/v1/prices")
    sim.ok("POST", f"/v1/prices/{price}", {"nickname": "small"})
    method = sim.ok("POST", "/v1/payment_methods", {"type": "card", "card[token]": "tok_visa"})["id"]
    sim.ok("POST", f"/v1/payment_methods/{method}/attach", {"customer": customer})
    sim.ok("GET", f"/v1/customers/{customer}/payment_methods")
    sim.ok("GET", "/v1/payment_methods", {"customer": customer})
    sim.ok("POST", f"/v1/payment_methods/{method}", {"card[exp_month]": "7", "billing_details[name]": "Buyer"})
    sim.ok("POST", f"/v1/customers/{customer}", {"invoice_settings[default_payment_method]": method})
    assert sim.call("POST", f"/v1/customers/{customer}", {"invoice_settings[default_payment_method]": "pm_unknown"})[0] == 400
    guest = sim.ok("POST", "/v1/payment_intents", {
        "amount": "1200", "currency": "usd", "allowed_payment_method_types[]": ["card"], "payment_method": "pm_card_visa",
        "confirm": "true", "setup_future_usage": "off_session"})
    sim.ok("POST", f"/v1/payment_methods/{guest['payment_method']}/attach", {"customer": customer})
    sim.ok("POST", "/v1/payment_methods", {"type": "sepa_debit", "sepa_debit[iban]": "AT611904300234573201",
                                           "billing_details[name]": "A", "billing_details[email]": "a@example.com"})
    setup = sim.ok("POST", "/v1/setup_intents", {"customer": customer, "payment_method": "pm_card_visa", "confirm": "true",
                                                 "automatic_payment_methods[enabled]": "true",
                                                 "automatic_payment_methods[allow_redirects]": "never"})["id"]
    sim.ok("GET", f"/v1/setup_intents/{setup}")
    sim.ok("GET", "/v1/setup_intents", {"customer": customer})
    intent = sim.ok("POST", "/v1/payment_intents", {
        "amount": "2000", "currency": "usd", "allowed_payment_method_types[]": ["card"],
        "payment_method": "pm_card_visa", "confirm": "true", "customer": customer,
        "shipping[name]": "Ada", "shipping[address][line1]": "1 Main St"})
    sim.ok("GET", f"/v1/payment_intents/{intent['id']}", {"expand[]": "latest_charge"})
    sim.ok("GET", "/v1/payment_intents", {"limit": 5})
    sim.ok("GET", "/v1/charges")
    charge = sim.ok("GET", f"/v1/charges/{intent['latest_charge']}")
    sim.ok("POST", f"/v1/charges/{charge['id']}", {"description": "checked", "fraud_details[user_report]": "safe"})
    sim.ok("GET", "/v1/charges/search", {"query": f"payment_intent:'{intent['id']}'"})
    sim.ok("GET", "/v1/payment_intents/search", {"query": "status:'succeeded' AND amount>=1000"})
    sim.ok("GET", "/v1/customers/search", {"query": "email:'buyer@example.com'"})
    refund = sim.ok("POST", "/v1/refunds", {"payment_intent": intent["id"], "amount": "500"})["id"]
    sim.ok("POST", f"/v1/refunds/{refund}", {"metadata[reason]": "openapi"})
    sim.ok("GET", "/v1/refunds")
    manual = sim.ok("POST", "/v1/payment_intents", {
        "amount": "3000", "currency": "usd", "allowed_payment_method_types[]": "card", "capture_method": "manual",
        "payment_method": "pm_card_visa", "confirm": "true", "application_fee_amount": "200"}, account=account)
    sim.ok("POST", f"/v1/payment_intents/{manual['id']}/capture", account=account)
    sim.ok("GET", "/v1/application_fees")
    sim.ok("GET", "/v1/balance", account=account)
    sim.ok("GET", "/v1/balance")
    sim.ok("POST", "/v1/payment_intents", {"amount": "1000", "currency": "eur", "automatic_payment_methods[enabled]": "true",
                                           "excluded_payment_method_types[]": ["sepa_debit"]})
    session = sim.ok("POST", "/v1/checkout/sessions", {
        "mode": "payment", "ui_mode": "hosted_page", "success_url": "https://example.com/ok",
        "allowed_payment_method_types[]": ["card"], "line_items[0][price]": price, "line_items[0][quantity]": "2"})
    sim.ok("GET", f"/v1/checkout/sessions/{session['id']}/line_items")
    sim.ok("POST", f"/v1/checkout/sessions/{session['id']}", {"metadata[order]": "o-39"})
    assert sim.page(f"/sim/checkout/{session['id']}/pay", {"payment_method": "pm_card_visa"}) in (302, 303)
    sim.ok("GET", f"/v1/checkout/sessions/{session['id']}")
    sim.ok("GET", "/v1/checkout/sessions")
    embedded = sim.ok("POST", "/v1/checkout/sessions", {
        "mode": "payment", "ui_mode": "embedded_page", "return_url": "https://example.com/r?s={CHECKOUT_SESSION_ID}",
        "line_items[0][price_data][currency]": "usd", "line_items[0][price_data][unit_amount]": "700",
        "line_items[0][price_data][product_data][name]": "Tea", "line_items[0][quantity]": "1"})
    sim.ok("POST", f"/v1/checkout/sessions/{embedded['id']}/expire")
    location = sim.ok("POST", "/v1/terminal/locations", {
        "display_name": "Shop", "address[line1]": "1 Main St", "address[city]": "San Francisco",
        "address[state]": "CA", "address[postal_code]": "94111", "address[country]": "US"}, account=account)["id"]
    sim.ok("POST", "/v1/terminal/connection_tokens", {"location": location}, account=account)
    reader = sim.ok("POST", "/v1/terminal/readers", {"registration_code": "simulated-wpe", "location": location},
                    account=account)["id"]
    sim.ok("GET", "/v1/terminal/readers", account=account)
    sim.ok("POST", f"/v1/terminal/readers/{reader}", {"label": "Front desk"}, account=account)
    sim.ok("GET", "/v1/terminal/locations", account=account)
    present = sim.ok("POST", "/v1/payment_intents", {
        "amount": "1000", "currency": "usd", "allowed_payment_method_types[]": "card_present", "capture_method": "manual"},
        account=account)["id"]
    sim.ok("POST", f"/v1/terminal/readers/{reader}/process_payment_intent", {"payment_intent": present}, account=account)
    sim.ok("POST", f"/v1/test_helpers/terminal/readers/{reader}/present_payment_method", account=account)
    sim.ok("GET", f"/v1/payment_intents/{present}", account=account)
    domain = sim.ok("POST", "/v1/payment_method_domains", {"domain_name": "shop.example.com"})["id"]
    sim.ok("GET", f"/v1/payment_method_domains/{domain}")
    sim.ok("POST", f"/v1/payment_method_domains/{domain}/validate")
    sim.ok("POST", "/v1/tokens", {"cvc_update[cvc]": "123"})
    sim.ok("POST", f"/v1/accounts/{express}/login_links")
    fee = sim.ok("GET", "/v1/application_fees")["data"][0]["id"]
    sim.ok("GET", f"/v1/application_fees/{fee}")
    sim.ok("GET", f"/v1/events/{sim.ok('GET', '/v1/events', {'limit': 1})['data'][0]['id']}")
    hook = sim.ok("POST", "/v1/webhook_endpoints", {"url": "https://example.com/hook", "enabled_events[]": ["*"],
                                                    "connect": "true"})["id"]
    sim.ok("GET", "/v1/webhook_endpoints")
    sim.ok("POST", f"/v1/webhook_endpoints/{hook}", {"description": "all"})
    sim.ok("DELETE", f"/v1/webhook_endpoints/{hook}")
    sim.ok("DELETE", f"/v1/accounts/{account}/persons/{person}")
    sim.ok("DELETE", f"/v1/customers/{customer}")
    refusals(sim, account)
    return [account, express]


def refusals(sim, account):
    """Error answers of each kind: Stripe's error object (a card error's PaymentIntent too)."""
    assert sim.call("POST", "/v1/customers", {"colour": "red"})[0] == 400
    assert sim.call("GET", "/v1/customers/cus_missing")[0] == 404
    assert sim.call("POST", "/v1/payment_intents", {"amount": "2000", "currency": "usd", "payment_method": "pm_card_chargeDeclined",
                                                   "confirm": "true"})[0] == 402
    assert sim.call("POST", "/v1/payment_intents", {"amount": "1", "currency": "usd"})[0] == 400
    assert sim.call("GET", "/v1/accounts", account=account)[0] in (400, 403)
    assert sim.call("GET", "/v1/customers", version="2099-01-01.bogus")[0] == 400


def trigger_events():
    helped = subprocess.run([str(BIN_DIR / "connectbus"), "sim", "--help"], capture_output=True, text=True, timeout=60)
    return sorted(set(re.findall(r"^    ([a-z_]+(?:\.[a-z_]+)+)  ", helped.stdout + helped.stderr, re.MULTILINE)))


def all_events(sim, accounts):
    """Pages through GET /v1/events of the platform and every account (each page recorded)."""
    for account in [None, *accounts]:
        after = None
        while True:
            form = {"limit": 100, **({"starting_after": after} if after else {})}
            page = sim.ok("GET", "/v1/events", form, account=account)
            if not page["data"] or not page["has_more"]:
                break
            after = page["data"][-1]["id"]


def test_every_recorded_answer_is_valid_against_stripes_schemas(recorded_sim):
    sim, record = recorded_sim
    accounts = drive_endpoints(sim)
    events = trigger_events()
    assert len(events) > 40, "no trigger list in `connectbus sim --help`"
    env = dict(os.environ, STRIPE_API_BASE=sim.base)
    env.pop("STRIPE_API_KEY", None)
    for event in events:
        triggered = subprocess.run([str(BIN_DIR / "connectbus"), "sim", "trigger", event], env=env,
                                   capture_output=True, text=True, timeout=180)
        assert triggered.returncode == 0, f"{event}: {triggered.stdout}{triggered.stderr}"
    listed = sim.ok("GET", "/v1/accounts", {"limit": 100})
    all_events(sim, accounts + [a["id"] for a in listed["data"] if a["id"] not in accounts])

    validator = stripe_schemas.Validator(stripe_schemas.load(os.environ.get("STRIPE_OPENAPI_SPEC")))
    lines = [json.loads(line) for line in record.read_text().splitlines() if line.strip()]
    checked, errors, violations = 0, 0, collections.Counter()
    for line in lines:
        checked += 1
        errors += line["status"] >= 400
        route = re.sub(r"/(?!v1(?:/|$))[^/]*[A-Z0-9][^/]*", "/{id}", line["path"])  # one kind per route
        for found in validator.violations(line["body"], f"{line['method']} {route}: "):
            violations[found] += 1
    print(f"\nstripe-sim against {validator.document['source']}: {checked} answers checked "
          f"({validator.objects_checked} objects; {errors} of them errors), "
          f"{sum(violations.values())} violations ({len(violations)} kinds)\nobjects: "
          + ", ".join(f"{name} {n}" for name, n in sorted(validator.objects_by_type.items())))
    assert checked > 250 and validator.objects_checked > 1000, f"only {checked} answers recorded"
    assert not violations, "\n".join(f"{n}× {v}" for v, n in violations.most_common())
