"""docker/rabbitmq/definitions.json's topic_permissions (RabbitMQ topic authorisation,
https://www.rabbitmq.com/docs/access-control#topic-authorisation): on a topic exchange the
`write` pattern is matched against the routing key of every basic.publish and the `read`
pattern against the binding key of every queue.bind. Each service user writes only its own
events (notifications also `stripe.<type>`) and the commands it sends; the platform user
writes only commands; the monitor writes nothing. The message names come from
docs/catalogue.json (what the code's catalogue prints; test_catalogue_file.py keeps them
equal) and the commands a service sends from a scan of Services/, so a new event, command or
sender without its permission fails here. Replies, retries and dead letters go through the
default exchange, which is not a topic exchange: no topic permission applies to them."""
import json
import re

import pytest

from conftest import REPO, SERVICES

EXCHANGES = ("connectbus.commands", "connectbus.events")
USERS = SERVICES + ["platform", "monitor"]
# The commands each service itself publishes to connectbus.commands (the scan below checks it).
SENT_COMMANDS = {"onboarding": set(), "payments": {"payments.get_statement"}, "terminal": {"terminal.reconcile"},
                 "notifications": set()}
SOURCE_DIRS = {"onboarding": "Onboarding", "payments": "Payments", "terminal": "TerminalGateway",
               "notifications": "Notifications"}
# Bindings each service makes on connectbus.events (its routes' patterns; the live checks and
# the chaos run exercise the real ones).
CONSUMED = {
    "onboarding": ["stripe.account.updated", "stripe.account.application.deauthorized", "stripe.capability.updated"],
    "payments": ["stripe.checkout.session.completed", "stripe.payment_intent.succeeded", "stripe.charge.refunded",
                 "onboarding.account.#"],
    "terminal": ["stripe.terminal.reader.action_succeeded", "onboarding.account.created", "onboarding.account.updated"],
    "notifications": ["payments.order.paid", "payments.order.payment_failed", "payments.order.requires_action",
                      "payments.order.awaiting_payment", "onboarding.account.requirements_due",
                      "onboarding.account.created"],
}
STRIPE_KEYS = ["stripe.account.updated", "stripe.payment_intent.succeeded", "stripe.checkout.session.completed",
               "stripe.terminal.reader.action_succeeded", "stripe.v2.core.account.updated"]


@pytest.fixture(scope="module")
def catalogue():
    with open(REPO / "docs" / "catalogue.json", encoding="utf-8") as f:
        return json.load(f)["messages"]


def names(catalogue, kind):
    return sorted(name for name, entry in catalogue.items() if entry["kind"] == kind)


def owner(name):
    """The service user that owns a message name (its first segment)."""
    return name.split(".", 1)[0]


def topic(definitions, user, exchange):
    matches = [t for t in definitions["topic_permissions"]
               if t["user"] == user and t["vhost"] == "/" and t["exchange"] == exchange]
    assert len(matches) == 1, f"exactly one topic permission of {user} on {exchange}"
    return matches[0]


def writes(definitions, user, exchange, key):
    return re.search(topic(definitions, user, exchange)["write"], key) is not None


def reads(definitions, user, exchange, key):
    return re.search(topic(definitions, user, exchange)["read"], key) is not None


def test_every_non_admin_user_is_restricted_on_both_exchanges(definitions):
    # A user without a topic permission on an exchange may use every routing key there.
    entries = {(t["user"], t["exchange"]) for t in definitions["topic_permissions"]}
    assert entries == {(u, e) for u in USERS for e in EXCHANGES}
    for t in definitions["topic_permissions"]:
        assert t["vhost"] == "/"
        for kind in ("write", "read"):
            assert t[kind].startswith("^") and t[kind].endswith("$"), (t["user"], t["exchange"], kind)
            re.compile(t[kind])
    assert not any(t["user"] == "connectbus" for t in definitions["topic_permissions"]), \
        "the admin user (dlq replay, topology) stays unrestricted"


def test_each_event_is_written_only_by_its_service(definitions, catalogue):
    events = names(catalogue, "event")
    assert {owner(e) for e in events} == set(SERVICES)
    for event in events:
        for user in USERS:
            assert writes(definitions, user, "connectbus.events", event) == (user == owner(event)), (user, event)


def test_only_notifications_writes_stripe_events(definitions):
    for key in STRIPE_KEYS:
        for user in USERS:
            assert writes(definitions, user, "connectbus.events", key) == (user == "notifications"), (user, key)


def test_forged_keys_are_refused(definitions):
    for user in SERVICES:
        for key in ("", "#", "x" + user + ".a.b", user, "stripe", "connectbus.a.b"):
            assert not writes(definitions, user, "connectbus.events", key), (user, key)
    assert not writes(definitions, "notifications", "connectbus.commands", "payments.refund")
    assert not writes(definitions, "notifications", "connectbus.events", "payments.order.paid")


def test_commands_are_written_by_the_platform_and_by_their_senders_only(definitions, catalogue):
    commands = names(catalogue, "command")
    for command in commands + [f"{s}.ping" for s in SERVICES] + ["terminal-gateway.ping"]:
        assert writes(definitions, "platform", "connectbus.commands", command), command
        assert not writes(definitions, "monitor", "connectbus.commands", command), command
        for service in SERVICES:
            expected = command in SENT_COMMANDS[service]
            assert writes(definitions, service, "connectbus.commands", command) == expected, (service, command)
    for key in ("", "#", "payments.refund.x", "stripe.account.updated", "payments.order.paid"):
        assert not writes(definitions, "platform", "connectbus.commands", key), key
    for key in names(catalogue, "event") + STRIPE_KEYS:
        assert not writes(definitions, "platform", "connectbus.events", key)
        assert not writes(definitions, "monitor", "connectbus.events", key)


def test_services_send_no_commands_but_the_listed_ones():
    """Every place in Services/ that publishes to connectbus.commands names its routing key;
    a new sender must be added to SENT_COMMANDS and to the definitions."""
    for service, folder in SOURCE_DIRS.items():
        sent = set()
        for path in sorted((REPO / "Services" / folder).rglob("*.swift")):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"\bcontext\.send\(|\.send\(\s*[A-Z]\w*\(", text), \
                f"{path} sends a command: add it to SENT_COMMANDS and the definitions"
            for match in re.finditer(r"exchange: Exchanges\.commands, routingKey: (\w+)\.messageName", text):
                declared = re.search(r'struct %s\b[\s\S]*?messageName = "([^"]+)"' % match.group(1),
                                     "".join(p.read_text(encoding="utf-8")
                                             for p in (REPO / "Shared" / "Messages").rglob("*.swift")))
                assert declared, match.group(1)
                sent.add(declared.group(1))
            assert text.count("Exchanges.commands") == len(re.findall(
                r"exchange: Exchanges\.commands, routingKey: \w+\.messageName", text)), \
                f"{path} publishes to connectbus.commands with a key the scan cannot name"
        assert sent == SENT_COMMANDS[service], service


def test_services_bind_their_own_commands_and_consumed_events(definitions, catalogue):
    for service in SERVICES:
        own = [c for c in names(catalogue, "command") if owner(c) == service] + [f"{service}.ping"]
        for command in own:
            assert reads(definitions, service, "connectbus.commands", command), (service, command)
        for other in SERVICES:
            if other != service:
                assert not reads(definitions, service, "connectbus.commands", f"{other}.ping"), (service, other)
        for pattern in CONSUMED[service]:
            assert reads(definitions, service, "connectbus.events", pattern), (service, pattern)
        assert not reads(definitions, service, "connectbus.events", "#"), service
    assert reads(definitions, "terminal", "connectbus.commands", "terminal-gateway.ping")


def test_monitor_and_platform_bind_any_event_but_no_command(definitions, catalogue):
    for user in ("monitor", "platform"):
        for pattern in ("#", "payments.#", "stripe.*.*"):
            assert reads(definitions, user, "connectbus.events", pattern), (user, pattern)
        for command in names(catalogue, "command"):
            assert not reads(definitions, user, "connectbus.commands", command), (user, command)
