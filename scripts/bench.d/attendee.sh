#!/usr/bin/env bash
# Attendee: the agenda of a 300-session event under wrk, beside nginx serving the same bytes as a static file
# (same run); then 200 simultaneous attend requests over loopback for a 50-seat session (exactly 50 must win).
# Needs the release build (scripts/bench or `swift build -c release --product quartet-bench`), nginx, wrk.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH_BIN="${BENCH_BIN:-$PWD/.build/release/quartet-bench}"
DURATION="${ATTENDEE_BENCH_DURATION:-10s}"
for tool in nginx wrk python3; do
    command -v "$tool" >/dev/null || { echo "attendee bench: $tool is not installed" >&2; exit 1; }
done
[ -x "$BENCH_BIN" ] || { echo "attendee bench: $BENCH_BIN missing (build release first)" >&2; exit 1; }

work="$(mktemp -d)"
quartet_pid=""
nginx_started=""
cleanup() {
    [ -n "$quartet_pid" ] && kill "$quartet_pid" 2>/dev/null && wait "$quartet_pid" 2>/dev/null || true
    [ -n "$nginx_started" ] && nginx -p "$work" -c "$work/nginx.conf" -s stop 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_for() {  # port
    for _ in $(seq 200); do
        python3 -c "import socket,sys; socket.create_connection(('127.0.0.1',$1),0.2)" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "attendee bench: nothing listening on $1" >&2
    return 1
}

mkdir -p "$work/www" "$work/logs"
chmod 755 "$work" "$work/www"  # nginx workers may run as another user
quartet_port="$(free_port)"
nginx_port="$(free_port)"
"$BENCH_BIN" attendee serve "$quartet_port" "$work/www/agenda.json" 300 >"$work/event_id" 2>"$work/logs/quartet.log" &
quartet_pid=$!
wait_for "$quartet_port"
event_id="$(cat "$work/event_id")"
cat >"$work/nginx.conf" <<CONF
worker_processes 2;
error_log $work/logs/error.log warn;
pid $work/nginx.pid;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    types { application/json json; }
    client_body_temp_path $work/tmp_body;
    proxy_temp_path $work/tmp_proxy;
    fastcgi_temp_path $work/tmp_fastcgi;
    uwsgi_temp_path $work/tmp_uwsgi;
    scgi_temp_path $work/tmp_scgi;
    server {
        listen 127.0.0.1:$nginx_port;
        root $work/www;
    }
}
CONF
nginx -p "$work" -c "$work/nginx.conf" -e "$work/logs/error.log"
nginx_started=1
wait_for "$nginx_port"
quartet_url="http://127.0.0.1:$quartet_port/attendee/v1/events/$event_id/agenda"
nginx_url="http://127.0.0.1:$nginx_port/agenda.json"

# Both must serve the same bytes, or the comparison means nothing.
python3 - "$quartet_url" "$nginx_url" <<'PY'
import json, sys, urllib.request
bodies = [urllib.request.urlopen(url).read() for url in sys.argv[1:]]
assert bodies[0] == bodies[1], "agenda bytes differ"
assert len(json.loads(bodies[0])) == 300, "the agenda does not hold 300 sessions"
print(f"agenda payload: {len(bodies[0])} bytes, 300 sessions", file=sys.stderr)
PY

run_wrk() {  # url -> "requests_per_second p99_ms"
    wrk -t2 -c64 -d"$DURATION" --latency "$1" >"$work/wrk.out"
    python3 - "$work/wrk.out" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
value, unit = re.search(r"^\s+99%\s+([\d.]+)(us|ms|s)\s*$", text, re.M).groups()
p99 = float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if errors:
    sys.exit(f"wrk saw {errors.group(1)} error responses")
print(f"{rps:.0f} {p99:.2f}")
PY
}

read -r q_rps q_p99 < <(run_wrk "$quartet_url")
read -r n_rps n_p99 < <(run_wrk "$nginx_url")
kill "$quartet_pid" 2>/dev/null && wait "$quartet_pid" 2>/dev/null || true
quartet_pid=""

read -r requests seats won refused stored millis < <("$BENCH_BIN" attendee seats 200 50 2>"$work/logs/seats.log") || {
    cat "$work/logs/seats.log" >&2
    exit 1
}
python3 - "$q_rps" "$q_p99" "$n_rps" "$n_p99" "$requests" "$seats" "$won" "$refused" "$millis" <<'PY'
import sys
q_rps, q_p99, n_rps, n_p99 = map(float, sys.argv[1:5])
requests, seats, won, refused = map(int, sys.argv[5:9])
millis = float(sys.argv[9])
print("figure | quartet | nginx | ratio")
print(f"attendee agenda (300 sessions) requests/s (wrk -t2 -c64) | {q_rps:.0f} | {n_rps:.0f} | {q_rps / n_rps:.2f}")
print(f"attendee agenda p99 latency ms (lower is better) | {q_p99:.2f} | {n_p99:.2f} | {q_p99 / n_p99:.2f}")
print(f"attendee {requests} simultaneous attends for {seats} seats: won / refused | {won} / {refused} | — | —")
print(f"attendee {requests} simultaneous attends, wall time ms | {millis:.1f} | — | —")
PY
