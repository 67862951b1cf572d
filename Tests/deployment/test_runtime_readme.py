"""The example of Shared/Runtime/README.md ("A service in ten lines") names only what exists.

Every capitalised name it uses (a type: handler, store, message, host) must be declared in
Shared/ or Services/, and every `.name(` it calls on a route or event handler must be a
static function there, so the example cannot drift from the code it is trimmed from.
"""
import re

from conftest import REPO

SECTION = "## A service in ten lines"
DECLARATION = re.compile(r"\b(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)")
STATIC_FUNC = re.compile(r"\bstatic\s+func\s+(\w+)")
SWIFT_WORDS = {"Self", "String", "Int", "Bool", "Array", "Duration"}


def example() -> str:
    text = (REPO / "Shared" / "Runtime" / "README.md").read_text(encoding="utf-8")
    section = text[text.index(SECTION):]
    start = section.index("```swift") + len("```swift")
    return section[start:section.index("```", start)]


def sources() -> str:
    return "\n".join(path.read_text(encoding="utf-8")
                     for folder in ("Shared", "Services") for path in (REPO / folder).rglob("*.swift"))


def test_every_type_the_example_names_is_declared():
    code = re.sub(r"//.*", "", example())
    named = set(re.findall(r"\b([A-Z]\w*)\b", code)) - SWIFT_WORDS
    declared = set(DECLARATION.findall(sources()))
    assert named, "the example names no type"
    missing = sorted(named - declared)
    assert not missing, f"Shared/Runtime/README.md example names undeclared types: {missing}"


def test_every_factory_the_example_calls_exists():
    code = re.sub(r"//.*", "", example())
    called = set(re.findall(r"(?<![\w)\]])\.(\w+)\(", code))
    # Static factories and enum cases with associated values (e.g. `.oneAtATime(rateLimited:)`).
    declared = set(STATIC_FUNC.findall(sources())) | set(re.findall(r"\bcase\s+(\w+)\(", sources()))
    assert called, "the example calls no route factory"
    missing = sorted(called - declared)
    assert not missing, f"Shared/Runtime/README.md example calls undeclared factories: {missing}"
