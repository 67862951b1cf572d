"""The service executables do not load Foundation (Shared/Runtime/README.md "Memory").

Every module a service executable links may import Foundation only as the fallback of
`#if canImport(FoundationEssentials)`; on Linux that branch is never compiled, so
Foundation, FoundationInternationalization and ICU (5-6 MB of idle RSS) stay unloaded.
"""
import re

import pytest

from conftest import REPO

# The modules linked into onboarding, payments, terminal-gateway and notifications.
SERVICE_MODULE_DIRS = [
    "Shared/Messages", "Shared/RuntimeCore", "Shared/Bus", "Shared/Store", "Shared/HTTPServer",
    "Shared/StripeAPI", "Shared/Runtime", "Services",
]
IMPORT = re.compile(r"^\s*(@\w+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+(class\s+|struct\s+|enum\s+|func\s+)?Foundation(\.\w+)?\s*$")


def unguarded_foundation_imports(text: str) -> list[int]:
    """Line numbers of `import Foundation` not in the #else of canImport(FoundationEssentials)."""
    lines = []
    stack = []  # per open #if: True while inside the #else of a canImport(FoundationEssentials)
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            stack.append(("guard", "canImport(FoundationEssentials)" in stripped))
        elif stripped.startswith("#else") or stripped.startswith("#elseif"):
            if stack:
                kind, essentials = stack[-1]
                stack[-1] = ("else" if essentials else kind, essentials)
        elif stripped.startswith("#endif"):
            if stack:
                stack.pop()
        elif IMPORT.match(line):
            if not any(kind == "else" for kind, _ in stack):
                lines.append(number)
    return lines


def service_sources():
    for folder in SERVICE_MODULE_DIRS:
        yield from sorted((REPO / folder).rglob("*.swift"))


def test_the_scanner_tells_guarded_from_unguarded_imports():
    guarded = "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif\n"
    assert unguarded_foundation_imports(guarded) == []
    assert unguarded_foundation_imports("import Bus\nimport Foundation\n") == [2]
    assert unguarded_foundation_imports("#if os(Linux)\nimport Foundation\n#endif\n") == [2]
    assert unguarded_foundation_imports("@preconcurrency import Foundation\n") == [1]
    assert unguarded_foundation_imports("import FoundationEssentials\n") == []


def test_no_module_of_a_service_imports_foundation():
    offenders = []
    for path in service_sources():
        for number in unguarded_foundation_imports(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(REPO)}:{number}")
    assert offenders == [], "import FoundationEssentials instead (Shared/Runtime/README.md, Memory): " + ", ".join(offenders)


@pytest.mark.parametrize("executable", ["onboarding", "payments", "terminal-gateway", "notifications"])
def test_built_service_executables_do_not_link_foundation(executable):
    """The executables that scripts/test.sh built (debug) name no Foundation library."""
    candidates = [p for p in REPO.glob(f".build/*/debug/{executable}") if p.is_file()]
    if not candidates:
        pytest.skip(f"{executable} not built in .build (scripts/test.sh builds it)")
    data = candidates[0].read_bytes()
    for library in (b"libFoundation.so", b"libFoundationInternationalization.so", b"lib_FoundationICU.so"):
        assert library not in data, f"{executable} links {library.decode()}"
