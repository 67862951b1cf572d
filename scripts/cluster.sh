#!/usr/bin/env bash
# A three-node RabbitMQ cluster on this machine, for `make chaos-cluster` and for trying
# clustering out (docs/OPERATIONS.md "Clustering"). Each node runs as the `rabbitmq` user
# with its own ports and data folder under <local dir>/cluster/<n>, the same Erlang cookie,
# joined with `rabbitmqctl join_cluster`; the definitions (users, permissions, exchanges)
# are loaded once. The services' quorum queues, declared after the join, get a member on
# every node.
#
#   scripts/cluster.sh up       start (or keep) the three nodes and join them
#   scripts/cluster.sh down     stop them
#   scripts/cluster.sh env      print CHAOS_AMQP_HOSTS, CHAOS_MANAGEMENT_PORTS and an AMQP_URL list
#   scripts/cluster.sh stop N | start N   stop or start node N (1-3) alone
#
# Ports: CONNECTBUS_CLUSTER_AMQP_PORTS (default 5801,5802,5803), management +10000,
# Prometheus management +20, Erlang distribution +20000; node names cb-cl<N>@localhost (CONNECTBUS_CLUSTER_NODE_PREFIX).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
. "$CB_REPO/scripts/lib/rabbitmq.sh"

IFS=, read -r -a PORTS <<<"${CONNECTBUS_CLUSTER_AMQP_PORTS:-5801,5802,5803}"
PREFIX="${CONNECTBUS_CLUSTER_NODE_PREFIX:-cb-cl}"
BASE="$(cb_local_dir)/cluster"

# node N: set the CB_* settings of node N (1-based) for the scripts/lib helpers.
node() {
    local n="$1"
    CB_AMQP_PORT="${PORTS[$((n - 1))]}"
    CB_MGMT_PORT=$((CB_AMQP_PORT + 10000))
    # rabbitmq_prometheus: management + 20 per node (15821…), never the single node's 15692.
    CB_RABBIT_PROM_PORT=$((CB_MGMT_PORT + 20))
    CB_DIST_PORT=$((CB_AMQP_PORT + 20000))
    CB_RABBIT_NODE="$PREFIX$n@localhost"
    DIR="$BASE/$n"
}

start_node() {
    node "$1"
    cb_as_root mkdir -p "$DIR/home"
    if [ "$1" != 1 ] && [ -f "$BASE/1/home/.erlang.cookie" ]; then
        # One cookie for the cluster (the first node's).
        cb_as_root cp "$BASE/1/home/.erlang.cookie" "$DIR/home/.erlang.cookie"
        cb_as_root chown rabbitmq:rabbitmq "$DIR/home/.erlang.cookie"
        cb_as_root chmod 400 "$DIR/home/.erlang.cookie"
    fi
    cb_rabbit_start "$DIR"
}

wait_node() { node "$1"; cb_rabbit_wait "$DIR"; }

joined() {
    node 1
    cb_rabbit "$DIR" rabbitmqctl -q cluster_status --formatter json 2>/dev/null \
        | python3 -c 'import json,sys; print(" ".join(json.load(sys.stdin).get("running_nodes", [])))'
}

up() {
    cb_as_root mkdir -p "$BASE"
    cb_as_root chmod 755 "$BASE"
    if [ -f "$BASE/1/home/.erlang.cookie" ] && [ -d "$BASE/2/mnesia" ]; then
        # A cluster that ran before: its nodes wait for each other at boot, so start all three.
        start_node 1
        start_node 2
        start_node 3
        wait_node 1
    else
        # The first time: node 1 alone makes the cookie the others get.
        start_node 1
        wait_node 1
        start_node 2
        start_node 3
    fi
    wait_node 2
    wait_node 3
    local n running
    running="$(joined)"
    for n in 2 3; do
        case " $running " in *" $PREFIX$n@localhost "*) continue ;; esac
        node "$n"
        cb_log "joining $CB_RABBIT_NODE to $PREFIX""1@localhost"
        {
            cb_rabbit "$DIR" rabbitmqctl -q stop_app
            cb_rabbit "$DIR" rabbitmqctl -q reset
            cb_rabbit "$DIR" rabbitmqctl -q join_cluster "$PREFIX""1@localhost"
            cb_rabbit "$DIR" rabbitmqctl -q start_app
        } >>"$BASE/join.log" 2>&1 || { tail -20 "$BASE/join.log" >&2; cb_die "joining $CB_RABBIT_NODE failed"; }
    done
    node 1
    cb_rabbit_load_definitions "$DIR"
    cb_log "cluster running: $(joined)"
}

down() {
    local n
    for n in 3 2 1; do node "$n"; ( cb_rabbit_stop "$DIR" ) || true; done
}

env_lines() {
    local hosts="" mgmt="" urls="" p
    for p in "${PORTS[@]}"; do
        hosts+="${hosts:+,}127.0.0.1:$p"
        mgmt+="${mgmt:+,}$((p + 10000))"
        urls+="${urls:+,}amqp://$CB_AMQP_ADMIN:$CB_AMQP_ADMIN_PASSWORD@127.0.0.1:$p/"
    done
    echo "export CHAOS_AMQP_HOSTS=$hosts CHAOS_MANAGEMENT_PORTS=$mgmt"
    echo "export AMQP_URL=$urls"
}

case "${1:-}" in
    up) up ;;
    down) down ;;
    env) env_lines ;;
    stop) node "$2"; cb_rabbit_stop "$DIR" ;;
    start) start_node "$2"; wait_node "$2" ;;
    *) cb_die "usage: $0 up|down|env|stop N|start N" ;;
esac
