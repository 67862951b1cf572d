"""The catalogue's command schemas accept exactly what the services accept (issue 13, item 8).

Every body of command_corpus.json is validated with a real JSON Schema validator (draft
2020-12) against the schema `connectbus catalogue` prints; Tests/MessagesTests'
CommandCorpusTests runs the same bodies through the services' own decoding and validation.
So a platform team that validates against the schema never lands in a DLQ for a rule the
schema did not state. The one rule JSON Schema cannot state (an application fee at most the
amount: it compares two fields) is marked `schema_limit` in the corpus and in the schema's
field description.
"""
import json
import os
import subprocess

import jsonschema
import pytest

from conftest import REPO

CORPUS = REPO / "Tests" / "deployment" / "command_corpus.json"


def cli_binary():
    """The connectbus executable: CONNECTBUS_CLI_BINARY (set by scripts/test.sh), else the debug build."""
    path = os.environ.get("CONNECTBUS_CLI_BINARY") or str(REPO / ".build" / "debug" / "connectbus")
    return path if os.path.exists(path) else None


@pytest.fixture(scope="module")
def catalogue():
    binary = cli_binary()
    if binary is None:
        pytest.skip("connectbus is not built (swift build; scripts/test.sh sets CONNECTBUS_CLI_BINARY)")
    out = subprocess.run([binary, "catalogue"], check=True, capture_output=True, timeout=60).stdout
    return json.loads(out)


@pytest.fixture(scope="module")
def corpus():
    with open(CORPUS, encoding="utf-8") as f:
        return json.load(f)["cases"]


def validator(schema):
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_every_command_schema_is_a_valid_draft_2020_12_schema_and_closed(catalogue):
    for name, entry in catalogue["messages"].items():
        if entry["kind"] != "command":
            continue
        validator(entry["schema"])
        assert entry["schema"]["additionalProperties"] is False, name


def test_event_schemas_stay_open(catalogue):
    events = [e for e in catalogue["messages"].values() if e["kind"] == "event"]
    assert events
    for entry in events:
        assert entry["schema"].get("additionalProperties") is True, entry["swift_type"]


def test_the_schema_accepts_a_body_if_and_only_if_the_service_does(catalogue, corpus):
    wrong = []
    validators = {}
    for case in corpus:
        name = case["message"]
        assert name in catalogue["messages"], name
        if name not in validators:
            validators[name] = validator(catalogue["messages"][name]["schema"])
        expected = case.get("schema_accepts", case["accepted"])
        errors = list(validators[name].iter_errors(case["body"]))
        if (not errors) != expected:
            detail = "; ".join(e.message for e in errors[:2]) or "no schema error"
            wrong.append(f"{name} ({case['note']}): schema {'accepts' if not errors else 'refuses'}, "
                         f"service {'accepts' if case['accepted'] else 'refuses'}: {detail}")
    assert not wrong, "\n".join(wrong)


def test_only_rules_json_schema_cannot_state_are_exempt(corpus):
    exempt = [c for c in corpus if "schema_accepts" in c]
    assert exempt, "the fee rule is the documented exception"
    # Rules comparing or adding fields: a fee above the amount, a cart total that is not its sum,
    # a Checkout total (the sum of its inline lines) outside Stripe's amount limits, a statement's
    # period (to after from, at most 366 days).
    documented = {"validation.fee_exceeds_amount", "validation.cart_total_mismatch",
                  "validation.amount_too_small", "validation.amount_too_large", "validation.statement_range"}
    for case in exempt:
        assert case["schema_accepts"] is True and case["accepted"] is False
        assert case["code"] in documented, case["note"]
        assert case["schema_limit"]


def test_the_corpus_covers_every_command_both_ways(catalogue, corpus):
    commands = {n for n, e in catalogue["messages"].items() if e["kind"] == "command"}
    for name in commands:
        verdicts = {c["accepted"] for c in corpus if c["message"] == name}
        assert verdicts == {True, False}, name


def test_every_example_body_in_the_catalogue_is_schema_valid(catalogue):
    """The `examples` a command's schema carries (copied by platform developers) validate."""
    seen = 0
    for name, entry in catalogue["messages"].items():
        for example in entry["schema"].get("examples", []):
            seen += 1
            errors = [e.message for e in validator(entry["schema"]).iter_errors(example)]
            assert not errors, f"{name}: {errors[:2]}"
    assert seen >= 7
