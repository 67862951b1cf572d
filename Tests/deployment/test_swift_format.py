"""The Swift sources follow the checked-in `.swift-format` (150 columns, 4-space indents;
ARCHITECTURE.md "Style"): `swift format lint --strict` finds nothing. Format with
`swift format format -i -r Shared Services Tools Tests Package.swift`.
"""
import shutil
import subprocess

import pytest

from conftest import REPO

SOURCES = ["Shared", "Services", "Tools", "Tests", "Package.swift"]


def test_the_configuration_sets_150_columns():
    import json
    config = json.loads((REPO / ".swift-format").read_text())
    assert config["lineLength"] == 150
    assert config["indentation"] == {"spaces": 4}


def test_every_swift_file_is_formatted():
    swift = shutil.which("swift")
    if swift is None:
        pytest.skip("the Swift toolchain is not on PATH")
    run = subprocess.run([swift, "format", "lint", "--strict", "--recursive", *SOURCES], cwd=REPO,
                         capture_output=True, text=True, timeout=600)
    findings = [line for line in run.stderr.splitlines() if "warning:" in line or "error:" in line]
    assert run.returncode == 0 and not findings, "\n".join(findings[:40])
