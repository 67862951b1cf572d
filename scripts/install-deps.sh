#!/usr/bin/env bash
# Install what ConnectBus needs to build, run and test on Debian 12: the C libraries'
# -dev packages, RabbitMQ, PostgreSQL, curl, wrk, docker-compose (only to validate
# docker/compose.yaml), tini, prometheus (promtool), headless Chromium with its WebDriver (the
# browser tests of stripe-sim's pages), and the Python packages of Tests/deployment.
# Idempotent: apt runs only when a package is missing, pip only when a module is.
# Run as root, or as a user with sudo. Swift itself must already be installed.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

APT_PACKAGES=(
    # C libraries the Swift package links (pkg-config names in Package.swift).
    librabbitmq-dev libcurl4-openssl-dev libmicrohttpd-dev libpq-dev libssl-dev pkg-config
    # The IANA time-zone database (/usr/share/zoneinfo) terminal-gateway's daily
    # reconciliation reads (Shared/Runtime/Scheduling, TimeZoneDatabase).
    tzdata
    # Servers the scripts start, and their clients.
    rabbitmq-server postgresql postgresql-client
    # PgBouncer in transaction mode in front of Postgres (scripts/lib/pgbouncer.sh).
    pgbouncer
    # Tools used by the scripts, the demo and the benchmarks.
    ca-certificates curl wrk make procps iproute2 util-linux tini
    # valgrind (callgrind) records the functions a service runs (scripts/symbol-order.sh).
    valgrind
    # Python for Tests/deployment; docker-compose validates docker/compose.yaml;
    # prometheus (prometheus, promtool) checks docker/prometheus and scrapes the services.
    python3 python3-pip docker-compose prometheus
    # Headless browser for Tests/deployment/test_browser_pages.py (stripe-sim's pages).
    chromium chromium-driver
)
PYTHON="${PYTHON:-python3}"
# asyncapi3 validates docs/asyncapi.yaml against the AsyncAPI 3.0.0 object model,
# asyncapi-python[codegen] generates a client from it, faststream[rabbit] runs the example
# client built from it (docs/DESIGN.md "The AsyncAPI document" says why these).
# stripe (stripe-python, exactly 16.1.0: generated from Stripe's OpenAPI for 2026-10-28.endive)
# gives Tests/deployment/test_stripe_sim_openapi.py Stripe's object schemas
# (Tests/deployment/stripe-openapi/README.md); the check below also catches another version.
PY_MODULES=(pika aiosmtpd pytest yaml jsonschema selenium opentelemetry.proto psycopg asyncapi3
    datamodel_code_generator faststream.rabbit "stripe; assert stripe.VERSION == '16.1.0'")
PY_PACKAGES=(pika aiosmtpd pytest pyyaml jsonschema selenium opentelemetry-proto "psycopg[binary]" "asyncapi3==0.0.2"
    "asyncapi-python[codegen,amqp]==0.3.1" "faststream[rabbit]>=0.7.8,<0.8" "stripe==16.1.0")

if ! command -v swift >/dev/null 2>&1; then
    cb_die "swift not found. Install the Swift 6 toolchain (expected at /opt/swift/usr/bin) and put it on PATH."
fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
    status="$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)"
    [ "$status" = "install ok installed" ] || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
    cb_log "installing Debian packages: ${missing[*]}"
    # The packages must not start their own RabbitMQ or PostgreSQL on the default ports:
    # scripts/infra-up.sh starts ours. A temporary policy-rc.d tells dpkg not to.
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' | cb_as_root tee /usr/sbin/policy-rc.d >/dev/null
        cb_as_root chmod 755 /usr/sbin/policy-rc.d
        trap 'cb_as_root rm -f /usr/sbin/policy-rc.d' EXIT
    fi
    cb_as_root apt-get update -q >/dev/null
    cb_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        "${missing[@]}" >/dev/null
else
    cb_log "Debian packages: all present"
fi

missing_py=()
for i in "${!PY_MODULES[@]}"; do
    "$PYTHON" -c "import ${PY_MODULES[$i]}" 2>/dev/null || missing_py+=("${PY_PACKAGES[$i]}")
done
if [ "${#missing_py[@]}" -gt 0 ]; then
    cb_log "installing Python packages for $PYTHON: ${missing_py[*]}"
    pip=("$PYTHON" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore)
    if ! "${pip[@]}" "${missing_py[@]}" 2>/tmp/connectbus-pip.err; then
        if grep -q externally-managed /tmp/connectbus-pip.err; then
            # Debian's own Python (PEP 668): install beside the system packages.
            "${pip[@]}" --break-system-packages "${missing_py[@]}"
        else
            cat /tmp/connectbus-pip.err >&2
            cb_die "pip install ${missing_py[*]} failed"
        fi
    fi
    for i in "${!PY_MODULES[@]}"; do
        "$PYTHON" -c "import ${PY_MODULES[$i]}" || cb_die "$PYTHON cannot import ${PY_MODULES[$i]} after install"
    done
else
    cb_log "Python packages: all present"
fi

for lib in librabbitmq libpq libcurl libmicrohttpd libcrypto; do
    pkg-config --exists "$lib" || cb_die "pkg-config cannot find $lib after install"
done
cb_log "dependencies ready ($(swift --version 2>/dev/null | head -1))"
