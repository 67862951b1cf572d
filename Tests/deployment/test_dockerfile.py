"""docker/Dockerfile: multi-stage, builds the product named by PRODUCT, runs as a non-root
user under tini with a /healthz health check. (No Docker engine runs in CI, so the file
is checked as text.)"""
import re

from conftest import REPO

DOCKERFILE = (REPO / "docker" / "Dockerfile").read_text(encoding="utf-8")


def instructions():
    joined = re.sub(r"\\\n", " ", DOCKERFILE)
    return [line.strip() for line in joined.splitlines() if line.strip() and not line.strip().startswith("#")]


def test_two_stages_build_then_slim_runtime():
    froms = [i for i in instructions() if i.startswith("FROM ")]
    assert len(froms) == 2
    assert "AS build" in froms[0]
    assert re.search(r"ARG RUNTIME_IMAGE=debian:bookworm-slim", DOCKERFILE)


def test_builds_the_chosen_product():
    assert any('--product "${PRODUCT}"' in i for i in instructions() if i.startswith("RUN swift build"))


def test_runtime_has_only_runtime_libraries():
    runtime = DOCKERFILE.split("FROM ${RUNTIME_IMAGE}", 1)[1]
    for lib in ("librabbitmq4", "libpq5", "libcurl4", "libmicrohttpd12", "libssl3", "ca-certificates", "tini"):
        assert lib in runtime
    assert "-dev" not in runtime


def test_non_root_tini_and_healthcheck():
    ins = instructions()
    users = [i for i in ins if i.startswith("USER ")]
    assert users and users[-1] != "USER root"
    assert any(i.startswith("ENTRYPOINT") and "tini" in i for i in ins)
    assert any(i.startswith("HEALTHCHECK") and "/healthz" in i for i in ins)
