# The local RabbitMQ node: start, wait, load definitions, stop. Source after common.sh.
# The node runs as the `rabbitmq` user with everything (config, Mnesia, logs, Erlang
# cookie) in one folder, under its own node name, so it can run beside another node.

CB_RABBIT_BIN=/usr/lib/rabbitmq/bin

# Run a RabbitMQ tool (rabbitmqctl, rabbitmq-server, ...) as `rabbitmq` for the node whose
# folder is $1, with every path and port of that node in its environment; with
# CB_RABBIT_TIMEOUT=N it is stopped after N seconds.
# The Erlang VM's schedulers do not busy-wait (+sbwt none, also for the dirty schedulers):
# the local node shares two cores with Postgres, the services and the tests, and spinning
# schedulers took CPU from them (RabbitMQ's advice for hosts it shares).
# The open-files limit is raised to the hard limit first: runuser leaves the soft limit at
# 1024, and every AMQP connection and queue segment takes a descriptor from the node's file
# handle cache — with the four services (about 200 connections) beside tests and tools, new
# logins queued for a socket handle and timed out.
cb_rabbit() {
    local dir="$1" tool="$2"; shift 2
    cb_as_user rabbitmq \
        HOME="$dir/home" \
        RABBITMQ_NODENAME="$CB_RABBIT_NODE" \
        RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 \
        RABBITMQ_NODE_PORT="$CB_AMQP_PORT" \
        RABBITMQ_DIST_PORT="$CB_DIST_PORT" \
        ERL_EPMD_ADDRESS=127.0.0.1 \
        RABBITMQ_MNESIA_BASE="$dir/mnesia" \
        RABBITMQ_LOG_BASE="$dir/log" \
        RABBITMQ_PID_FILE="$dir/pid" \
        RABBITMQ_CONFIG_FILE="$dir/rabbitmq" \
        RABBITMQ_ADVANCED_CONFIG_FILE="$dir/advanced.config" \
        RABBITMQ_CONF_ENV_FILE="$dir/rabbitmq-env.conf" \
        RABBITMQ_ENABLED_PLUGINS_FILE="$dir/enabled_plugins" \
        "RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS=-kernel inet_dist_use_interface {127,0,0,1} +sbwt none +sbwtdcpu none +sbwtdio none" \
        ${CB_RABBIT_TIMEOUT:+timeout "$CB_RABBIT_TIMEOUT"} \
        sh -c 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$@"' sh "$CB_RABBIT_BIN/$tool" "$@"
}

cb_rabbit_pid() {
    local dir="$1" pid
    pid="$(cb_as_root cat "$dir/pid" 2>/dev/null || true)"
    if [ -n "$pid" ] && cb_as_root kill -0 "$pid" 2>/dev/null; then echo "$pid"; fi
}

cb_rabbit_write_config() {
    local dir="$1"
    cb_as_root mkdir -p "$dir/home" "$dir/mnesia" "$dir/log"
    cb_as_root tee "$dir/rabbitmq.conf" >/dev/null <<EOF
# Written by scripts/infra-up.sh: local node, loopback only.
listeners.tcp.1 = 127.0.0.1:$CB_AMQP_PORT
management.tcp.ip = 127.0.0.1
management.tcp.port = $CB_MGMT_PORT
# rabbitmq_prometheus: /metrics (aggregated) and /metrics/detailed (per queue).
prometheus.tcp.ip = 127.0.0.1
prometheus.tcp.port = $CB_RABBIT_PROM_PORT
# The first boot creates the admin user instead of guest; the rest of the users come
# from docker/rabbitmq/definitions.json.
default_user = $CB_AMQP_ADMIN
default_pass = $CB_AMQP_ADMIN_PASSWORD
default_user_tags.administrator = true
default_permissions.configure = .*
default_permissions.read = .*
default_permissions.write = .*
loopback_users = none
EOF
    echo '[rabbitmq_management,rabbitmq_prometheus].' | cb_as_root tee "$dir/enabled_plugins" >/dev/null
    echo '[].' | cb_as_root tee "$dir/advanced.config" >/dev/null
    cb_as_root touch "$dir/rabbitmq-env.conf"
    cb_as_root chown -R rabbitmq:rabbitmq "$dir"
    cb_as_root chmod 755 "$dir"
}

# Start the node unless it already runs.
cb_rabbit_start() {
    local dir="$1" pid
    pid="$(cb_rabbit_pid "$dir")"
    if [ -n "$pid" ]; then
        cb_log "RabbitMQ node $CB_RABBIT_NODE already running (pid $pid)"
        return
    fi
    if (exec 3<>"/dev/tcp/127.0.0.1/$CB_AMQP_PORT") 2>/dev/null; then
        cb_die "port $CB_AMQP_PORT is taken by another process; set CONNECTBUS_AMQP_PORT"
    fi
    cb_rabbit_write_config "$dir"
    cb_log "starting RabbitMQ node $CB_RABBIT_NODE on 127.0.0.1:$CB_AMQP_PORT"
    cb_rabbit "$dir" rabbitmq-server -detached >>"$dir/log/detached.out" 2>&1 \
        || cb_die "rabbitmq-server failed to start; see $dir/log"
}

cb_rabbit_wait() {
    local dir="$1" i
    for i in $(seq 1 120); do
        [ -s "$dir/pid" ] && break
        sleep 0.5
    done
    [ -s "$dir/pid" ] || cb_die "RabbitMQ wrote no pid file; see $dir/log"
    cb_rabbit "$dir" rabbitmqctl -q wait --timeout 120 "$dir/pid" >/dev/null \
        || cb_die "RabbitMQ did not start; see $dir/log"
    cb_rabbit "$dir" rabbitmqctl -q await_startup --timeout 120 >/dev/null \
        || cb_die "RabbitMQ did not finish booting; see $dir/log"
    cb_log "RabbitMQ is ready"
}

# Merge docker/rabbitmq/definitions.json into the node (users, permissions, exchanges).
# The file is read by this shell and given on standard input, so the rabbitmq user needs
# no access to the repository.
cb_rabbit_load_definitions() {
    local dir="$1"
    cb_rabbit "$dir" rabbitmqctl -q import_definitions \
        <"$CB_REPO/docker/rabbitmq/definitions.json" >/dev/null \
        || cb_die "importing docker/rabbitmq/definitions.json failed"
    cb_log "RabbitMQ definitions loaded from docker/rabbitmq/definitions.json"
}

cb_rabbit_stop() {
    local dir="$1" pid
    pid="$(cb_rabbit_pid "$dir")"
    if [ -z "$pid" ]; then
        cb_log "RabbitMQ node $CB_RABBIT_NODE is not running"
        return
    fi
    cb_log "stopping RabbitMQ node $CB_RABBIT_NODE (pid $pid)"
    if ! CB_RABBIT_TIMEOUT=120 cb_rabbit "$dir" rabbitmqctl -q stop "$dir/pid" >/dev/null 2>&1; then
        cb_log "rabbitmqctl stop failed; sending SIGTERM"
        cb_as_root kill -TERM "$pid" 2>/dev/null || true
        local i
        for i in $(seq 1 60); do cb_as_root kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    fi
    if cb_as_root kill -0 "$pid" 2>/dev/null; then cb_die "RabbitMQ (pid $pid) did not stop"; fi
    cb_as_root rm -f "$dir/pid"
}
