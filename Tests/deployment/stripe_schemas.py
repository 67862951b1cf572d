"""JSON Schemas of Stripe's API objects, for checking what stripe-sim answers.

Two sources give the same kind of document, `{"$defs": {...}, "objects": {name: ref}}`
(one `$defs` entry per schema, `objects` maps an object's `object` value, e.g.
`checkout.session`, to its entry):

* `from_openapi(spec)`: Stripe's published OpenAPI (github.com/stripe/openapi,
  `openapi/spec3.json`). `components.schemas` become `$defs`; `nullable: true` adds
  `null`; `anyOf` stays; `$ref: #/components/schemas/x` points into `$defs`; a field named
  in `x-expandableFields` may also be the object's id (a string); `required` stays and every
  object is closed (`additionalProperties: false`) unless the spec gives it
  `additionalProperties`, so an extra field is a violation.
* `from_stripe_python()`: the models of stripe-python (`stripe` on PyPI, generated from
  that OpenAPI for its pinned API version). A field whose type admits no `None` is
  required; an enum is `Literal[...]` (closed here as in the spec, although stripe-python
  also accepts any string); `ExpandableField` is the id or the object; `ListObject` is
  Stripe's list. Every object is closed as above.

`Validator(document).violations(body)` checks one JSON response: a list checks each
element by its own `object`, an event also checks `data.object`. See
Tests/deployment/stripe-openapi/README.md for why both exist.
"""

from __future__ import annotations

import collections
import decimal
import functools
import importlib
import inspect
import json
import pkgutil
import re
import typing

import jsonschema


# ---------------------------------------------------------------- OpenAPI


def from_openapi(spec: dict) -> dict:
    """Converts `components.schemas` of a Stripe OpenAPI document (parsed JSON)."""
    defs = {name: _openapi_schema(schema) for name, schema in spec["components"]["schemas"].items()}
    objects, deleted = {}, {}
    for name, schema in spec["components"]["schemas"].items():
        enum = schema.get("properties", {}).get("object", {}).get("enum")
        if enum and len(enum) == 1:
            # `deleted_customer` and `customer` share `object: customer`: a body with
            # `deleted: true` is checked against the first, any other against the second.
            table = deleted if name.startswith("deleted_") else objects
            if enum[0] not in table or name == enum[0].replace(".", "_"):
                table[enum[0]] = name
    return {"$defs": defs, "objects": objects, "deleted_objects": deleted, "error": "api_errors",
            "source": spec.get("info", {}).get("version", "openapi")}


def _openapi_schema(node):
    if isinstance(node, list):
        return [_openapi_schema(n) for n in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return {"$ref": "#/$defs/" + node["$ref"].rsplit("/", 1)[-1]}
    out = {}
    for key, value in node.items():
        if key in ("description", "title", "example", "x-stripeBypassValidation", "x-stripeResource",
                   "x-resourceId", "x-stripeMostCommon", "x-stripeOperations", "x-expansionResources",
                   "nullable", "x-expandableFields", "format", "maxLength"):
            continue
        if key == "properties":
            out[key] = {k: _openapi_schema(v) for k, v in value.items()}
        elif key in ("anyOf", "oneOf", "allOf", "items", "additionalProperties"):
            out[key] = _openapi_schema(value)
        else:
            out[key] = value
    for field in node.get("x-expandableFields", []):
        prop = out.get("properties", {}).get(field)
        if prop is not None:
            out["properties"][field] = {"anyOf": [{"type": "string"}, prop]}
    if node.get("type") == "object" and "properties" in node and "additionalProperties" not in node:
        out["additionalProperties"] = False
    if node.get("nullable"):
        out = {"anyOf": [out, {"type": "null"}]}
    return out


# ---------------------------------------------------------------- stripe-python


@functools.lru_cache(maxsize=1)
def from_stripe_python() -> dict:
    """Converts the models of the installed stripe-python (`stripe.VERSION`); made once per
    process (about 10 s: every generated module is imported). Do not change the answer."""
    import stripe
    from stripe._list_object import ListObject
    from stripe._stripe_object import StripeObject

    defs: dict = {}
    objects: dict = {}
    resources, by_name = [], {}
    for module_info in pkgutil.walk_packages(stripe.__path__, "stripe."):
        if ".params" in module_info.name or module_info.name.endswith("_service"):
            continue
        module = importlib.import_module(module_info.name)
        for cls in vars(module).values():
            if (inspect.isclass(cls) and issubclass(cls, StripeObject) and cls.__module__ == module.__name__
                    and not issubclass(cls, ListObject)):
                resources.append(cls)
                by_name.setdefault(cls.__name__, []).append(cls)

    def resolve(ref: typing.ForwardRef, owner: type):
        name = ref.__forward_arg__
        module = inspect.getmodule(owner)
        for space in (vars(owner), vars(module) if module else {}):
            if name in space:
                return space[name]
        # The generated modules import the classes they name under `if TYPE_CHECKING:`.
        source_text = inspect.getsource(module)
        for source, grouped, single in re.findall(r"from (stripe[\w.]*) import (?:\(([^)]*)\)|([\w ,]+))", source_text):
            for imported, alias in re.findall(r"(\w+)(?:\s+as\s+(\w+))?", grouped or single):
                if (alias or imported) == name:
                    return getattr(importlib.import_module(source), imported)
        if len(by_name.get(name, [])) == 1:
            return by_name[name][0]
        raise KeyError(f"stripe-python: cannot resolve {name!r} (in {owner.__qualname__})")

    def define(cls: type) -> dict:
        key = cls.__module__.removeprefix("stripe.").replace("._", ".").lstrip("_") + ":" + cls.__qualname__
        ref = {"$ref": f"#/$defs/{key}"}
        if key in defs:
            return ref
        defs[key] = {}  # placeholder while the fields are converted (cycles)
        properties, required = {}, []
        for base in reversed(cls.__mro__):
            if not (base.__module__.startswith("stripe.") and issubclass(base, StripeObject)):
                continue
            if base.__module__ in ("stripe._stripe_object", "stripe._api_resource"):
                continue
            for field, annotation in vars(base).get("__annotations__", {}).items():
                if field.startswith("_") or typing.get_origin(annotation) is typing.ClassVar:
                    continue
                properties[field] = convert(annotation, base)
                if not _admits_none(annotation):
                    required.append(field)
        defs[key] = {"type": "object", "properties": properties, "required": sorted(set(required)),
                     "additionalProperties": False}
        return ref

    def convert(annotation, owner: type) -> dict:
        if annotation is type(None):
            return {"type": "null"}
        if annotation is typing.Any or isinstance(annotation, typing.TypeVar):
            return {}
        if isinstance(annotation, typing.ForwardRef):
            return convert(resolve(annotation, owner), owner)
        if isinstance(annotation, str):
            return convert(typing.ForwardRef(annotation), owner)
        simple = {str: "string", int: "integer", float: "number", bool: "boolean", decimal.Decimal: "string"}
        if annotation in simple:
            return {"type": simple[annotation]}
        origin, args = typing.get_origin(annotation), typing.get_args(annotation)
        if origin is typing.Literal:
            return {"enum": list(args)}
        if origin is typing.Union:
            literals = [a for a in args if typing.get_origin(a) is typing.Literal]
            rest = [a for a in args if typing.get_origin(a) is not typing.Literal]
            if literals and str in rest:  # an enum stripe-python leaves open: the spec's values
                rest.remove(str)
            members = [convert(a, owner) for a in literals + rest]
            return members[0] if len(members) == 1 else {"anyOf": members}
        if origin in (list, typing.List):
            return {"type": "array", "items": convert(args[0], owner) if args else {}}
        if origin in (dict, typing.Dict) or (origin is not None and inspect.isclass(origin)
                                             and origin.__name__ == "UntypedStripeObject"):
            value = args[-1] if args else typing.Any
            return {"type": "object", "additionalProperties": convert(value, owner)}
        list_class = origin if origin is not None else annotation
        if inspect.isclass(list_class) and issubclass(list_class, ListObject):
            return {"type": "object", "required": ["object", "data", "has_more", "url"],
                    "additionalProperties": False,
                    "properties": {"object": {"enum": ["list"]}, "has_more": {"type": "boolean"},
                                   "url": {"type": "string"},
                                   "data": {"type": "array", "items": convert(args[0], owner) if args else {}}}}
        if inspect.isclass(annotation) and issubclass(annotation, StripeObject):
            return define(annotation)
        raise TypeError(f"stripe-python: no JSON Schema for {annotation!r} (in {owner.__qualname__})")

    for cls in resources:
        object_name = vars(cls).get("OBJECT_NAME")
        if isinstance(object_name, str) and object_name not in objects:
            objects[object_name] = define(cls)["$ref"].rsplit("/", 1)[-1]
    # stripe-python folds `deleted_customer` into `Customer` (`deleted: Optional[True]`); the
    # spec's deleted objects are `{id, object, deleted: true}`.
    deleted = {}
    for object_name in objects:
        key = "deleted:" + object_name
        defs[key] = {"type": "object", "required": ["deleted", "id", "object"], "additionalProperties": False,
                     "properties": {"deleted": {"enum": [True]}, "id": {"type": "string"}, "object": {"enum": [object_name]}}}
        if object_name in ("bank_account", "card"):  # the spec's deleted external accounts keep `currency`
            defs[key]["properties"]["currency"] = {"anyOf": [{"type": "string"}, {"type": "null"}]}
        deleted[object_name] = key
    from stripe._error_object import ErrorObject

    error = define(ErrorObject)["$ref"].rsplit("/", 1)[-1]
    # The spec's `api_errors.type` is an enum stripe-python leaves as `str`.
    defs[error]["properties"]["type"] = {"enum": ["api_error", "card_error", "idempotency_error", "invalid_request_error"]}
    return {"$defs": defs, "objects": objects, "deleted_objects": deleted, "error": error,
            "source": f"stripe-python {stripe.VERSION} ({stripe.api_version})"}


def _admits_none(annotation) -> bool:
    if annotation is type(None):
        return True
    if typing.get_origin(annotation) is typing.Union:
        return any(_admits_none(a) for a in typing.get_args(annotation))
    return False


# ---------------------------------------------------------------- validation


class Validator:
    """Checks JSON bodies against one schema document (`from_openapi`/`from_stripe_python`)."""

    def __init__(self, document: dict):
        self.document = document
        self._validators: dict = {}
        self.objects_checked = 0
        self.objects_by_type: collections.Counter = collections.Counter()

    def knows(self, object_name: str) -> bool:
        return object_name in self.document["objects"]

    def _validator(self, object_name: str, deleted: bool):
        table = self.document.get("deleted_objects", {}) if deleted else {}
        return self._schema(table.get(object_name) or self.document["objects"][object_name])

    def _schema(self, key: str):
        if key not in self._validators:
            schema = {"$defs": self.document["$defs"], "$ref": "#/$defs/" + key}
            self._validators[key] = jsonschema.Draft202012Validator(schema)
        return self._validators[key]

    def violations(self, body, where: str = "") -> list:
        """Every way `body` differs from its object's schema, as `where: path: message`; an
        error answer (`{"error": {…}}`) is checked against Stripe's error object."""
        if isinstance(body, dict) and set(body) == {"error"} and self.document.get("error"):
            self.objects_checked += 1
            self.objects_by_type["error"] += 1
            found = [f"{where}.error{_describe(e)}"[:300] for e in self._schema(self.document["error"]).iter_errors(body["error"])]
            return found
        if not isinstance(body, dict) or "object" not in body:
            return [f"{where}: not a Stripe object"]
        name = body["object"]
        if name in ("list", "search_result"):
            found = []
            for item in body.get("data", []):
                found += self.violations(item, f"{where}.data[]")
            return found
        if not self.knows(name):
            return [f"{where}: no schema for object {name!r}"]
        self.objects_checked += 1
        self.objects_by_type[name] += 1
        found = [f"{where}.{name}{_describe(e)}"[:300] for e in self._validator(name, body.get("deleted") is True).iter_errors(body)]
        if name == "event" and isinstance(body.get("data"), dict):
            found += self.violations(body["data"].get("object"), f"{where}.data.object")
        return found


def _describe(error) -> str:
    """`.path.to.member: what is wrong`, list indices as `[]`, values abbreviated; for an
    `anyOf` (a nullable or expandable member) the closest alternative's reason."""
    path = "".join("[]" if isinstance(p, int) else f".{p}" for p in error.relative_path)
    if error.validator in ("anyOf", "oneOf") and error.context:
        deepest = max(error.context, key=lambda e: len(e.relative_path))
        return path + _describe(deepest)
    value = json.dumps(error.instance)
    value = value if len(value) <= 40 else value[:37] + "..."
    if error.validator == "type":
        return f"{path}: {value} is not {error.validator_value}"
    if error.validator == "enum":
        return f"{path}: {value} is not one of Stripe's values"
    return f"{path}: {error.message}"


def load(spec_path: str | None = None) -> dict:
    """The document from a spec3.json path (Stripe's OpenAPI) when given, else stripe-python."""
    if spec_path:
        with open(spec_path) as handle:
            return from_openapi(json.load(handle))
    return from_stripe_python()
