# Shared settings and helpers for the scripts in scripts/. Source it, do not run it.
#
# Every value can be overridden from the environment:
#   CONNECTBUS_LOCAL_DIR        data of the local servers (default: <repo>/.local)
#   CONNECTBUS_AMQP_PORT        RabbitMQ AMQP port (default 5672)
#   CONNECTBUS_MANAGEMENT_PORT  RabbitMQ management HTTP port (default 15672)
#   CONNECTBUS_PG_PORT          PostgreSQL port (default 5432)
#   CONNECTBUS_PGBOUNCER_PORT   PgBouncer port, transaction mode (default: PostgreSQL port
#                               + 1000, i.e. 6432 as PgBouncer's own)
#   CONNECTBUS_RABBITMQ_PROMETHEUS_PORT  RabbitMQ's Prometheus endpoint (rabbitmq_prometheus;
#                               default: management port + 20, i.e. 15692 as RabbitMQ's own)
#   CONNECTBUS_RABBITMQ_NODENAME  Erlang node name (default connectbus@localhost, or
#                               connectbus-<amqp port>@localhost when the port is not 5672)
# Everything listens on 127.0.0.1 only.

CB_REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# Ports and node name from the CONNECTBUS_* variables (recomputed when they change).
cb_settings() {
    CB_AMQP_PORT="${CONNECTBUS_AMQP_PORT:-5672}"
    CB_MGMT_PORT="${CONNECTBUS_MANAGEMENT_PORT:-15672}"
    CB_PG_PORT="${CONNECTBUS_PG_PORT:-5432}"
    CB_PGBOUNCER_PORT="${CONNECTBUS_PGBOUNCER_PORT:-$((CB_PG_PORT + 1000))}"
    CB_RABBIT_PROM_PORT="${CONNECTBUS_RABBITMQ_PROMETHEUS_PORT:-$((CB_MGMT_PORT + 20))}"
    if [ "$CB_AMQP_PORT" = 5672 ]; then
        CB_RABBIT_NODE="${CONNECTBUS_RABBITMQ_NODENAME:-connectbus@localhost}"
    else
        CB_RABBIT_NODE="${CONNECTBUS_RABBITMQ_NODENAME:-connectbus-${CB_AMQP_PORT}@localhost}"
    fi
    # Erlang distribution port of the node: AMQP port + 20000, as RabbitMQ does by default.
    CB_DIST_PORT=$((CB_AMQP_PORT + 20000))
}
cb_settings

CB_DB_NAME=connectbus
CB_ADMIN_ROLE=connectbus_admin
CB_ADMIN_ROLE_PASSWORD=connectbus_admin
CB_AMQP_ADMIN=connectbus
CB_AMQP_ADMIN_PASSWORD=connectbus
# Service name -> AMQP user, Postgres role and schema (all the same name locally).
CB_SERVICES=(onboarding payments terminal notifications)

# Make the toolchain at /opt/swift usable when it is not on PATH yet.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    PATH="/opt/swift/usr/bin:$PATH"
fi
export PATH

cb_log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
cb_die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# Run a command as root (directly when we are root, else through sudo).
cb_as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo -- "$@"; fi
}

# Run a command as another system user, from /, with a clean HOME for that user.
# Usage: cb_as_user USER [VAR=value ...] command args...
cb_as_user() {
    local user="$1"; shift
    if [ "$(id -un)" = "$user" ]; then
        (cd / && env "$@")
    elif [ "$(id -u)" = 0 ]; then
        (cd / && runuser -u "$user" -- env "$@")
    else
        (cd / && sudo -u "$user" -- env "$@")
    fi
}

# Can USER reach and read directory DIR (every parent traversable)?
cb_user_can_enter() {
    cb_as_user "$1" test -r "$2" -a -x "$2" 2>/dev/null
}

# The folder that holds the servers' data. <repo>/.local (or CONNECTBUS_LOCAL_DIR) when
# the rabbitmq and postgres users can reach it; otherwise /var/tmp/connectbus-<hash of
# that path>, so the choice is the same for up, env and down.
cb_local_dir() {
    local wanted="${CONNECTBUS_LOCAL_DIR:-$CB_REPO/.local}"
    local hash fallback
    hash="$(printf '%s' "$wanted" | sha256sum | cut -c1-12)"
    fallback="/var/tmp/connectbus-$hash"
    if [ -d "$fallback" ] && [ ! -d "$wanted/rabbitmq" ]; then
        echo "$fallback"; return
    fi
    if id rabbitmq >/dev/null 2>&1 && id postgres >/dev/null 2>&1 && [ -d "$wanted" ]; then
        if ! cb_user_can_enter rabbitmq "$wanted" || ! cb_user_can_enter postgres "$wanted"; then
            echo "$fallback"; return
        fi
    fi
    echo "$wanted"
}

# Newest installed PostgreSQL server binaries (Debian layout).
cb_pg_bin() {
    local v
    v="$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1)"
    [ -n "$v" ] && [ -x "/usr/lib/postgresql/$v/bin/pg_ctl" ] \
        || cb_die "PostgreSQL server binaries not found under /usr/lib/postgresql (run scripts/install-deps.sh)"
    echo "/usr/lib/postgresql/$v/bin"
}

# URLs of the admin user/role and of one service.
cb_admin_amqp_url() { echo "amqp://$CB_AMQP_ADMIN:$CB_AMQP_ADMIN_PASSWORD@127.0.0.1:$CB_AMQP_PORT/"; }
cb_admin_database_url() { echo "postgres://$CB_ADMIN_ROLE:$CB_ADMIN_ROLE_PASSWORD@127.0.0.1:$CB_PG_PORT/$CB_DB_NAME"; }
cb_service_amqp_url() { echo "amqp://$1:$1@127.0.0.1:$CB_AMQP_PORT/"; }
cb_service_database_url() { echo "postgres://$1:$1@127.0.0.1:$CB_PG_PORT/$CB_DB_NAME"; }
# The same through the local PgBouncer (transaction mode: the URL says prepared_statements=off).
cb_admin_pgbouncer_url() { echo "postgres://$CB_ADMIN_ROLE:$CB_ADMIN_ROLE_PASSWORD@127.0.0.1:$CB_PGBOUNCER_PORT/$CB_DB_NAME?prepared_statements=off"; }
cb_service_pgbouncer_url() { echo "postgres://$1:$1@127.0.0.1:$CB_PGBOUNCER_PORT/$CB_DB_NAME?prepared_statements=off"; }

cb_port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# cb_free_port DEFAULT [SPAN]: DEFAULT, or the next port with SPAN free ports from it
# (the chaos and soak runs' simulator, SMTP sink and service ports).
cb_free_port() {
    local p span="${2:-1}" k busy
    for p in $(seq "$1" $(($1 + 200))); do
        busy=0
        for k in $(seq 0 $((span - 1))); do cb_port_busy $((p + k)) && { busy=1; break; }; done
        [ "$busy" = 0 ] && { echo "$p"; return; }
    done
    cb_die "no free port near $1"
}

# For test and demo runs: when a port variable is unset and its default port is held by
# a process other than our own servers (say, another RabbitMQ or PostgreSQL left running
# on the machine), export the next free port instead and say so. Re-source this file
# afterwards so the CB_* settings follow.
cb_avoid_busy_ports() {
    local dir pid own_rabbit=0 own_pg=0 spec var default own p
    dir="$(cb_local_dir)"
    pid="$(cb_as_root cat "$dir/rabbitmq/pid" 2>/dev/null || true)"
    if [ -n "$pid" ] && cb_as_root kill -0 "$pid" 2>/dev/null; then own_rabbit=1; fi
    pid="$(cb_as_root head -1 "$dir/postgres/data/postmaster.pid" 2>/dev/null || true)"
    if [ -n "$pid" ] && cb_as_root kill -0 "$pid" 2>/dev/null; then own_pg=1; fi
    for spec in "CONNECTBUS_AMQP_PORT:5672:$own_rabbit" "CONNECTBUS_MANAGEMENT_PORT:15672:$own_rabbit" \
                "CONNECTBUS_PG_PORT:5432:$own_pg"; do
        IFS=: read -r var default own <<<"$spec"
        if [ -n "${!var:-}" ] || [ "$own" = 1 ] || ! cb_port_busy "$default"; then continue; fi
        for p in $(seq $((default + 1)) $((default + 50))); do
            cb_port_busy "$p" && continue
            # The AMQP port also fixes the Erlang distribution port (+20000).
            if [ "$var" = CONNECTBUS_AMQP_PORT ] && cb_port_busy $((p + 20000)); then continue; fi
            export "$var=$p"
            cb_log "port $default is taken by another process; using $p ($var)"
            break
        done
    done
}

# Servers started by infra-up.sh keep the ports they were started with: it records them in
# <local dir>/ports.env, and while one of those servers runs, every script that sources
# this file uses the recorded values for the variables that are not set (so `make down` or
# `demo.sh --stop` find a node that was moved to another port).
cb_ports_file() { echo "$(cb_local_dir)/ports.env"; }

cb_record_ports() {
    printf 'CONNECTBUS_AMQP_PORT=%s\nCONNECTBUS_MANAGEMENT_PORT=%s\nCONNECTBUS_PG_PORT=%s\nCONNECTBUS_PGBOUNCER_PORT=%s\nCONNECTBUS_RABBITMQ_NODENAME=%s\nCONNECTBUS_RABBITMQ_PROMETHEUS_PORT=%s\n' \
        "$CB_AMQP_PORT" "$CB_MGMT_PORT" "$CB_PG_PORT" "$CB_PGBOUNCER_PORT" "$CB_RABBIT_NODE" "$CB_RABBIT_PROM_PORT" | cb_as_root tee "$(cb_ports_file)" >/dev/null
}

cb_use_recorded_ports() {
    local dir file pid var value used=1
    dir="$(cb_local_dir)"; file="$dir/ports.env"
    [ -r "$file" ] || return 1
    pid="$(cb_as_root cat "$dir/rabbitmq/pid" 2>/dev/null || true)"
    if ! { [ -n "$pid" ] && cb_as_root kill -0 "$pid" 2>/dev/null; }; then
        pid="$(cb_as_root head -1 "$dir/postgres/data/postmaster.pid" 2>/dev/null || true)"
        [ -n "$pid" ] && cb_as_root kill -0 "$pid" 2>/dev/null || return 1
    fi
    while IFS='=' read -r var value; do
        case "$var" in
            CONNECTBUS_AMQP_PORT|CONNECTBUS_MANAGEMENT_PORT|CONNECTBUS_PG_PORT|CONNECTBUS_PGBOUNCER_PORT|CONNECTBUS_RABBITMQ_NODENAME|CONNECTBUS_RABBITMQ_PROMETHEUS_PORT) ;;
            *) continue ;;
        esac
        if [ -z "${!var:-}" ]; then export "$var=$value"; used=0; fi
    done <"$file"
    return "$used"
}

if cb_use_recorded_ports; then cb_settings; fi

# The peers of ../shared/bench (the folder holding FILE, a path inside it such as
# pipeline/pipeline_c.c): PEER_BENCH_DIR, else ../shared/bench beside the checkout or one
# level further up (a worktree). Dies when not found.
cb_peer_bench_dir() {
    local file="$1" dir="${PEER_BENCH_DIR:-}" candidate
    if [ -z "$dir" ]; then
        for candidate in "$CB_REPO/../shared/bench" "$CB_REPO/../../shared/bench"; do
            [ -f "$candidate/$file" ] && dir="$(cd "$candidate" && pwd)" && break
        done
    fi
    [ -n "$dir" ] && [ -f "$dir/$file" ] || cb_die "peers not found: set PEER_BENCH_DIR"
    echo "$dir"
}

# The benchmarks' executables (scripts/bench-*.sh): the folder that holds PRODUCTs. BENCH_BIN
# when set, used as it is and nothing built (a release folder built beforehand, or .build/debug
# for scripts/bench-smoke.sh); else PRODUCTs built as production builds them (release, static
# Swift runtime: docker/Dockerfile) under BENCH_BUILD_PATH (default DEFAULT_BUILD_PATH), or only
# looked up there with BENCH_SKIP_BUILD=1. Dies when one of PRODUCTs is not an executable there.
# With --debug instead of a build path: BENCH_BIN, else `swift build`'s own (debug) folder as
# it is, nothing built (the benchmarks bound by Stripe's rate limit or by the simulator).
# Usage: BIN="$(cb_bench_bin DEFAULT_BUILD_PATH|--debug PRODUCT...)"
cb_bench_bin() {
    local build_path="${BENCH_BUILD_PATH:-$1}" dir product
    [ "$1" != --debug ] || build_path=--debug
    shift
    if [ -n "${BENCH_BIN:-}" ]; then
        dir="$BENCH_BIN"
    elif [ "$build_path" = --debug ]; then
        dir="$(swift build --show-bin-path)" || cb_die "swift build --show-bin-path failed"
    else
        if [ "${BENCH_SKIP_BUILD:-0}" != 1 ]; then
            for product in "$@"; do
                swift build -c release --static-swift-stdlib --build-path "$build_path" --product "$product" >&2 \
                    || cb_die "swift build --product $product failed"
            done
        fi
        dir="$(swift build -c release --static-swift-stdlib --build-path "$build_path" --show-bin-path)" \
            || cb_die "swift build --show-bin-path failed"
    fi
    for product in "$@"; do
        [ -x "$dir/$product" ] || cb_die "missing $dir/$product (build it, or set BENCH_BIN to a folder that has it)"
    done
    (cd "$dir" && pwd)
}

# The peers of a benchmark: sets PEERS to their folder (cb_peer_bench_dir FILE, which dies when
# they are not found); with BENCH_PEERS=0 sets it empty and prints one line saying that WHAT
# (the peer's runs) are skipped, so the benchmark measures the suite's side alone.
cb_bench_peers() {
    PEERS=""
    if [ "${BENCH_PEERS:-1}" = 0 ]; then
        echo "BENCH_PEERS=0: $2 skipped (no peer numbers, no ratios to the peer)"
        return 0
    fi
    PEERS="$(cb_peer_bench_dir "$1")"
}

# CPU ticks (user + system, `getconf CLK_TCK` per second) of every process whose command name
# is exactly $1: `beam.smp` (the broker's Erlang VM), `postgres` (the server and each backend),
# with what their children that have ended had used (fields 16 and 17: the postmaster's ended
# backends, e.g. those of a peer that connected and left during the load).
# The benchmarks read it before and after a load for the servers' CPU per message or event.
cb_server_ticks() {
    local total=0 pid
    for pid in $(pgrep -x "$1"); do
        total=$((total + $(awk '{print $14 + $15 + $16 + $17}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}
