#!/usr/bin/env bash
# How throughput and CPU per command grow with payments replicas (docs/OPERATIONS.md "Sizing:
# cores per 1,000 messages/s"): 1, 2 and 4 replicas of payments against the three-node cluster
# of scripts/cluster.sh (started here when it is not running, and stopped again), Postgres of
# scripts/infra-up.sh and stripe-sim without rate limits, offered payments.create_product at
# growing rates. Prints the table, where the curve flattens and which process group is then
# the busiest, and the summary block; with SCALING_SVG=<file> also the plot
# (docs/scaling.svg is this script's plot on the development machine). scripts/bench-scaling.py
# explains the measurement.
# Release executables (static Swift runtime, as docker/Dockerfile builds them) unless BENCH_BIN
# names a folder that has stripe-sim, onboarding and payments (nothing is built then).
# Usage: scripts/bench-scaling.sh   (env: SCALING_REPLICAS=1,2,4 SCALING_RATES=100,200,400,800,1600
# SCALING_SECONDS=6 SCALING_WORKERS=4 SCALING_SVG=<file> SCALING_CLUSTER=0 (the single node of
# scripts/infra-up.sh instead of the cluster), BENCH_BIN, BENCH_SKIP_BUILD=1, BENCH_BUILD_PATH
# (.build), the ports of scripts/lib/common.sh and of scripts/cluster.sh, STRIPE_SIM_PORT,
# DEMO_HTTP_PORT_BASE … +4)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"
BIN="$(cb_bench_bin .build stripe-sim onboarding payments)"
"$CB_REPO/scripts/infra-up.sh" >&2
. "$CB_REPO/scripts/lib/common.sh"   # the ports the servers run on
STARTED_CLUSTER=""
if [ "${SCALING_CLUSTER:-1}" = 1 ]; then
    eval "$("$CB_REPO/scripts/cluster.sh" env)"
    reachable=1
    for host in ${CHAOS_AMQP_HOSTS//,/ }; do
        (exec 3<>"/dev/tcp/${host%:*}/${host#*:}") 2>/dev/null || reachable=0
    done
    if [ "$reachable" = 0 ]; then
        cb_log "starting the three-node cluster (scripts/cluster.sh up); it is stopped at the end"
        STARTED_CLUSTER=1
        trap '"$CB_REPO/scripts/cluster.sh" down >&2 || true' EXIT
        "$CB_REPO/scripts/cluster.sh" up >&2
    fi
    HOSTS="$CHAOS_AMQP_HOSTS"
    # The cluster's Erlang VMs (their `-home` is under the cluster's folder), not the single node's.
    NEEDLE="$(cb_local_dir)/cluster/"
else
    HOSTS="127.0.0.1:$CB_AMQP_PORT"
    NEEDLE="$(cb_local_dir)/rabbitmq/home"
fi
cb_log "broker nodes $HOSTS${STARTED_CLUSTER:+ (started for this run)}"
CONNECTBUS_AMQP_ADMIN="$CB_AMQP_ADMIN" CONNECTBUS_AMQP_ADMIN_PASSWORD="$CB_AMQP_ADMIN_PASSWORD" \
    python3 scripts/bench-scaling.py --bin "$BIN" --amqp-hosts "$HOSTS" --broker-needle "$NEEDLE" \
    --replicas "${SCALING_REPLICAS:-1,2,4}" --rates "${SCALING_RATES:-100,200,400,800,1600}" \
    --seconds "${SCALING_SECONDS:-6}" --workers "${SCALING_WORKERS:-4}" ${SCALING_SVG:+--svg "$SCALING_SVG"}
