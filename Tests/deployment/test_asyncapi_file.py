"""docs/asyncapi.yaml, the AsyncAPI 3.0.0 document of the whole bus, checked by tools other
teams use rather than by our own code alone:

- `asyncapi3` (PyPI), a strict object model of the AsyncAPI 3.0.0 specification and its
  AMQP 0.3.0 bindings: every object, field, enum and key pattern of the specification,
  unknown fields refused (only `x-` extensions are allowed where the specification allows
  them);
- `asyncapi-python` (PyPI), a code generator of typed AMQP clients from AsyncAPI 3: it runs
  its own document rules, resolves the references and generates a package that imports.

It also covers every command, reply and event of docs/catalogue.json with the same schema,
names each broker user of docker/rabbitmq/definitions.json as a security scheme, and is what
the built `connectbus catalogue --asyncapi` prints (Tests/MessagesTests' AsyncAPIFileTests
checks the same from the code). Regenerate it with `make catalogue-file`.
"""
import copy
import json
import os
import subprocess
import sys
import warnings

import jsonschema
import pytest
import yaml

from conftest import REPO

FILE = REPO / "docs" / "asyncapi.yaml"
REGENERATE = "docs/asyncapi.yaml is stale: regenerate it with `make catalogue-file` and commit it"


def key(name):
    return name.replace(".", "_")


@pytest.fixture(scope="module")
def document():
    with open(FILE, encoding="utf-8") as f:
        return yaml.safe_load(f)


@pytest.fixture(scope="module")
def catalogue():
    with open(REPO / "docs" / "catalogue.json", encoding="utf-8") as f:
        return json.load(f)["messages"]


def validate_with_asyncapi3(document):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the package's own pydantic field-name warnings
        from asyncapi3 import AsyncAPI3
        return AsyncAPI3.model_validate(document)


def test_the_asyncapi3_object_model_accepts_the_document(document):
    assert document["asyncapi"] == "3.0.0"
    validate_with_asyncapi3(document)


def test_the_asyncapi3_object_model_refuses_a_broken_copy(document):
    """The validator is not vacuous: an unknown channel field, a 2.x operation action and a
    field the AMQP binding does not define are each refused."""
    for path, value in [(("channels", "payments_order_paid", "queue"), "payments.order.paid"),
                        (("operations", "send_payments_refund", "action"), "publish"),
                        (("channels", "payments_order_paid", "bindings", "amqp", "durable"), True)]:
        broken = copy.deepcopy(document)
        target = broken
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
        with pytest.raises(Exception):
            validate_with_asyncapi3(broken)


def test_the_asyncapi_python_generator_accepts_it_and_its_package_imports(tmp_path):
    out = tmp_path / "connectbus_generated"
    # Its console script `asyncapi-python-codegen`, run through this Python (its bin folder may not be on PATH).
    run = subprocess.run([sys.executable, "-c", "import sys; from asyncapi_python_codegen import app; "
                                                "sys.argv[0] = 'asyncapi-python-codegen'; app()", str(FILE), str(out)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    # The generated application builds an endpoint (and its message models) per operation.
    check = subprocess.run(
        [sys.executable, "-c", "from connectbus_generated import Application\n"
                               "from asyncapi_python.contrib.wire.in_memory import InMemoryWire\n"
                               "app = Application(InMemoryWire())\n"
                               "assert hasattr(app.producer, 'send_payments_create_checkout_session')\n"
                               "assert hasattr(app.consumer, 'receive_terminal_payment_captured')\n"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stderr[-3000:]


def test_every_catalogued_message_has_its_channel_operation_and_schema(document, catalogue):
    channels, operations = document["channels"], document["operations"]
    components = document["components"]
    for name, entry in catalogue.items():
        k = key(name)
        assert components["schemas"][k] == entry["schema"], name
        message = components["messages"][k]
        assert message["name"] == name and message["headers"]["properties"]["x-schema-version"]["const"] == entry["version"]
        assert channels[k]["messages"][k] == {"$ref": f"#/components/messages/{k}"}, name
        if entry["kind"] == "command":
            assert channels[k]["address"] == entry["routing_key"] == name
            amqp = channels[k]["bindings"]["amqp"]
            assert (amqp["is"], amqp["exchange"]["name"], amqp["exchange"]["type"]) == ("routingKey", entry["exchange"], "topic")
            assert channels[k]["x-command-queue"]["name"] == entry["queue"]
            send = operations[f"send_{k}"]
            assert send["action"] == "send" and send["bindings"]["amqp"]["mandatory"] is True
            assert send["bindings"]["amqp"]["deliveryMode"] == 2
            assert send["reply"]["channel"] == {"$ref": f"#/channels/{key(entry['reply'])}"}
        elif entry["kind"] == "event":
            assert channels[k]["address"] == name
            assert operations[f"receive_{k}"]["action"] == "receive"
            assert k in channels["connectbus_events_history"]["messages"]
        else:
            assert channels[k]["address"] is None
    events = {key(n) for n, e in catalogue.items() if e["kind"] == "event"}
    assert set(channels["connectbus_events_history"]["messages"]) == events
    # Nothing in the document that the catalogue does not have (beyond the stream and Stripe's events).
    assert set(channels) - {key(n) for n in catalogue} == {"connectbus_events_history", "stripe_events"}


def test_every_example_is_valid_against_its_payload_schema(document):
    schemas = document["components"]["schemas"]
    count = 0
    for k, message in document["components"]["messages"].items():
        for example in message.get("examples", []):
            jsonschema.validate(example["payload"], schemas[k], cls=jsonschema.Draft202012Validator)
            count += 1
    assert count > 0


def test_each_broker_user_is_a_security_scheme_with_its_rights(document, definitions):
    schemes = document["components"]["securitySchemes"]
    users = [u["name"] for u in definitions["users"] if "administrator" not in u["tags"]]
    assert sorted(schemes) == sorted(users)
    for permission in definitions["permissions"]:
        if permission["user"] in schemes:
            rights = schemes[permission["user"]]["x-permissions"]
            assert rights == {k: permission[k] for k in ("configure", "write", "read")}
    for topic in definitions["topic_permissions"]:
        got = schemes[topic["user"]]["x-topic-permissions"][topic["exchange"]]
        assert got == {"write": topic["write"], "read": topic["read"]}
    platform = {"$ref": "#/components/securitySchemes/platform"}
    monitor = {"$ref": "#/components/securitySchemes/monitor"}
    for op_id, operation in document["operations"].items():
        if operation["action"] == "send":
            assert platform in operation["security"] and monitor not in operation["security"], op_id
        else:
            assert platform in operation["security"] and monitor in operation["security"], op_id


def test_the_file_is_what_the_built_cli_prints(document):
    binary = os.environ.get("CONNECTBUS_CLI_BINARY") or str(REPO / ".build" / "debug" / "connectbus")
    if not os.path.exists(binary):
        pytest.skip("connectbus is not built (swift build; scripts/test.sh sets CONNECTBUS_CLI_BINARY)")
    printed = subprocess.run([binary, "catalogue", "--asyncapi"], cwd=REPO, check=True, capture_output=True,
                             timeout=60).stdout.decode()
    assert printed.strip() == FILE.read_text(encoding="utf-8").strip(), REGENERATE
