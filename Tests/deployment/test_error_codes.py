"""The error codes each command's reply can carry are part of the contract (DESIGN §4 "Error
codes per command"): docs/catalogue.json lists them on the reply (`error_codes`, with their
meanings) and its schema's `error.code` allows exactly them, and docs/asyncapi.yaml carries the
same list as the reply message's `x-error-codes`. The lists come from each command's
declaration (Shared/Messages/<Domain>/<Domain>ErrorCodes.swift), so these checks fail when they
drift from what the services answer:

- every refusal of Tests/deployment/command_corpus.json answers a code its command declares;
- every code a command's handler (and the service types and `ReplyError` factories it uses,
  and its own `validate()` with the `Validation` helpers) names is declared for it, and a
  Stripe-bound route (`mode: .oneAtATime(rateLimited: true)`) declares `stripe.*`;
- every code a command declares as its own is still answered by its sources or the corpus.
"""
import json

import pytest
import yaml

import error_code_sources
from conftest import REPO

DECLARE = ("declare it in Shared/Messages/<Domain>/<Domain>ErrorCodes.swift (`extension <Command>: DeclaresErrorCodes "
           "{ public static let errorCodes = <Domain>ErrorCodes.stripeBound([…]) }`, or `CommandErrorCodes(.database, […])` "
           "for a batched route; ARCHITECTURE \"Adding a command\" step 3), then `make catalogue-file`")
SERVICES = ["Onboarding", "Payments", "TerminalGateway", "Notifications"]


@pytest.fixture(scope="module")
def messages():
    with open(REPO / "docs" / "catalogue.json", encoding="utf-8") as f:
        return json.load(f)["messages"]


@pytest.fixture(scope="module")
def declared(messages):
    """Command wire name → its declared codes (`stripe.*`-style families included)."""
    return {
        entry["command"]: [item["code"] for item in entry.get("error_codes", [])]
        for entry in messages.values() if entry["kind"] == "reply"
    }


def answers(codes, code):
    return any(code.startswith(d[:-1]) if d.endswith(".*") else code == d for d in codes)


def test_every_command_declares_its_error_codes(messages, declared):
    missing = sorted(name for name, entry in messages.items()
                     if entry["kind"] == "command" and not declared.get(name))
    assert not missing, f"no error codes declared for {', '.join(missing)}: {DECLARE}"


def test_every_reply_schema_allows_exactly_the_declared_codes(messages):
    for name, entry in messages.items():
        if entry["kind"] != "reply" or "error_codes" not in entry:
            continue  # an undeclared command: test_every_command_declares_its_error_codes names it
        codes = [item["code"] for item in entry["error_codes"]]
        assert all(item["meaning"] for item in entry["error_codes"]), name
        error = entry["schema"]["oneOf"][1]["properties"]["error"]["properties"]["code"]
        assert error["anyOf"][0]["enum"] == [c for c in codes if not c.endswith(".*")], name
        families = [c[:-2] for c in codes if c.endswith(".*")]
        assert error["anyOf"][1]["pattern"] == "^(" + "|".join(families) + ")\\.", name
        command = messages[entry["command"]]
        assert command["reply_schema"] == entry["schema"], name


def test_the_asyncapi_reply_messages_carry_the_same_codes(messages):
    with open(REPO / "docs" / "asyncapi.yaml", encoding="utf-8") as f:
        document = yaml.safe_load(f)
    for name, entry in messages.items():
        if entry["kind"] == "reply" and "error_codes" in entry:
            message = document["components"]["messages"][name.replace(".", "_")]
            assert message["x-error-codes"] == entry["error_codes"], name


def test_every_corpus_refusal_answers_a_declared_code(declared):
    with open(REPO / "Tests" / "deployment" / "command_corpus.json", encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    refused = [case for case in cases if not case["accepted"] and case.get("code")]
    assert len(refused) > 100
    for case in refused:
        codes = declared.get(case["message"])
        if not codes:
            continue  # an undeclared command: test_every_command_declares_its_error_codes names it
        assert answers(codes, case["code"]), (
            f"{case['message']} refuses {case['note']!r} with {case['code']}, which it does not declare: {DECLARE}")


def test_every_code_a_handler_names_is_declared_for_the_commands_routed_to_it(messages, declared):
    swift_names = {entry["swift_type"]: name for name, entry in messages.items() if entry["kind"] == "command"}
    constants = error_code_sources.reply_error_constants()
    validations = error_code_sources.validation_codes(constants)
    checked = 0
    for service in SERVICES:
        for command, (stripe_bound, codes) in error_code_sources.service_codes(service, constants).items():
            name = swift_names.get(command)
            assert name, f"{service} routes {command}, which is not in docs/catalogue.json (`make catalogue-file`)"
            checked += 1
            if not declared.get(name):
                continue  # an undeclared command: test_every_command_declares_its_error_codes names it
            found = codes | validations.get(command, set())
            undeclared = sorted(code for code in found if not answers(declared.get(name, []), code))
            assert not undeclared, (
                f"{name} ({service}'s handler or {command}.validate()) can answer {', '.join(undeclared)}: {DECLARE}")
            assert stripe_bound == ("stripe.*" in declared[name]), (
                f"{name}: its route is {'' if stripe_bound else 'not '}Stripe-bound; declare "
                f"{'<Domain>ErrorCodes.stripeBound([…])' if stripe_bound else 'CommandErrorCodes(.database, […])'} as its errorCodes")
    commands = [name for name, entry in messages.items() if entry["kind"] == "command"]
    assert checked == len(commands), "a catalogued command is routed by no service's routes(…)"


def test_the_scan_finds_codes_in_each_form_a_handler_writes_them():
    constants = error_code_sources.reply_error_constants()
    text = """
        return .error(.notFound("order", id: x))
        throw HandlerError.retry(code: "conflict.concurrent_update", message: m)
        return .error(ReplyError(code: ReplyError.Code.refundExceedsAmount, message: m))
        return .error(.conflict("already_refunded", m))
        return .error(.invalid(field, problem))
        return .error(.invalid(field, problem, code: ReplyError.Code.invalidURL))
    """
    assert error_code_sources.codes_in(text, constants) == {
        "not_found.order", "conflict.concurrent_update", "conflict.refund_exceeds_amount",
        "conflict.already_refunded", "validation.invalid_value", "validation.invalid_url"}


def test_every_declared_code_is_still_answered_somewhere(messages, declared):
    """The other direction: a command's own codes (what is left after the runtime's, shared by
    every command, the limit codes and its domain's Stripe mapping, shared by every
    Stripe-bound command of the domain) are named by its sources or refused in the corpus, so
    a declaration does not outlive the code that answered it."""
    swift_names = {entry["swift_type"]: name for name, entry in messages.items() if entry["kind"] == "command"}
    constants = error_code_sources.reply_error_constants()
    validations = error_code_sources.validation_codes(constants)
    with open(REPO / "Tests" / "deployment" / "command_corpus.json", encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    # A command without a declaration is reported by test_every_command_declares_its_error_codes.
    declared = {name: codes for name, codes in declared.items() if codes}
    runtime = set.intersection(*(set(codes) for codes in declared.values()))
    limits = {"validation.too_long", "validation.amount_too_large", "validation.too_many_items",
              "validation.invalid_metadata", "validation.amount_too_small"}
    for service in SERVICES:
        found = error_code_sources.service_codes(service, constants)
        found = {c: value for c, value in found.items() if swift_names.get(c) in declared}
        stripe_bound = [set(declared[swift_names[c]]) for c, (bound, _) in found.items() if bound]
        mapping = set.intersection(*stripe_bound) if stripe_bound else set()
        for command, (_, codes) in found.items():
            name = swift_names[command]
            refused = {case["code"] for case in cases if case["message"] == name and not case["accepted"] and case.get("code")}
            named = codes | validations.get(command, set()) | refused
            stale = sorted(set(declared[name]) - runtime - limits - mapping - named)
            assert not stale, f"{name} declares {', '.join(stale)}, which nothing in its handler, validate() or corpus answers"
