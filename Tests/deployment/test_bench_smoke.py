"""The benchmarks' shared pieces for CI's smoke run (scripts/bench-smoke.sh): every benchmark is
in the smoke, takes BENCH_BIN through cb_bench_bin (its executables, nothing built) and, where
it has peers, BENCH_PEERS through cb_bench_peers (scripts/lib/common.sh)."""
import os
import re
import subprocess

from conftest import REPO

SCRIPTS = REPO / "scripts"


def bash(script: str, env: dict[str, str], tmp_path) -> subprocess.CompletedProcess:
    # A `swift` on PATH that records being called: BENCH_BIN must build nothing.
    fake = tmp_path / "fake-bin"
    fake.mkdir(exist_ok=True)
    (fake / "swift").write_text(f'#!/bin/sh\necho "$@" >>"{tmp_path}/swift-called"\nexit 1\n', encoding="utf-8")
    (fake / "swift").chmod(0o755)
    full = {k: v for k, v in os.environ.items() if not k.startswith(("BENCH_", "PEER_"))}
    full.update(env, PATH=f"{fake}:{os.environ['PATH']}")
    return subprocess.run(["bash", "-c", ". scripts/lib/common.sh; " + script], cwd=REPO, env=full,
                          capture_output=True, text=True, timeout=60)


def test_every_benchmark_script_is_in_the_smoke_and_takes_bench_bin():
    smoke = (SCRIPTS / "bench-smoke.sh").read_text(encoding="utf-8")
    names = re.search(r"^ALL=\((.*)\)$", smoke, re.M).group(1).split()
    scripts = sorted(p.name[len("bench-"):-len(".sh")] for p in SCRIPTS.glob("bench-*.sh") if p.name != "bench-smoke.sh")
    assert sorted(names) == scripts
    for name in names:
        assert f"wanted {name} && run {name} " in smoke, name
        assert "cb_bench_bin" in (SCRIPTS / f"bench-{name}.sh").read_text(encoding="utf-8"), name


def test_bench_bin_is_used_as_it_is_and_nothing_is_built(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    for exe in ("connectbus-bench", "notifications"):
        (folder / exe).write_text("#!/bin/sh\n", encoding="utf-8")
        (folder / exe).chmod(0o755)
    for default in (".build", "--debug"):
        run = bash(f"cb_bench_bin {default} connectbus-bench notifications", {"BENCH_BIN": str(folder)}, tmp_path)
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == str(folder)
    assert not (tmp_path / "swift-called").exists()


def test_a_missing_executable_in_bench_bin_is_named(tmp_path):
    folder = tmp_path / "bin"
    folder.mkdir()
    run = bash("cb_bench_bin .build stripe-sim", {"BENCH_BIN": str(folder)}, tmp_path)
    assert run.returncode != 0
    assert f"missing {folder}/stripe-sim" in run.stderr
    assert not (tmp_path / "swift-called").exists()


def test_without_bench_bin_the_release_build_is_made(tmp_path):
    run = bash("cb_bench_bin .build-x connectbus-bench", {}, tmp_path)
    assert run.returncode != 0  # the fake swift fails
    called = (tmp_path / "swift-called").read_text(encoding="utf-8")
    assert "build -c release --static-swift-stdlib --build-path .build-x --product connectbus-bench" in called


def test_bench_peers_0_skips_the_peers_on_one_line_and_missing_peers_stop_a_benchmark(tmp_path):
    missing = {"PEER_BENCH_DIR": str(tmp_path / "no-such-folder")}
    run = bash('cb_bench_peers pipeline/pipeline_c.c "the C peer\'s runs"; echo "PEERS=[$PEERS]"',
               dict(missing, BENCH_PEERS="0"), tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "BENCH_PEERS=0: the C peer's runs skipped (no peer numbers, no ratios to the peer)", "PEERS=[]"]
    run = bash('set -e; cb_bench_peers pipeline/pipeline_c.c "the C peer\'s runs"; echo reached', missing, tmp_path)
    assert run.returncode != 0
    assert "peers not found" in run.stderr and "reached" not in run.stdout
    peers = tmp_path / "peers"
    (peers / "pipeline").mkdir(parents=True)
    (peers / "pipeline" / "pipeline_c.c").write_text("", encoding="utf-8")
    run = bash('cb_bench_peers pipeline/pipeline_c.c "the C peer\'s runs"; echo "PEERS=[$PEERS]"',
               {"PEER_BENCH_DIR": str(peers)}, tmp_path)
    assert run.stdout.strip() == f"PEERS=[{peers}]"
