#!/usr/bin/env bash
# Stop the local RabbitMQ node, PostgreSQL cluster and PgBouncer started by scripts/infra-up.sh.
# Their data stays in .local/ (delete that folder to start from scratch). Harmless when
# nothing runs.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
. "$CB_REPO/scripts/lib/rabbitmq.sh"
. "$CB_REPO/scripts/lib/postgres.sh"
. "$CB_REPO/scripts/lib/pgbouncer.sh"

LOCAL="$(cb_local_dir)"
status=0
( cb_pgbouncer_stop "$LOCAL/pgbouncer" ) || status=1
( cb_rabbit_stop "$LOCAL/rabbitmq" ) || status=1
( cb_pg_stop "$LOCAL/postgres" ) || status=1
[ "$status" = 0 ] && cb_as_root rm -f "$(cb_ports_file)"
exit "$status"
