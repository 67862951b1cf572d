#!/usr/bin/env bash
# Restarts the local servers for the chaos run (scripts/lib helpers, same ports and data):
#   servers.sh rabbitmq-restart | postgres-restart
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/common.sh"
. "$CB_REPO/scripts/lib/rabbitmq.sh"
. "$CB_REPO/scripts/lib/postgres.sh"
LOCAL="$(cb_local_dir)"
case "${1:-}" in
    rabbitmq-restart)
        cb_rabbit_stop "$LOCAL/rabbitmq"
        cb_rabbit_start "$LOCAL/rabbitmq"
        cb_rabbit_wait "$LOCAL/rabbitmq" ;;
    postgres-restart)
        cb_pg pg_ctl -D "$LOCAL/postgres/data" -m fast -w -t 120 restart -l "$LOCAL/postgres/log/postgres.log" >/dev/null
        cb_pg_wait "$LOCAL/postgres" ;;
    *) cb_die "usage: $0 rabbitmq-restart|postgres-restart" ;;
esac
