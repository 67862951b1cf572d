"""Finds, in the Swift sources, the reply error codes each command's handling can answer: the
codes its handler (Services/*/Sources/Handlers, reached through the service's `routes(…)`) and
the service's types that handler uses (transitively) name, and the codes of its own
`validate()` and the `Validation` helpers it calls (Shared/Messages).

A code is named as `ReplyError.Code.<constant>` (or `Code.<constant>`), a literal
`"conflict.…"`, `"validation.…"`, `"not_found.…"` or `"version.…"`, or one of `ReplyError`'s
factories: `.notFound("<entity>", …)`, `.conflict("<detail>", …)`, `.invalid(…)` (without
`code:`, `validation.invalid_value`), `.missingField(…)`, `.timeout(…)`, `.internal(…)`.
"""
import re

from conftest import REPO

MESSAGES = REPO / "Shared" / "Messages"
SERVICES = REPO / "Services"

CONSTANT = re.compile(r'public static let (\w+) = "([a-z_]+(?:\.[a-z_]+)?)"')
CODE_REFERENCE = re.compile(r"\b(?:ReplyError\.)?Code\.(\w+)")
LITERAL = re.compile(r'"((?:conflict|validation|not_found|version)\.[a-z_]+)"')
NOT_FOUND = re.compile(r'\.notFound\(\s*"(\w+)"')
CONFLICT = re.compile(r'\.conflict\(\s*"(\w+)"')
FACTORIES = {
    re.compile(r"\.missingField\("): "validation.missing_field",
    re.compile(r"ReplyError\.timeout\(|\.error\(\.timeout\(|throw \.timeout\("): "timeout",
    re.compile(r"ReplyError\.internal\(|\.error\(\.internal\("): "internal",
}
TYPE_DECLARATION = re.compile(r"^(?:public |private |fileprivate |internal )?(?:final )?(?:struct|class|enum|extension|actor) (\w+)", re.M)
FUNCTION = re.compile(r"^    (?:public |private |fileprivate |internal )?(?:static )?func (\w+)", re.M)
ROUTE = re.compile(r"\.command\((\w+)\.self,\s*mode:\s*([^)]*\))\)?\s*\{[^}]*?\b(\w+)\.(\w+)\(")
LET_HANDLER = re.compile(r"let (\w+) = (\w+)\(")


def reply_error_constants():
    """`ReplyError.Code`'s constants: Swift name → code (Shared/Messages/Core/ReplyError+*.swift)."""
    constants = {}
    for path in sorted((MESSAGES / "Core").glob("ReplyError*.swift")):
        constants.update(CONSTANT.findall(path.read_text(encoding="utf-8")))
    return constants


def call_text(text, start):
    """The argument text of the call whose `(` is at or after `start`."""
    open_at = text.index("(", start)
    depth = 0
    for index in range(open_at, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return text[open_at:index + 1]
    return text[open_at:]


def codes_in(text, constants):
    """Every reply error code `text` names (see the module's description)."""
    codes = {constants[name] for name in CODE_REFERENCE.findall(text) if name in constants}
    codes |= set(LITERAL.findall(text))
    codes |= {f"not_found.{entity}" for entity in NOT_FOUND.findall(text)}
    codes |= {f"conflict.{detail}" for detail in CONFLICT.findall(text)}
    for pattern, code in FACTORIES.items():
        if pattern.search(text):
            codes.add(code)
    for match in re.finditer(r"\.invalid\(", text):
        if "code:" not in call_text(text, match.start()):
            codes.add("validation.invalid_value")
    return codes


def without_comments(text):
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))


def type_units(paths):
    """Type name → the text of its declaration and extensions in `paths` (top-level only)."""
    units = {}
    for path in paths:
        text = without_comments(path.read_text(encoding="utf-8"))
        starts = [(m.start(), m.group(1)) for m in TYPE_DECLARATION.finditer(text)]
        for index, (start, name) in enumerate(starts):
            end = starts[index + 1][0] if index + 1 < len(starts) else len(text)
            units[name] = units.get(name, "") + text[start:end]
    return units


def functions(text):
    """Function name → its text (overloads joined), for the functions indented one level."""
    found = {}
    starts = [(m.start(), m.group(1)) for m in FUNCTION.finditer(text)]
    for index, (start, name) in enumerate(starts):
        end = starts[index + 1][0] if index + 1 < len(starts) else len(text)
        found[name] = found.get(name, "") + text[start:end]
    return found


def closure(start_text, units, helpers, constants, skip=()):
    """Codes of `start_text`, of every unit it names and of every helper it calls, transitively."""
    seen, codes, pending = set(skip), set(), [start_text]
    while pending:
        text = pending.pop()
        codes |= codes_in(text, constants)
        for name in set(re.findall(r"\b([A-Z]\w+)\b", text)) & units.keys() - seen:
            seen.add(name)
            pending.append(units[name])
        for name in set(re.findall(r"\.(\w+)", text)) & helpers.keys() - seen:
            seen.add(name)
            pending.append(helpers[name])
    return codes


def routes(service):
    """(command Swift type, Stripe-bound, handler type, method) of each command route of `service`."""
    sources = SERVICES / service / "Sources"
    found = []
    for path in sorted(sources.glob("*.swift")):
        text = path.read_text(encoding="utf-8")
        handlers = dict(LET_HANDLER.findall(text))
        for command, mode, variable, method in ROUTE.findall(text):
            found.append((command, "rateLimited: true" in mode, handlers.get(variable, variable), method))
    return found


def service_codes(service, constants):
    """Command Swift type → (Stripe-bound, the codes its handler and the service types it uses name)."""
    sources = SERVICES / service / "Sources"
    units = type_units(sorted(sources.rglob("*.swift")))
    # A service's own `ReplyError` factories count where they are called, not wherever
    # `ReplyError` is named.
    helpers = functions(units.pop("ReplyError", ""))
    commands = routes(service)
    result = {}
    for command, stripe_bound, handler, method in commands:
        text = units.get(handler, "")
        others = {m for c, _, h, m in commands if h == handler and m != method}
        if others:
            bodies = functions(text)
            text = "".join(body for name, body in bodies.items() if name not in others)
        result[command] = (stripe_bound, closure(text, units, helpers, constants, skip={handler}))
    return result


def validation_codes(constants):
    """Command Swift type → the codes of its own `validate()` and the `Validation` helpers it calls."""
    helpers = {}
    for path in sorted((MESSAGES / "Validation").glob("*.swift")):
        helpers.update(functions(without_comments(path.read_text(encoding="utf-8"))))
    units = type_units(sorted(p for p in MESSAGES.rglob("*.swift") if "Catalogue" not in p.parts))

    def helper_codes(text, seen):
        codes = codes_in(text, constants)
        for name in set(re.findall(r"\b(\w+)\(", text)) & helpers.keys() - seen:
            seen.add(name)
            codes |= helper_codes(helpers[name], seen)
        return codes

    return {name: helper_codes(text, set()) for name, text in units.items()}
