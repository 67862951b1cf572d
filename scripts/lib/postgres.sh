# The local PostgreSQL cluster: create, start, wait, provision, check, stop. Source after
# common.sh. The cluster runs as the `postgres` user in its own data folder, listens on
# 127.0.0.1 only (password login, scram-sha-256) and on a Unix socket for the `postgres`
# user (peer login), which the scripts use to run docker/postgres/*.sql.

# Unix socket folder of the cluster in $1 (short path: sockets have a ~100 byte limit).
cb_pg_socket_dir() {
    local dir="$1/run"
    if [ $(( ${#dir} + 20 )) -gt 100 ]; then
        dir="/tmp/connectbus-pg-$(printf '%s' "$1" | sha256sum | cut -c1-12)"
    fi
    echo "$dir"
}

cb_pg() {
    local tool="$1"; shift
    cb_as_user postgres "$(cb_pg_bin)/$tool" "$@"
}

cb_pg_running() {
    [ -f "$1/data/PG_VERSION" ] && cb_pg pg_ctl -D "$1/data" status >/dev/null 2>&1
}

cb_pg_start() {
    local dir="$1" sock
    sock="$(cb_pg_socket_dir "$dir")"
    if cb_pg_running "$dir"; then
        cb_log "PostgreSQL in $dir/data already running"
        return
    fi
    if (exec 3<>"/dev/tcp/127.0.0.1/$CB_PG_PORT") 2>/dev/null; then
        cb_die "port $CB_PG_PORT is taken by another process; set CONNECTBUS_PG_PORT"
    fi
    cb_as_root mkdir -p "$dir/data" "$dir/log" "$sock"
    cb_as_root chown postgres:postgres "$dir" "$dir/data" "$dir/log" "$sock"
    cb_as_root chmod 755 "$dir"
    cb_as_root chmod 700 "$dir/data"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        cb_log "creating PostgreSQL cluster in $dir/data"
        cb_pg initdb -D "$dir/data" -U postgres -E UTF8 --locale=C.UTF-8 \
            --auth-local=peer --auth-host=scram-sha-256 >"$dir/initdb.log" 2>&1 \
            || { cat "$dir/initdb.log" >&2; cb_die "initdb failed"; }
    fi
    cb_log "starting PostgreSQL on 127.0.0.1:$CB_PG_PORT"
    cb_pg pg_ctl -D "$dir/data" -l "$dir/log/postgres.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $CB_PG_PORT -k $sock -c max_connections=300" \
        start >/dev/null || { tail -20 "$dir/log/postgres.log" >&2; cb_die "PostgreSQL did not start"; }
}

# psql as the cluster's superuser over the Unix socket; extra arguments follow.
cb_pg_psql() {
    local dir="$1"; shift
    cb_as_user postgres PGOPTIONS="-c client_min_messages=warning" \
        "$(cb_pg_bin)/psql" -X -q -v ON_ERROR_STOP=1 -h "$(cb_pg_socket_dir "$dir")" -p "$CB_PG_PORT" -U postgres "$@"
}

cb_pg_wait() {
    local dir="$1" i
    for i in $(seq 1 120); do
        if cb_pg pg_isready -q -h 127.0.0.1 -p "$CB_PG_PORT"; then
            cb_log "PostgreSQL is ready"
            return
        fi
        sleep 0.5
    done
    cb_die "PostgreSQL did not accept connections; see $dir/log/postgres.log"
}

# Run docker/postgres/*.sql in order. Each file is read by this shell and given to psql
# on standard input, so the postgres user needs no access to the repository.
cb_pg_provision() {
    local dir="$1" f
    for f in "$CB_REPO"/docker/postgres/*.sql; do
        cb_pg_psql "$dir" -d postgres -f - <"$f" || cb_die "$(basename "$f") failed"
    done
    cb_log "database $CB_DB_NAME, admin role and service roles/schemas ready (docker/postgres/*.sql)"
}

# Prove that each service role can create tables in its own schema and in no other.
cb_pg_check_isolation() {
    local svc other out
    for svc in "${CB_SERVICES[@]}"; do
        PGPASSWORD="$svc" psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$CB_PG_PORT" -U "$svc" -d "$CB_DB_NAME" \
            -c "CREATE TABLE $svc.cb_isolation_probe (x int); DROP TABLE $svc.cb_isolation_probe;" \
            || cb_die "role $svc cannot create tables in its own schema"
        for other in "${CB_SERVICES[@]}" public; do
            [ "$other" = "$svc" ] && continue
            if out="$(PGPASSWORD="$svc" psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$CB_PG_PORT" \
                    -U "$svc" -d "$CB_DB_NAME" -c "CREATE TABLE $other.cb_isolation_probe (x int);" 2>&1)"; then
                cb_die "role $svc could create a table in schema $other"
            fi
            case "$out" in
                *"permission denied"*) ;;
                *) cb_die "unexpected error for role $svc on schema $other: $out" ;;
            esac
        done
    done
    cb_log "checked: each service role can use only its own schema"
}

cb_pg_stop() {
    local dir="$1"
    if ! cb_pg_running "$dir"; then
        cb_log "PostgreSQL in $dir/data is not running"
        return
    fi
    cb_log "stopping PostgreSQL"
    cb_pg pg_ctl -D "$dir/data" -m fast -w -t 60 stop >/dev/null || cb_die "PostgreSQL did not stop"
}
