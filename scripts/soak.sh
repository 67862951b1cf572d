#!/usr/bin/env bash
# `make soak`: months of operation, compressed (Tests/soak/README.md). Installs what is
# missing, starts the local RabbitMQ and PostgreSQL, builds stripe-sim and the four services
# (debug, as `make test` does) and runs Tests/soak/soak.py, which starts them as the chaos
# run does with short retentions, drives signed webhooks, batched commands
# and Stripe-bound commands, samples every service's RSS, descriptors and connections after
# the warm-up and at the end, the rows of every table with a retention and the history
# stream's size, prints the table and exits non-zero when a figure grew or passed its bound.
# The logs, samples (samples.jsonl) and table stay in .local/soak/<time>/ (or SOAK_OUT).
#
#   scripts/soak.sh          the full form: 100,000 webhooks, 10,000 Stripe-bound commands,
#                            >= 1,000,000 messages processed, retentions of 60 s
#   scripts/soak.sh --ci     the short form CI runs (about 3 minutes): 3,000 webhooks, 300
#                            Stripe-bound commands, >= 20,000 messages, retentions of 10 s
#   scripts/soak.sh ARGS...  any option of Tests/soak/soak.py (--webhooks, --min-messages, …)
#
# Environment: SOAK_BIN_DIR (use these executables; skip the build), SOAK_OUT,
# SOAK_SIM_PORT (12411), SOAK_HTTP_PORT_BASE (8880: services on +1…+4), SOAK_SMTP_PORT (2725)
# — the next free port is used when one is taken —, KEEP_INFRA=1 (leave the servers
# running), SKIP_DEPS=1, and the port variables of scripts/lib/common.sh.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cb_avoid_busy_ports
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"

args=()
for arg in "$@"; do
    case "$arg" in
        --ci) args+=(--webhooks 3000 --stripe-commands 300 --batched-commands 15000 --min-messages 20000
                     --warmup 0.4 --retention 10 --stream-max-bytes 1048576 --deadline 600) ;;
        *) args+=("$arg") ;;
    esac
done

[ "${SKIP_DEPS:-0}" = 1 ] || "$CB_REPO/scripts/install-deps.sh"
"$CB_REPO/scripts/infra-up.sh"
if [ "${KEEP_INFRA:-0}" != 1 ]; then trap '"$CB_REPO/scripts/infra-down.sh"' EXIT; fi

if [ -z "${SOAK_BIN_DIR:-}" ]; then
    for p in stripe-sim onboarding payments terminal-gateway notifications; do
        cb_log "building $p"
        swift build --build-path "${SWIFT_BUILD_PATH:-$CB_REPO/.build}" --product "$p"
    done
    SOAK_BIN_DIR="$(swift build --build-path "${SWIFT_BUILD_PATH:-$CB_REPO/.build}" --show-bin-path)"
fi
export SOAK_BIN_DIR
export SOAK_SIM_PORT="$(cb_free_port "${SOAK_SIM_PORT:-12411}")"
export SOAK_HTTP_PORT_BASE="$(( $(cb_free_port $(( ${SOAK_HTTP_PORT_BASE:-8880} + 1 )) 4) - 1 ))"
export SOAK_SMTP_PORT="$(cb_free_port "${SOAK_SMTP_PORT:-2725}")"
# Where RabbitMQ keeps the history stream's segments (their size on disk is checked).
export SOAK_STREAM_DIR="$(cb_local_dir)/rabbitmq/mnesia/$CB_RABBIT_NODE/stream"
export CONNECTBUS_AMQP_PORT="$CB_AMQP_PORT" CONNECTBUS_MANAGEMENT_PORT="$CB_MGMT_PORT" CONNECTBUS_PG_PORT="$CB_PG_PORT"
python3 "$CB_REPO/Tests/soak/soak.py" ${SOAK_OUT:+--out "$SOAK_OUT"} "${args[@]}"
