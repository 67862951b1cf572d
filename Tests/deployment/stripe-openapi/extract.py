#!/usr/bin/env python3
"""Writes the JSON Schemas stripe-sim is checked against as one compact file, for reading and
diffing (the test builds the same document in memory; README.md beside this file).

    python3 Tests/deployment/stripe-openapi/extract.py --out /tmp/stripe-schemas.json
    python3 Tests/deployment/stripe-openapi/extract.py --spec spec3.json --out /tmp/stripe-schemas.json

Without --spec the schemas come from the installed stripe-python's models; with --spec from
that OpenAPI document (Stripe's openapi/spec3.json). Only the objects stripe-sim serves and
the definitions they reach are kept (--all keeps everything).
"""
import argparse
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import stripe_schemas  # noqa: E402

# The objects stripe-sim answers (Tools/StripeSim/README.md, "Endpoints").
SERVED = [
    "account", "account_link", "account_session", "application_fee", "balance", "balance_transaction", "bank_account",
    "capability", "charge", "checkout.session", "customer", "customer_session", "dispute", "ephemeral_key", "event",
    "fee_refund", "item", "login_link", "payment_intent", "payment_method", "payment_method_domain", "person", "price",
    "product", "refund", "setup_intent", "terminal.connection_token", "terminal.location", "terminal.reader", "token",
    "webhook_endpoint",
]


def reachable(document, names):
    """The $defs entries the objects `names` reach through `$ref`."""
    seen, todo = set(), [document["objects"][n] for n in names if n in document["objects"]]
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        stack = [document["$defs"][key]]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                if "$ref" in node:
                    todo.append(node["$ref"].rsplit("/", 1)[-1])
                stack.extend(node.values())
            elif isinstance(node, list):
                stack.extend(node)
    return seen


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--spec", help="Stripe's OpenAPI document (spec3.json); default: stripe-python's models")
    parser.add_argument("--out", required=True, help="where to write the schemas")
    parser.add_argument("--all", action="store_true", help="keep every schema, not only the objects stripe-sim serves")
    args = parser.parse_args()
    document = dict(stripe_schemas.load(args.spec))
    if not args.all:
        keep = reachable(document, SERVED)
        document["$defs"] = {k: v for k, v in document["$defs"].items() if k in keep}
        document["objects"] = {k: v for k, v in document["objects"].items() if k in SERVED}
    pathlib.Path(args.out).write_text(json.dumps(document, sort_keys=True, separators=(",", ":")))
    print(f"{args.out}: {len(document['objects'])} objects, {len(document['$defs'])} definitions ({document['source']})")


if __name__ == "__main__":
    main()
