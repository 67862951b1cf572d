"""Package.swift tells the truth (ARCHITECTURE.md "Modules"): every module a target imports
is one of its declared dependencies, and every dependency it declares is imported.

With `MemberImportVisibility` on, a file can use only what it imports, and with this check a
target imports only what it declares, so the dependency graph in Package.swift is the one
the code has. The C shim target is left out (it includes headers, it imports nothing).
"""
import json
import re
import shutil
import subprocess

import pytest

from conftest import REPO

IMPORT = re.compile(
    r"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|package|internal|fileprivate|private)[ \t]+)?import[ \t]+"
    r"(?:(?:class|struct|enum|protocol|func|var|let|typealias)[ \t]+)?(\w+)",
    re.MULTILINE)
UPCOMING = {"ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"}


@pytest.fixture(scope="module")
def manifest() -> dict:
    swift = shutil.which("swift")
    if swift is None:
        pytest.skip("the Swift toolchain is not on PATH")
    out = subprocess.run([swift, "package", "dump-package"], cwd=REPO, check=True,
                         capture_output=True, text=True, timeout=300).stdout
    return json.loads(out)


def swift_targets(manifest: dict) -> list[dict]:
    return [t for t in manifest["targets"] if t["type"] != "system" and t["name"] != "CShims"]


def declared(target: dict) -> set[str]:
    return {value[0] for dependency in target["dependencies"] for value in dependency.values()}


def imported(target: dict) -> set[str]:
    names = set()
    for path in (REPO / target["path"]).rglob("*.swift"):
        names.update(IMPORT.findall(path.read_text()))
    return names


def test_every_imported_package_module_is_a_declared_dependency(manifest):
    modules = {t["name"] for t in manifest["targets"]}
    problems = []
    for target in swift_targets(manifest):
        missing = (imported(target) & modules) - declared(target) - {target["name"]}
        if missing:
            problems.append(f"{target['name']} imports {sorted(missing)} without declaring them")
    assert problems == []


def test_every_declared_dependency_is_imported(manifest):
    problems = []
    for target in swift_targets(manifest):
        unused = declared(target) - imported(target)
        if unused:
            problems.append(f"{target['name']} declares {sorted(unused)} but imports none of them")
    assert problems == []


def test_every_swift_target_has_the_upcoming_features(manifest):
    for target in swift_targets(manifest):
        features = {setting["kind"]["enableUpcomingFeature"]["_0"]
                    for setting in target.get("settings", [])
                    if "enableUpcomingFeature" in setting.get("kind", {})}
        assert UPCOMING <= features, f"{target['name']}: {sorted(UPCOMING - features)} off"


def test_the_cli_links_the_schema_targets_not_the_services(manifest):
    cli = next(t for t in manifest["targets"] if t["name"] == "ConnectBusCLI")
    deps = declared(cli)
    assert {"OnboardingSchema", "PaymentsSchema", "TerminalGatewaySchema", "NotificationsSchema"} <= deps
    assert not deps & {"OnboardingService", "PaymentsService", "TerminalGateway", "NotificationsService"}
