#!/usr/bin/env bash
# The environment for talking to the local servers of scripts/infra-up.sh.
#   scripts/infra-env.sh                  prints `export ...` lines (admin user and role;
#                                         CONNECTBUS_PGBOUNCER_URL: the same role through
#                                         PgBouncer in transaction mode):
#                                         eval "$(scripts/infra-env.sh)"
#   scripts/infra-env.sh --service NAME   the same with NAME's own AMQP user and Postgres
#                                         role (onboarding, payments, terminal, notifications)
#   . scripts/infra-env.sh [--service NAME]   exports them into the current shell
# Ports follow CONNECTBUS_AMQP_PORT, CONNECTBUS_PG_PORT, CONNECTBUS_PGBOUNCER_PORT, CONNECTBUS_MANAGEMENT_PORT
# (and CONNECTBUS_RABBITMQ_PROMETHEUS_PORT, RabbitMQ's Prometheus endpoint); it also prints the
# node's name and the path of its Erlang cookie (CONNECTBUS_RABBITMQ_NODENAME,
# CONNECTBUS_RABBITMQ_COOKIE_FILE: readable by root and `rabbitmq`), for rabbitmqctl.
__cb_env_main() {
    . "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh" || return 1
    local service="" amqp db pooled
    if [ "${1:-}" = "--service" ]; then
        service="${2:-}"
        case " ${CB_SERVICES[*]} " in
            *" $service "*) ;;
            *) echo "unknown service '$service' (one of: ${CB_SERVICES[*]})" >&2; return 2 ;;
        esac
    fi
    if [ -n "$service" ]; then
        amqp="$(cb_service_amqp_url "$service")"; db="$(cb_service_database_url "$service")"
        pooled="$(cb_service_pgbouncer_url "$service")"
    else
        amqp="$(cb_admin_amqp_url)"; db="$(cb_admin_database_url)"; pooled="$(cb_admin_pgbouncer_url)"
    fi
    printf 'export %s=%q\n' \
        AMQP_URL "$amqp" \
        DATABASE_URL "$db" \
        CONNECTBUS_PGBOUNCER_URL "$pooled" \
        CONNECTBUS_AMQP_PORT "$CB_AMQP_PORT" \
        CONNECTBUS_MANAGEMENT_PORT "$CB_MGMT_PORT" \
        CONNECTBUS_PG_PORT "$CB_PG_PORT" \
        CONNECTBUS_PGBOUNCER_PORT "$CB_PGBOUNCER_PORT" \
        CONNECTBUS_RABBITMQ_PROMETHEUS_PORT "$CB_RABBIT_PROM_PORT" \
        CONNECTBUS_RABBITMQ_NODENAME "$CB_RABBIT_NODE" \
        CONNECTBUS_RABBITMQ_COOKIE_FILE "$(cb_local_dir)/rabbitmq/home/.erlang.cookie" \
        CONNECTBUS_REPO "$CB_REPO"
}
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    __cb_env_main "$@"
else
    eval "$(__cb_env_main "$@")"
    unset -f __cb_env_main
fi
