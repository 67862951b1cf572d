#!/usr/bin/env bash
# Restart one of the local servers of scripts/infra-up.sh, keeping its data, its ports and
# its log (the log is appended to, with a marker line before the restart):
#   scripts/infra-restart.sh rabbitmq   # the RabbitMQ node: queues, messages and users stay
#   scripts/infra-restart.sh postgres   # the PostgreSQL cluster: `pg_ctl stop -m fast`, then start
# Clients see the connection drop and reconnect (the services back off and retry). The
# server must be running (start it with scripts/infra-up.sh). Prints the log's path.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
. "$CB_REPO/scripts/lib/rabbitmq.sh"
. "$CB_REPO/scripts/lib/postgres.sh"

usage() { echo "usage: scripts/infra-restart.sh rabbitmq|postgres" >&2; exit 2; }
[ "$#" = 1 ] || usage
LOCAL="$(cb_local_dir)"

# mark LOG: append a line saying a restart begins, so the log shows both lives.
mark() {
    printf '=== %s scripts/infra-restart.sh: restarting\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
        | cb_as_root tee -a "$1" >/dev/null
}

case "$1" in
    rabbitmq)
        dir="$LOCAL/rabbitmq"
        [ -n "$(cb_rabbit_pid "$dir")" ] || cb_die "RabbitMQ node $CB_RABBIT_NODE is not running (scripts/infra-up.sh starts it)"
        log="$dir/log/$CB_RABBIT_NODE.log"
        mark "$log"
        cb_rabbit_stop "$dir"
        cb_rabbit_start "$dir"
        cb_rabbit_wait "$dir"
        ;;
    postgres)
        dir="$LOCAL/postgres"
        cb_pg_running "$dir" || cb_die "PostgreSQL in $dir/data is not running (scripts/infra-up.sh starts it)"
        log="$dir/log/postgres.log"
        mark "$log"
        cb_pg_stop "$dir"
        cb_pg_start "$dir"
        cb_pg_wait "$dir"
        ;;
    *) usage ;;
esac
cb_log "$1 restarted; its log (kept, appended to): $log"
