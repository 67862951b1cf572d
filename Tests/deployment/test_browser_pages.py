"""Browser tests of stripe-sim's pages for people: headless Chromium (Debian's `chromium`
and `chromium-driver`, driven by Selenium) walks a seller through onboarding and buyers
through hosted Checkout (a decline, then 3D Secure), an `elements` session (the Payment
Element) paid by card, an embedded session paid by ACH
Direct Debit, the PaymentSheet app page and the reader console, against the whole suite started by `scripts/demo.sh --browser`. Each
payment must reach the bus (`payments.order.paid`, `terminal.payment.*`). Screenshots go to
$CONNECTBUS_TEST_ARTIFACTS/browser (scripts/test.sh sets it to its log folder), else to
pytest's tmp_path.

These tests never skip on their own: missing servers (scripts/test.sh starts them and sets
CONNECTBUS_INTEGRATION=1), a missing browser, driver, selenium or executable is a failure
that says what to install or start. Only CONNECTBUS_BROWSER_TESTS=0 turns them off.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time
import urllib.parse

import pytest

from conftest import REPO, integration_enabled

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from monitoring_consumer import Catalogue, EventSubscriber  # noqa: E402

PRODUCTS = ["stripe-sim", "onboarding", "payments", "terminal-gateway", "notifications", "connectbus"]
BIN_DIR = pathlib.Path(os.environ.get("STRIPE_SIM_BINARY", "/nonexistent/stripe-sim")).parent
CHROMIUM = os.environ.get("CHROMIUM_BINARY", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BINARY", "/usr/bin/chromedriver")

pytestmark = [
    pytest.mark.skipif(os.environ.get("CONNECTBUS_BROWSER_TESTS") == "0", reason="CONNECTBUS_BROWSER_TESTS=0"),
]


def amqp_params(user):
    import pika
    url = urllib.parse.urlparse(os.environ["AMQP_URL"])
    vhost = urllib.parse.unquote(url.path[1:]) if len(url.path) > 1 else "/"
    return pika.ConnectionParameters(url.hostname or "127.0.0.1", url.port or 5672, vhost,
                                     credentials=pika.PlainCredentials(user, user),
                                     connection_attempts=3, retry_delay=1)


def demo_env(run_dir):
    return dict(os.environ, DEMO_BIN_DIR=str(BIN_DIR), KEEP_INFRA="1", DEMO_RUN_DIR=str(run_dir), DEMO_BROWSER_WAIT="120")


def urls(suite, key, timeout=120):
    """The URL `key` from browser-urls.json, once `demo.sh --browser` has written it."""
    path = suite["run_dir"] / "browser-urls.json"
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            data = json.loads(path.read_text())
            if key in data:
                return data
        except (OSError, ValueError):
            pass
        if suite["process"].poll() not in (None, 0):
            break
        time.sleep(0.2)
    raise AssertionError(f"demo.sh --browser wrote no {key} (exit {suite['process'].poll()}):\n"
                         + suite["log"].read_text()[-6000:])


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory):
    base = os.environ.get("CONNECTBUS_TEST_ARTIFACTS")
    path = pathlib.Path(base) / "browser" if base else tmp_path_factory.mktemp("browser")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    """The whole suite started by `demo.sh --browser`, the URLs it printed, and a monitor."""
    assert integration_enabled(), ("the browser tests need the local servers: run them through scripts/test.sh "
                                   "(CONNECTBUS_INTEGRATION=1, AMQP_URL), or set CONNECTBUS_BROWSER_TESTS=0")
    missing = [p for p in PRODUCTS if not (BIN_DIR / p).exists()]
    assert not missing, f"executables missing in {BIN_DIR}: {missing} (build them, or set CONNECTBUS_BROWSER_TESTS=0)"
    base = tmp_path_factory.mktemp("demo-browser")
    catalogue_path = base / "catalogue.json"
    subprocess.run([str(BIN_DIR / "connectbus"), "catalogue", "--out", str(catalogue_path)], check=True)
    subprocess.run([str(BIN_DIR / "connectbus"), "topology"], check=True, capture_output=True)
    subscriber = EventSubscriber(amqp_params("monitor"), Catalogue(catalogue_path),
                                 ["onboarding.#", "payments.#", "terminal.#"])
    subscriber.start()
    assert subscriber.ready.wait(30) and subscriber.error is None, subscriber.error
    run_dir = base / "run"
    log = base / "demo-browser.log"
    out = open(log, "w")
    process = subprocess.Popen([str(REPO / "scripts" / "demo.sh"), "--browser"], cwd=REPO, env=demo_env(run_dir),
                               stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
    try:
        yield {"run_dir": run_dir, "process": process, "log": log, "events": subscriber}
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=60)
        out.close()
        subprocess.run([str(REPO / "scripts" / "demo.sh"), "--stop"], cwd=REPO, env=demo_env(run_dir),
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=180)
        subscriber.stop()


@pytest.fixture(scope="module")
def browser():
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as error:
        pytest.fail(f"selenium is not installed ({error}): run scripts/install-deps.sh, or set CONNECTBUS_BROWSER_TESTS=0")
    for path in (CHROMIUM, CHROMEDRIVER):
        assert shutil.which(path), f"{path} not found: run scripts/install-deps.sh (chromium, chromium-driver), or set CONNECTBUS_BROWSER_TESTS=0"
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=900,1100"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(5)
    yield driver
    driver.quit()


def wait_event(suite, key, timeout=60, **fields):
    """The first event with routing key `key` whose body has `fields`, waiting up to `timeout` s."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        for routing_key, _, body in list(suite["events"].events):
            if routing_key == key and all(body.get(k) == v for k, v in fields.items()):
                return body
        time.sleep(0.2)
    seen = sorted({k for k, _, _ in suite["events"].events})
    raise AssertionError(f"no {key} {fields} within {timeout} s (seen: {seen})")


def shot(driver, artifacts, name):
    driver.save_screenshot(str(artifacts / f"{name}.png"))


def click_and_wait(driver, element_id, url_part, timeout=20):
    """Clicks `element_id` and waits until the page that loads has `url_part` in its URL."""
    from selenium.webdriver.support.ui import WebDriverWait
    field(driver, element_id).click()
    WebDriverWait(driver, timeout).until(lambda d: url_part in d.current_url and d.execute_script("return document.readyState") == "complete")


def click_and_wait_for(driver, element_id, target_id, timeout=20):
    """Clicks `element_id` and waits until a new page with an element `target_id` loaded."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait
    from selenium.common.exceptions import WebDriverException
    old = field(driver, element_id)
    old.click()

    def left(_):
        # The old page is gone once its element is stale. While the new page replaces it,
        # Chrome may instead answer "Node with given id does not belong to the document"
        # (an unknown error, not a StaleElementReferenceException): gone as well.
        try:
            return expected_conditions.staleness_of(old)(driver)
        except WebDriverException:
            return True
    WebDriverWait(driver, timeout).until(left)
    WebDriverWait(driver, timeout).until(lambda d: d.find_elements(By.ID, target_id))


def field(driver, element_id):
    from selenium.webdriver.common.by import By
    return driver.find_element(By.ID, element_id)


def test_seller_onboards_in_the_browser(suite, browser, artifacts):
    start = urls(suite, "onboarding")
    account = start["account"]
    browser.get(start["onboarding"])
    assert field(browser, "business_name").get_attribute("value") == "Lovelace Ceramics"
    assert field(browser, "first_name").get_attribute("value") == "Ada"
    assert field(browser, "last_name").get_attribute("value") == "Lovelace"
    shot(browser, artifacts, "01-onboarding-form")
    click_and_wait(browser, "submit", "/sim/done")
    assert f"Account {account}: charges_enabled true" in field(browser, "message").text
    shot(browser, artifacts, "02-onboarding-done")
    wait_event(suite, "onboarding.account.onboarding_completed", account=account)
    # The link is single use: opening it again goes to the refresh URL.
    browser.get(start["onboarding"])
    assert "Link+expired" in browser.current_url or "Link expired" in browser.page_source


def test_buyer_pays_hosted_checkout_after_a_decline_and_3d_secure(suite, browser, artifacts):
    shop = urls(suite, "checkout")
    order = shop["order_checkout"]
    browser.get(shop["checkout"])
    assert "48.00 USD" in field(browser, "total").text
    field(browser, "card_number").send_keys("4000 0000 0000 0002")
    shot(browser, artifacts, "03-checkout-form")
    click_and_wait_for(browser, "pay", "error")
    assert "declined" in field(browser, "error").text.lower()
    shot(browser, artifacts, "04-checkout-declined")
    field(browser, "card_number").send_keys("4000 0027 6000 3184")
    click_and_wait(browser, "pay", "/challenge")
    shot(browser, artifacts, "05-3d-secure-challenge")
    click_and_wait(browser, "complete", "/sim/done")
    assert "complete / paid" in field(browser, "message").text
    shot(browser, artifacts, "06-checkout-paid")
    paid = wait_event(suite, "payments.order.paid", order_reference=order)
    assert paid["amount"] == 4800 and paid["application_fee_amount"] == 480


def test_buyer_pays_an_embedded_session_by_ach_direct_debit(suite, browser, artifacts):
    from selenium.webdriver.common.by import By
    shop = urls(suite, "checkout")
    browser.get(shop["embedded_checkout"])
    assert "Embedded checkout" in browser.page_source and "24.00 USD" in field(browser, "total").text
    browser.find_element(By.CSS_SELECTOR, "input[name=method][value=us_bank_account]").click()
    assert field(browser, "routing_number").get_attribute("value") == "110000000"
    field(browser, "account_number").send_keys("000123456789")
    shot(browser, artifacts, "09-embedded-checkout-ach")
    click_and_wait(browser, "pay", "/sim/done")
    assert "complete / unpaid" in field(browser, "message").text
    paid = wait_event(suite, "payments.order.paid", order_reference=shop["order_embedded_checkout"])
    assert paid["amount"] == 2400


def test_buyer_pays_an_elements_session_by_card(suite, browser, artifacts):
    shop = urls(suite, "checkout")
    browser.get(shop["elements_checkout"])
    assert "Payment Element" in browser.page_source and "24.00 USD" in field(browser, "total").text
    field(browser, "card_number").send_keys("4242 4242 4242 4242")
    shot(browser, artifacts, "10-elements-checkout")
    click_and_wait(browser, "pay", "/sim/done")
    assert "complete / paid" in field(browser, "message").text
    paid = wait_event(suite, "payments.order.paid", order_reference=shop["order_elements_checkout"])
    assert paid["amount"] == 2400 and paid["application_fee_amount"] == 240


def test_buyer_pays_in_the_app_and_at_the_reader(suite, browser, artifacts):
    shop = urls(suite, "checkout")
    assert suite["process"].wait(timeout=60) == 0, suite["log"].read_text()[-6000:]
    assert "3. pay in the app" in suite["log"].read_text()
    browser.get(shop["payment_sheet"])
    assert "36.00 USD" in field(browser, "total").text
    field(browser, "card_number").send_keys("4242 4242 4242 4242")
    click_and_wait_for(browser, "pay", "message")
    assert "The payment of 36.00 USD succeeded." in field(browser, "message").text
    shot(browser, artifacts, "07-payment-sheet-paid")
    wait_event(suite, "payments.order.paid", order_reference=shop["order_payment_sheet"], amount=3600)

    browser.get(shop["reader"])
    assert "42.00 USD" in field(browser, "display").text
    shot(browser, artifacts, "08-reader-console")
    click_and_wait_for(browser, "present", "message")
    assert "succeeded" in field(browser, "message").text
    wait_event(suite, "terminal.payment.captured", order_reference=shop["order_reader"])


def test_dashboard_from_an_order_to_its_events_deliveries_refund_and_resend(suite, browser, artifacts):
    """stripe-sim's dashboard (/sim/dashboard): the hosted-Checkout order of the tests above,
    found by its reference, leads to its PaymentIntent, events and webhook deliveries; the
    refund button refunds it (payments publishes payments.order.refunded) and the resend
    button delivers an event again. Screenshots of the main pages."""
    from selenium.webdriver.common.by import By
    shop = urls(suite, "checkout")
    order = shop["order_checkout"]
    wait_event(suite, "payments.order.paid", order_reference=order)
    parts = urllib.parse.urlparse(shop["checkout"])
    sim = f"{parts.scheme}://{parts.netloc}"

    browser.get(sim + "/sim/dashboard")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Dashboard"
    shot(browser, artifacts, "20-dashboard-home")

    browser.get(sim + "/sim/dashboard/objects?type=checkout.session")
    field(browser, "f-q").send_keys(order)
    field(browser, "f-q").submit()
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(browser, 20).until(lambda d: "q=" in d.current_url)
    sessions = field(browser, "objects").find_elements(By.CSS_SELECTOR, "a[href^='/sim/dashboard/objects/cs_']")
    assert len(sessions) == 1, browser.page_source[-3000:]
    shot(browser, artifacts, "21-checkout-sessions-filtered")
    sessions[0].click()
    assert order in field(browser, "json").text
    payment_intent = field(browser, "json").find_element(By.CSS_SELECTOR, "a[href^='/sim/dashboard/objects/pi_']").text.strip('"')
    shot(browser, artifacts, "22-checkout-session")

    browser.get(f"{sim}/sim/dashboard/objects/{payment_intent}")
    assert "payment_intent.succeeded" in field(browser, "events").text
    shot(browser, artifacts, "23-payment-intent")
    event_link = field(browser, "events").find_element(By.XPATH, ".//tr[td[3][text()='payment_intent.succeeded']]/td[2]/a")
    event_id = event_link.text
    event_link.click()
    deliveries = field(browser, "deliveries")
    assert "200" in deliveries.text, deliveries.text
    shot(browser, artifacts, "24-event-with-deliveries")
    before = len(deliveries.find_elements(By.TAG_NAME, "tr"))
    click_and_wait_for(browser, "resend", "message")
    assert f"Event {event_id} resent to we_" in field(browser, "message").text
    deadline = time.time() + 30
    while len(field(browser, "deliveries").find_elements(By.TAG_NAME, "tr")) <= before and time.time() < deadline:
        time.sleep(0.5)
        browser.refresh()
    assert "resend" in field(browser, "deliveries").text
    shot(browser, artifacts, "25-event-resent")

    browser.get(f"{sim}/sim/dashboard/objects/{payment_intent}")
    field(browser, "amount").send_keys("800")
    click_and_wait_for(browser, "refund", "message")
    assert "Refund re_" in field(browser, "message").text
    shot(browser, artifacts, "26-payment-intent-refunded")
    refunded = wait_event(suite, "payments.order.refunded", order_reference=order)
    assert refunded["amount"] == 800

    browser.get(f"{sim}/sim/dashboard/deliveries?event={event_id}")
    shot(browser, artifacts, "27-webhook-deliveries")
    browser.get(sim + "/sim/dashboard/requests?path=/v1/refunds")
    assert "/v1/refunds" in field(browser, "requests").text
    shot(browser, artifacts, "28-api-requests")
    browser.get(sim + "/sim/dashboard/objects?type=account")
    browser.find_element(By.CSS_SELECTOR, "#objects a[href^='/sim/dashboard/objects/acct_']").click()
    assert field(browser, "capabilities") and field(browser, "requirements")
    shot(browser, artifacts, "29-connected-account")
    browser.get(sim + "/sim/dashboard/clock")
    assert "UTC" in field(browser, "now").text
    shot(browser, artifacts, "30-clock")
