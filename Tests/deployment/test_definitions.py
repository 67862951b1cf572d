"""docker/rabbitmq/definitions.json: valid JSON with the users and permissions the
services rely on. RabbitMQ matches permission patterns with a regex search; every pattern
here is anchored, so Python's re.search gives the broker's answer."""
import re

import pytest

from conftest import SERVICES


def permissions_of(definitions, user):
    matches = [p for p in definitions["permissions"] if p["user"] == user and p["vhost"] == "/"]
    assert len(matches) == 1, f"exactly one permission entry for {user}"
    return matches[0]


def allowed(pattern, resource):
    return re.search(pattern, resource) is not None


def test_exchanges_are_durable_topics(definitions):
    exchanges = {e["name"]: e for e in definitions["exchanges"]}
    for name in ("connectbus.commands", "connectbus.events"):
        assert exchanges[name]["type"] == "topic"
        assert exchanges[name]["durable"] is True
        assert exchanges[name]["vhost"] == "/"


def test_users_and_tags(definitions):
    users = {u["name"]: u for u in definitions["users"]}
    assert set(users) == {"connectbus", "monitor", "platform", *SERVICES}
    assert "administrator" in users["connectbus"]["tags"]
    for name in SERVICES + ["platform"]:
        assert users[name]["tags"] == [], f"{name} must have no management tag"
    assert users["monitor"]["tags"] == ["monitoring"]


def test_every_pattern_is_anchored(definitions):
    for p in definitions["permissions"]:
        if p["user"] == "connectbus":
            continue
        for kind in ("configure", "write", "read"):
            assert p[kind].startswith("^") and p[kind].endswith("$"), (p["user"], kind)


@pytest.mark.parametrize("service", SERVICES)
def test_service_permissions_cover_only_its_own_queues(definitions, service):
    p = permissions_of(definitions, service)
    own = [f"{service}.create_thing", f"{service}.create_thing.retry.1", f"{service}.create_thing.dlq",
           f"{service}.events"]
    for kind in ("configure", "write", "read"):
        for queue in own + ["amq.gen-JzTY20BRgKO-HjmUJj0wLg"]:
            assert allowed(p[kind], queue), (service, kind, queue)
        for exchange in ("connectbus.commands", "connectbus.events"):
            assert allowed(p[kind], exchange), (service, kind, exchange)
        for other in SERVICES + ["monitor", "platform"]:
            if other != service:
                assert not allowed(p[kind], f"{other}.create_thing"), (service, kind, other)
        assert not allowed(p[kind], f"x{service}.create_thing")
        assert not allowed(p[kind], "amq.rabbitmq.trace")
    assert allowed(p["write"], "amq.default"), "replies, retries and dead letters use the default exchange"


def test_terminal_also_owns_the_executable_name_prefix(definitions):
    # The executable is `terminal-gateway`; queues named after it belong to the terminal user.
    p = permissions_of(definitions, "terminal")
    for kind in ("configure", "write", "read"):
        assert allowed(p[kind], "terminal-gateway.ping")
        assert not allowed(p[kind], "terminal-gatewayx.ping")
    for other in ("onboarding", "payments", "notifications"):
        assert not allowed(permissions_of(definitions, other)["read"], "terminal-gateway.ping")


def test_monitor_reads_events_and_owns_only_monitor_queues(definitions):
    p = permissions_of(definitions, "monitor")
    for kind in ("configure", "write", "read"):
        assert allowed(p[kind], "monitor.payments_tail")
        assert allowed(p[kind], "amq.gen-abc")
        for service in SERVICES:
            assert not allowed(p[kind], f"{service}.events")
        assert not allowed(p[kind], "connectbus.commands")
    assert allowed(p["read"], "connectbus.events")
    assert not allowed(p["write"], "connectbus.events"), "the monitor must not publish events"
    assert not allowed(p["configure"], "connectbus.events")


def test_platform_publishes_commands_and_reads_replies(definitions):
    p = permissions_of(definitions, "platform")
    assert allowed(p["write"], "connectbus.commands")
    assert not allowed(p["write"], "connectbus.events")
    assert allowed(p["read"], "amq.gen-reply")
    assert allowed(p["configure"], "amq.gen-reply")
    for service in SERVICES:
        for kind in ("configure", "write", "read"):
            assert not allowed(p[kind], f"{service}.create_thing")


def test_only_the_event_history_stream_is_predeclared(definitions):
    # Services declare their own quorum queues, retry queues and DLQs at start-up; the
    # history stream is shared, so the definitions (and `connectbus topology`) declare it.
    assert definitions["queues"] == [{"name": "connectbus.events.history", "vhost": "/", "durable": True,
                                      "auto_delete": False, "arguments": {"x-queue-type": "stream"}}]
    assert definitions["bindings"] == [{"source": "connectbus.events", "vhost": "/",
                                        "destination": "connectbus.events.history", "destination_type": "queue",
                                        "routing_key": "#", "arguments": {}}]


def test_event_history_retention_is_a_policy_by_age_and_size(definitions):
    policies = [p for p in definitions["policies"] if re.search(p["pattern"], "connectbus.events.history")]
    assert len(policies) == 1
    assert policies[0]["apply-to"] == "queues"
    assert set(policies[0]["definition"]) >= {"max-age", "max-length-bytes"}
    for other in ("connectbus.events", "payments.events", "monitor.x"):
        assert not any(re.search(p["pattern"], other) for p in definitions["policies"])


def test_monitor_and_platform_may_read_the_history(definitions):
    for user in ("monitor", "platform"):
        perms = permissions_of(definitions, user)
        assert allowed(perms["read"], "connectbus.events.history")
        assert not allowed(perms["configure"], "connectbus.events.history")
