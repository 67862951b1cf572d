#!/usr/bin/env bash
# Start the local RabbitMQ node and PostgreSQL cluster that ConnectBus needs (and a
# PgBouncer in transaction mode in front of the cluster, scripts/lib/pgbouncer.sh), without
# systemd, bound to 127.0.0.1 only, with their data under .local/ (git-ignored).
# Creates the database, the roles and schemas (docker/postgres/*.sql) and loads the
# broker definitions (docker/rabbitmq/definitions.json). Running it again is harmless:
# running servers are left alone and the SQL and definitions are applied again.
# Ports and folder: see scripts/lib/common.sh. Stop with scripts/infra-down.sh.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"

command -v rabbitmq-server >/dev/null 2>&1 || [ -x /usr/lib/rabbitmq/bin/rabbitmq-server ] \
    || cb_die "rabbitmq-server is not installed (run scripts/install-deps.sh)"
id rabbitmq >/dev/null 2>&1 || cb_die "system user 'rabbitmq' missing (run scripts/install-deps.sh)"
id postgres >/dev/null 2>&1 || cb_die "system user 'postgres' missing (run scripts/install-deps.sh)"

WANTED="${CONNECTBUS_LOCAL_DIR:-$CB_REPO/.local}"
cb_as_root mkdir -p "$WANTED"
cb_as_root chmod 755 "$WANTED"
LOCAL="$(cb_local_dir)"
if [ "$LOCAL" != "$WANTED" ]; then
    cb_log "the rabbitmq/postgres users cannot reach $WANTED (a parent folder is not"
    cb_log "traversable); keeping the server data in $LOCAL instead"
    cb_as_root mkdir -p "$LOCAL"
    cb_as_root chmod 755 "$LOCAL"
fi

. "$CB_REPO/scripts/lib/rabbitmq.sh"
. "$CB_REPO/scripts/lib/postgres.sh"
. "$CB_REPO/scripts/lib/pgbouncer.sh"

cb_rabbit_start "$LOCAL/rabbitmq"
cb_pg_start "$LOCAL/postgres"
cb_rabbit_wait "$LOCAL/rabbitmq"
cb_pg_wait "$LOCAL/postgres"
cb_pg_provision "$LOCAL/postgres"
cb_pg_check_isolation
cb_rabbit_load_definitions "$LOCAL/rabbitmq"
cb_pgbouncer_start "$LOCAL/pgbouncer"
cb_pgbouncer_wait "$LOCAL/pgbouncer"
cb_record_ports

cb_log "ready: RabbitMQ 127.0.0.1:$CB_AMQP_PORT (management $CB_MGMT_PORT, node $CB_RABBIT_NODE),"
cb_log "       PostgreSQL 127.0.0.1:$CB_PG_PORT, PgBouncer (transaction mode) 127.0.0.1:$CB_PGBOUNCER_PORT,"
cb_log "       data in $LOCAL"
cb_log "environment: eval \"\$(scripts/infra-env.sh)\""
