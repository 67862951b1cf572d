# The local PgBouncer in front of the local PostgreSQL cluster: start, wait, stop. Source
# after common.sh. It runs as the `postgres` user (PgBouncer refuses to run as root), as a
# daemon (`pgbouncer -d`, no systemd), on 127.0.0.1:$CB_PGBOUNCER_PORT only, with the
# tested configuration of docker/pgbouncer/ (pool_mode = transaction, default_pool_size = 2)
# copied into its own folder with the local host, ports and paths. Port: CB_PGBOUNCER_PORT
# (common.sh).

cb_pgbouncer_pid() {
    cb_as_root cat "$1/pgbouncer.pid" 2>/dev/null || true
}

cb_pgbouncer_running() {
    local pid
    pid="$(cb_pgbouncer_pid "$1")"
    [ -n "$pid" ] && cb_as_root kill -0 "$pid" 2>/dev/null
}

cb_pgbouncer_start() {
    local dir="$1"
    command -v pgbouncer >/dev/null 2>&1 || cb_die "pgbouncer is not installed (run scripts/install-deps.sh)"
    if cb_pgbouncer_running "$dir"; then
        cb_log "PgBouncer in $dir already running"
        return
    fi
    if cb_port_busy "$CB_PGBOUNCER_PORT"; then
        cb_die "port $CB_PGBOUNCER_PORT is taken by another process; set CONNECTBUS_PGBOUNCER_PORT"
    fi
    cb_as_root mkdir -p "$dir"
    # The configuration as tested, pointed at the local cluster; files readable by postgres only.
    sed -e "s|^\\* = host=postgres port=5432|* = host=127.0.0.1 port=$CB_PG_PORT|" \
        -e "s|^listen_port = .*|listen_port = $CB_PGBOUNCER_PORT|" \
        -e "s|^pidfile = .*|pidfile = $dir/pgbouncer.pid|" \
        -e "s|^logfile = .*|logfile = $dir/pgbouncer.log|" \
        -e "s|^auth_file = .*|auth_file = $dir/userlist.txt|" \
        "$CB_REPO/docker/pgbouncer/pgbouncer.ini" | cb_as_root tee "$dir/pgbouncer.ini" >/dev/null
    cb_as_root cp "$CB_REPO/docker/pgbouncer/userlist.txt" "$dir/userlist.txt"
    cb_as_root chown -R postgres:postgres "$dir"
    cb_as_root chmod 700 "$dir"
    cb_as_root chmod 600 "$dir/pgbouncer.ini" "$dir/userlist.txt"
    cb_log "starting PgBouncer (transaction mode) on 127.0.0.1:$CB_PGBOUNCER_PORT"
    cb_as_user postgres pgbouncer -d -q "$dir/pgbouncer.ini" \
        || { cb_as_root tail -20 "$dir/pgbouncer.log" >&2; cb_die "PgBouncer did not start"; }
}

cb_pgbouncer_wait() {
    local dir="$1" i
    for i in $(seq 1 60); do
        if PGPASSWORD="$CB_ADMIN_ROLE_PASSWORD" psql -X -q -h 127.0.0.1 -p "$CB_PGBOUNCER_PORT" \
                -U "$CB_ADMIN_ROLE" -d "$CB_DB_NAME" -c "SELECT 1" >/dev/null 2>&1; then
            cb_log "PgBouncer is ready"
            return
        fi
        sleep 0.5
    done
    cb_as_root tail -20 "$dir/pgbouncer.log" >&2 || true
    cb_die "PgBouncer did not accept connections; see $dir/pgbouncer.log"
}

cb_pgbouncer_stop() {
    local dir="$1" pid i
    if ! cb_pgbouncer_running "$dir"; then
        cb_log "PgBouncer in $dir is not running"
        return
    fi
    pid="$(cb_pgbouncer_pid "$dir")"
    cb_log "stopping PgBouncer"
    # SIGINT waits for the transactions in flight; after 10 s SIGTERM closes the rest.
    cb_as_root kill -INT "$pid"
    for i in $(seq 1 60); do
        cb_as_root kill -0 "$pid" 2>/dev/null || return 0
        [ "$i" != 20 ] || cb_as_root kill -TERM "$pid" 2>/dev/null || true
        sleep 0.5
    done
    cb_die "PgBouncer (pid $pid) did not stop"
}
