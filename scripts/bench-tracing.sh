#!/usr/bin/env bash
# The cost of tracing: connectbus-bench (release) without tracing, then with OTLP export at
# 10 % sampling (OTEL_TRACES_SAMPLER=parentbased_traceidratio, ARG 0.1) to a local OTLP/HTTP
# sink that counts and discards what it receives (cheaply, see below), alternating BENCH_REPEAT times (default 3)
# so both see the same machine load. Prints each run's throughput and the sink's span count.
# Environment: BENCH_RUNS (default 1,2: the batched configurations), BENCH_MESSAGES,
# OTEL_TRACES_SAMPLER_ARG (default 0.1), BENCH_BIN=<folder with connectbus-bench: no build>,
# BENCH_SKIP_BUILD=1, BENCH_BUILD_PATH (.build), and the port variables of scripts/lib/common.sh.
# A run of connectbus-bench that fails fails the script.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
cd "$CB_REPO"
"$CB_REPO/scripts/infra-up.sh" >/dev/null
eval "$("$CB_REPO/scripts/infra-env.sh")"
BENCH="$(cb_bench_bin .build connectbus-bench)/connectbus-bench"
export BENCH_RUNS="${BENCH_RUNS:-1,2}"
RATIO="${OTEL_TRACES_SAMPLER_ARG:-0.1}"
SINK_LOG="$(mktemp /tmp/connectbus-otlp-sink.XXXXXX)"
# The sink shares the two cores with the measured workers, so it does as little as it can:
# it runs at the lowest priority, keeps each connection alive (HTTP/1.1) and counts spans by
# the occurrences of `"spanId":` in the raw body (each span has exactly one; `parentSpanId`
# does not match) instead of parsing the JSON. Tests/deployment/test_tracing.py is the
# test that parses every export against opentelemetry-proto.
nice -n 19 python3 - "$SINK_LOG" <<'PY' &
import http.server, sys, threading
log = sys.argv[1]
class Sink(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"   # one connection per exporter, kept open (a thread each)
    spans, lock = 0, threading.Lock()
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with Sink.lock:
            Sink.spans += body.count(b'"spanId":')
            with open(log, "w") as f: f.write(str(Sink.spans))
        self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
    def log_message(self, *a): pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Sink)
open(log + ".port", "w").write(str(server.server_address[1]))
server.serve_forever()
PY
SINK_PID=$!
trap 'kill "$SINK_PID" 2>/dev/null || true; rm -f "$SINK_LOG" "$SINK_LOG.port"' EXIT
for _ in $(seq 1 50); do [ -s "$SINK_LOG.port" ] && break; sleep 0.1; done
PORT="$(cat "$SINK_LOG.port")"
for i in $(seq 1 "${BENCH_REPEAT:-3}"); do
    echo "== run $i: tracing off"
    out="$(env -u OTEL_EXPORTER_OTLP_ENDPOINT "$BENCH")"
    grep -E 'msg/s|msgs/s|throughput' <<<"$out" || true
    echo "== run $i: tracing on, OTLP to 127.0.0.1:$PORT, sampling $RATIO"
    out="$(OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:$PORT" OTEL_TRACES_SAMPLER=parentbased_traceidratio \
        OTEL_TRACES_SAMPLER_ARG="$RATIO" OTEL_BSP_SCHEDULE_DELAY=1000 "$BENCH")"
    grep -E 'msg/s|msgs/s|throughput' <<<"$out" || true
    echo "   spans received so far: $(cat "$SINK_LOG" 2>/dev/null || echo 0)"
done
