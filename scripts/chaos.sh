#!/usr/bin/env bash
# `make chaos`: the ledger-checked chaos run (Tests/chaos/README.md). Installs what is
# missing, starts the local RabbitMQ and PostgreSQL, builds stripe-sim, the four services
# and the connectbus CLI (debug, as `make test` does) and runs Tests/chaos/chaos.py, which
# starts them under its supervisor, drives platform commands through AMQP while it kills,
# pauses and restarts things, then checks its ledger and prints the table (with the run's
# dead letters as `connectbus dlq groups` shows them). Exits non-zero on any
# violation; the ledger, logs and table stay in .local/chaos/<time>/ (or CHAOS_OUT).
#
#   scripts/chaos.sh              about 5 minutes, >= 3,000 commands
#   scripts/chaos.sh --ci         the short form CI runs: 70 s, >= 500 commands, every fault kind
#   scripts/chaos.sh --cluster    against a three-node cluster (scripts/cluster.sh): the node
#                                 leading the queues is stopped mid-run instead of a restart
#   scripts/chaos.sh --pgbouncer  the services' DATABASE_URL at the local PgBouncer in
#                                 transaction mode (prepared_statements=off; migrations and the
#                                 backfill lock on DATABASE_DIRECT_URL); combines with --ci
#   scripts/chaos.sh --upgrade-from DIR  a rolling upgrade from the services in DIR instead of
#                                 faults (scripts/upgrade-test.sh, `make upgrade-test`)
#   scripts/chaos.sh ARGS...      any option of Tests/chaos/chaos.py (--duration, --min-commands, …)
#
# Environment: CHAOS_BIN_DIR (use these executables, connectbus among them; skip the build), CHAOS_OUT,
# CHAOS_SIM_PORT (12311), CHAOS_HTTP_PORT_BASE (8780: services on +1…+4),
# CHAOS_SMTP_PORT (2625) — the next free port is used when one is taken —, KEEP_INFRA=1
# (leave the servers running), SKIP_DEPS=1, and the port variables of scripts/lib/common.sh.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cb_avoid_busy_ports
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

args=()
cluster=0
http_span=4
for arg in "$@"; do
    case "$arg" in
        --cluster) cluster=1; args+=(--cluster) ;;
        # The previous release's replicas listen on the HTTP base + 11…14.
        --upgrade-from) http_span=14; args+=("$arg") ;;
        --ci) args+=(--duration 70 --min-commands 500 --concurrency 32 --kill-every 4 --sellers 3) ;;
        *) args+=("$arg") ;;
    esac
done

[ "${SKIP_DEPS:-0}" = 1 ] || "$CB_REPO/scripts/install-deps.sh"
"$CB_REPO/scripts/infra-up.sh"
stop_servers() {
    [ "$cluster" = 0 ] || "$CB_REPO/scripts/cluster.sh" down || true
    "$CB_REPO/scripts/infra-down.sh"
}
if [ "${KEEP_INFRA:-0}" != 1 ]; then trap stop_servers EXIT; fi
if [ "$cluster" = 1 ]; then
    "$CB_REPO/scripts/cluster.sh" up
    eval "$("$CB_REPO/scripts/cluster.sh" env)"
    export CHAOS_AMQP_HOSTS CHAOS_MANAGEMENT_PORTS
fi

if [ -z "${CHAOS_BIN_DIR:-}" ]; then
    for p in stripe-sim onboarding payments terminal-gateway notifications connectbus; do
        cb_log "building $p"
        swift build --build-path "${SWIFT_BUILD_PATH:-$CB_REPO/.build}" --product "$p"
    done
    CHAOS_BIN_DIR="$(swift build --build-path "${SWIFT_BUILD_PATH:-$CB_REPO/.build}" --show-bin-path)"
fi
export CHAOS_BIN_DIR
export CHAOS_SIM_PORT="$(cb_free_port "${CHAOS_SIM_PORT:-12311}")"
export CHAOS_HTTP_PORT_BASE="$(( $(cb_free_port $(( ${CHAOS_HTTP_PORT_BASE:-8780} + 1 )) "$http_span") - 1 ))"
export CHAOS_SMTP_PORT="$(cb_free_port "${CHAOS_SMTP_PORT:-2625}")"
export CONNECTBUS_AMQP_PORT="$CB_AMQP_PORT" CONNECTBUS_MANAGEMENT_PORT="$CB_MGMT_PORT" CONNECTBUS_PG_PORT="$CB_PG_PORT"
export CONNECTBUS_PGBOUNCER_PORT="$CB_PGBOUNCER_PORT"
export CONNECTBUS_RABBITMQ_NODENAME="$CB_RABBIT_NODE"
python3 "$CB_REPO/Tests/chaos/chaos.py" ${CHAOS_OUT:+--out "$CHAOS_OUT"} "${args[@]}"
