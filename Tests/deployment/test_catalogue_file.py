"""docs/catalogue.json, the message catalogue checked into the repository, is what a team in
another language reads without a Swift toolchain: every command, reply and event with a
valid JSON Schema (draft 2020-12), and exactly what `connectbus catalogue` prints when the
executable is built (Tests/MessagesTests' CatalogueFileTests checks the same from the code).
Regenerate it with `make catalogue-file`."""
import json
import os
import subprocess

import jsonschema
import pytest

from conftest import REPO

FILE = REPO / "docs" / "catalogue.json"
REGENERATE = "docs/catalogue.json is stale: regenerate it with `make catalogue-file` and commit it"


@pytest.fixture(scope="module")
def catalogue():
    with open(FILE, encoding="utf-8") as f:
        return json.load(f)


def test_every_message_has_a_valid_json_schema(catalogue):
    messages = catalogue["messages"]
    kinds = {entry["kind"] for entry in messages.values()}
    assert kinds == {"command", "reply", "event"}, kinds
    for name, entry in messages.items():
        jsonschema.Draft202012Validator.check_schema(entry["schema"])
        # Replies go through the default exchange ("") to the command's reply_to.
        assert entry["exchange"] or entry["kind"] == "reply", name
        if entry["kind"] == "command":
            assert entry["reply"] in messages, name


def test_the_file_is_what_the_built_cli_prints(catalogue):
    binary = os.environ.get("CONNECTBUS_CLI_BINARY") or str(REPO / ".build" / "debug" / "connectbus")
    if not os.path.exists(binary):
        pytest.skip("connectbus is not built (swift build; scripts/test.sh sets CONNECTBUS_CLI_BINARY)")
    printed = json.loads(subprocess.run([binary, "catalogue"], check=True, capture_output=True, timeout=60).stdout)
    assert printed == catalogue, REGENERATE
