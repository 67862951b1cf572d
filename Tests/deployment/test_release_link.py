"""Release executables are linked as Shared/Link/README.md says (idle memory).

The files in Shared/Link are checked always; a release service executable is checked when
one was built (`swift build -c release --static-swift-stdlib`, as the benchmarks and
docker/Dockerfile do; CONNECTBUS_RELEASE_BIN names another folder): packed relative
relocations, no exported symbols of its own, no libstdc++.so, the listed functions first
in its code, and a worker's loop without frames of a page or more.
"""
import os
import pathlib
import re
import shutil
import subprocess

import pytest

from conftest import REPO

LINK = REPO / "Shared" / "Link"
RELEASE_BIN = pathlib.Path(os.environ.get("CONNECTBUS_RELEASE_BIN") or REPO / ".build" / "release")
SERVICES = ["onboarding", "payments", "terminal-gateway", "notifications"]


def order() -> list[str]:
    return (LINK / "symbol-order.txt").read_text(encoding="utf-8").split()


def built_services() -> list[pathlib.Path]:
    return [RELEASE_BIN / s for s in SERVICES if (RELEASE_BIN / s).is_file()]


def readelf(*args: str) -> str:
    return subprocess.run(["readelf", "-W", *args], check=True, capture_output=True, text=True).stdout


def test_libstdcxx_script_names_the_static_archive():
    script = (LINK / "libstdc++.so").read_text(encoding="utf-8")
    assert re.search(r"^INPUT\(libstdc\+\+\.a\)$", script, re.M), script


def test_symbol_order_lists_the_worker_loop_and_the_runtime():
    names = order()
    assert len(names) > 1000, "symbol-order.txt lists too few functions: rerun scripts/symbol-order.sh"
    assert len(names) == len(set(names)), "symbol-order.txt lists a function twice"
    assert any(n.startswith("$s11RuntimeCore14BackgroundLoopC") for n in names)
    assert any(n.startswith("swift_") for n in names), "the Swift runtime's start-up functions are missing"


@pytest.mark.skipif(not built_services() or shutil.which("readelf") is None,
                    reason="no release service executable built (swift build -c release --static-swift-stdlib)")
@pytest.mark.parametrize("exe", built_services(), ids=lambda p: p.name)
def test_release_service_is_linked_small(exe: pathlib.Path):
    dynamic = readelf("-d", str(exe))
    assert "(RELR)" in dynamic, "no packed relative relocations (lld -z pack-relative-relocs)"
    assert "libstdc++" not in dynamic, "libstdc++.so is loaded at run time"
    defined = [l for l in readelf("--dyn-syms", str(exe)).splitlines()
               if re.match(r"\s*\d+:", l) and " UND " not in l]
    assert len(defined) < 1000, f"{len(defined)} exported symbols (-export-dynamic is back)"
    text = re.search(r"\] \.text\s+PROGBITS\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", readelf("-S", str(exe)))
    start, size = int(text.group(1), 16), int(text.group(2), 16)
    listed = set(order())
    symbols = subprocess.run(["nm", "-n", "--defined-only", str(exe)], check=True,
                             capture_output=True, text=True).stdout.splitlines()
    addresses = sorted(int(p[0], 16) for p in (s.split() for s in symbols)
                       if len(p) == 3 and p[2] in listed and start <= int(p[0], 16) < start + size)
    assert len(addresses) > len(listed) // 2, "most listed functions are not in the executable"
    # Ordered, 90 % of them sit in the first 42 % of the code (whole unsplit sections such as
    # the Swift runtime's move with them); in link order they spread over 71 %.
    reach = (addresses[int(len(addresses) * 0.9)] - start) / size
    assert reach < 0.55, f"the listed functions are not placed first: 90 % within {reach:.0%} of .text"


def stack_frame(exe: pathlib.Path, address: int, size: int) -> int:
    """Bytes the function's prologue reserves (`sub $n,%rsp`), 0 when it reserves none."""
    code = subprocess.run(["objdump", "-d", "--no-show-raw-insn", f"--start-address={address}",
                           f"--stop-address={address + min(size, 200)}", str(exe)],
                          check=True, capture_output=True, text=True).stdout
    found = re.search(r"sub\s+\$0x([0-9a-f]+),%rsp", code)
    return int(found.group(1), 16) if found else 0


@pytest.mark.skipif(not built_services() or shutil.which("objdump") is None,
                    reason="no release service executable built (swift build -c release --static-swift-stdlib)")
@pytest.mark.parametrize("exe", built_services(), ids=lambda p: p.name)
def test_worker_loop_frames_are_small(exe: pathlib.Path):
    """Every idle worker keeps its deepest frames resident (Shared/Runtime/README.md "Memory"):
    none of the worker loop's frames reaches a page (inlined into the loop, the task and its
    processors once made frames of 15, 9 and 7 KB; the deliveries a take holds, 5.2 KB)."""
    symbols = subprocess.run(["nm", "-S", "--defined-only", str(exe)], check=True,
                             capture_output=True, text=True).stdout.splitlines()
    frames = {}
    for line in symbols:
        fields = line.split()
        if len(fields) != 4 or fields[2] not in "tT":
            continue
        name = fields[3]
        if name.startswith("$s7Runtime6Worker") or (name.startswith("$s11RuntimeCore14BackgroundLoopC") and "6WorkerC0" in name):
            frames[name] = stack_frame(exe, int(fields[0], 16), int(fields[1], 16))
    assert len(frames) > 10, "the worker's functions are not in the symbol table"
    large = {name: size for name, size in frames.items() if size >= 4096}
    assert not large, f"worker loop frames of a page or more: {large}"
