"""stripe_schemas.py turns Stripe's OpenAPI (and stripe-python's models) into JSON Schemas that
catch what test_stripe_sim_openapi.py looks for: a missing required member, a wrong type, a
value outside an enum, a member Stripe does not have; an expandable field may be an id."""
import pytest

pytest.importorskip("jsonschema")
import stripe_schemas  # noqa: E402

SPEC = {
    "info": {"version": "2026-11-18.endive"},
    "components": {"schemas": {
        "widget": {
            "type": "object", "required": ["id", "object", "owner", "size", "note"],
            "x-expandableFields": ["owner"],
            "properties": {
                "id": {"type": "string", "maxLength": 5000},
                "object": {"type": "string", "enum": ["widget"]},
                "owner": {"$ref": "#/components/schemas/owner"},
                "size": {"type": "integer"},
                "note": {"type": "string", "nullable": True},
                "kind": {"anyOf": [{"type": "string", "enum": ["small", "large"]}, {"$ref": "#/components/schemas/owner"}]},
                "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
            },
        },
        "deleted_widget": {
            "type": "object", "required": ["id", "object", "deleted"],
            "properties": {"id": {"type": "string"}, "object": {"type": "string", "enum": ["widget"]},
                           "deleted": {"type": "boolean", "enum": [True]}},
        },
        "owner": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
    }},
}


def test_openapi_conversion_keeps_required_types_enums_and_closes_objects():
    validator = stripe_schemas.Validator(stripe_schemas.from_openapi(SPEC))
    good = {"id": "wd_1", "object": "widget", "owner": "own_1", "size": 3, "note": None, "metadata": {"a": "b"}}
    assert validator.violations(good) == []
    assert validator.violations({**good, "owner": {"id": "own_1"}, "kind": "small"}) == []
    assert validator.violations({"id": "wd_1", "object": "widget", "deleted": True}) == []
    found = validator.violations({**good, "size": "3", "kind": "medium", "extra": 1, "note": 5})
    text = "\n".join(found)
    assert '.widget.size: "3" is not integer' in text
    assert "'extra' was unexpected" in text
    assert ".widget.note: 5 is not string" in text
    assert ".widget.kind" in text
    missing = validator.violations({"id": "wd_1", "object": "widget", "size": 1, "note": None})
    assert missing == [".widget: 'owner' is a required property"]


def test_lists_and_events_are_checked_item_by_item():
    validator = stripe_schemas.Validator(stripe_schemas.from_openapi(SPEC))
    page = {"object": "list", "data": [{"id": "x", "object": "widget"}], "has_more": False, "url": "/v1/widgets"}
    assert any(v.startswith(".data[].widget") for v in validator.violations(page))
    assert validator.violations({"object": "gadget"}) == [": no schema for object 'gadget'"]


def test_stripe_python_models_give_the_account_schema():
    pytest.importorskip("stripe", reason="stripe-python (scripts/install-deps.sh) is not installed")
    validator = stripe_schemas.Validator(stripe_schemas.from_stripe_python())
    key = {"id": "ephkey_1", "object": "ephemeral_key", "created": 1, "expires": 2, "livemode": False}
    assert validator.violations(key) == []
    assert validator.violations({**key, "associated_objects": []}) == [
        ".ephemeral_key: Additional properties are not allowed ('associated_objects' was unexpected)"]
    settings = {"id": "acct_1", "object": "account", "settings": {"dashboard": {"display_name": None, "timezone": "Etc/UTC"},
                                                                   "payments": {"statement_descriptor": None}}}
    found = validator.violations(settings)
    assert ".account.settings: 'branding' is a required property" in found
    assert validator.violations({"id": "cus_1", "object": "customer", "deleted": True}) == []


def test_error_answers_are_checked_against_stripes_error_object():
    pytest.importorskip("stripe", reason="stripe-python (scripts/install-deps.sh) is not installed")
    validator = stripe_schemas.Validator(stripe_schemas.from_stripe_python())
    good = {"error": {"type": "invalid_request_error", "code": "parameter_unknown", "param": "colour",
                      "message": "Received unknown parameter: colour"}}
    assert validator.violations(good) == []
    found = validator.violations({"error": {"type": "oops", "message": "x", "colour": "red"}})
    assert ".error.type: \"oops\" is not one of Stripe's values" in found
    assert ".error: Additional properties are not allowed ('colour' was unexpected)" in found
