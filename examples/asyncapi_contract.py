"""The ConnectBus contract as docs/asyncapi.yaml states it, for Python clients that know
nothing else: where each command is published (exchange, routing key), what its reply is
called, which headers and properties go with it, its payload schema, and where events and
the event history stream are.

Only the AsyncAPI 3.0.0 document is read (no catalogue, no Swift code): any AsyncAPI tool
would find the same in it. Needs PyYAML; `jsonschema`, when installed, checks command bodies
against their payload schema before they are sent.
"""
import pathlib

import yaml

DEFAULT_DOCUMENT = pathlib.Path(__file__).resolve().parents[1] / "docs" / "asyncapi.yaml"


class Contract:
    """The parts of the AsyncAPI document a client needs, by wire name."""

    def __init__(self, path=DEFAULT_DOCUMENT):
        with open(path, encoding="utf-8") as f:
            self.document = yaml.safe_load(f)
        self.channels = self.document["channels"]
        self.operations = self.document["operations"]
        self.components = self.document["components"]

    def resolve(self, value):
        """Follows a local `$ref` (`#/components/...`) to the object it names."""
        while isinstance(value, dict) and "$ref" in value:
            node = self.document
            for part in value["$ref"].lstrip("#/").split("/"):
                node = node[part]
            value = node
        return value

    def message(self, name):
        """The component message whose `name` is the wire name `name`."""
        for message in self.components["messages"].values():
            if message.get("name") == name:
                return message
        raise KeyError(f"{name} is not a message of the AsyncAPI document")

    def command(self, name):
        """(exchange, routing key, schema version, reply name, payload schema) of a command:
        from its `send` operation, its channel's AMQP binding and its message's headers."""
        for operation in self.operations.values():
            channel = self.resolve(operation["channel"])
            if operation["action"] != "send" or channel["address"] != name:
                continue
            message = self.resolve(operation["messages"][0])
            reply = self.resolve(operation["reply"]["messages"][0])
            amqp = channel["bindings"]["amqp"]
            version = message["headers"]["properties"]["x-schema-version"]["const"]
            return amqp["exchange"]["name"], channel["address"], version, reply["name"], self.resolve(message["payload"])
        raise KeyError(f"{name} is not a command of the AsyncAPI document")

    def events_exchange(self):
        """The exchange every event channel is bound to."""
        for operation in self.operations.values():
            channel = self.resolve(operation["channel"])
            if operation["action"] == "receive" and channel["bindings"]["amqp"]["is"] == "routingKey":
                return channel["bindings"]["amqp"]["exchange"]["name"]
        raise KeyError("no event channel in the AsyncAPI document")

    def history_stream(self):
        """The name of the queue (a stream) that keeps every event."""
        for channel in self.channels.values():
            amqp = channel.get("bindings", {}).get("amqp", {})
            if amqp.get("is") == "queue" and channel.get("x-stream"):
                return amqp["queue"]["name"]
        raise KeyError("no history stream in the AsyncAPI document")

    def takes_account(self, name):
        """True when the command's body has an `account` field (the connected account)."""
        return "account" in self.command(name)[4].get("properties", {})

    def check(self, name, body):
        """Raises jsonschema.ValidationError when `body` breaks the command's payload schema."""
        try:
            import jsonschema
        except ImportError:
            return
        jsonschema.validate(body, self.command(name)[4], cls=jsonschema.Draft202012Validator)
