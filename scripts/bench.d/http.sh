#!/usr/bin/env bash
# HTTP engine vs nginx on loopback: the same 1 KB JSON document, wrk -t2 -c64 -d10s --latency against each.
# Needs the release build (scripts/bench or `swift build -c release --product quartet-bench`), nginx, wrk.
# Optional: HTTP_BENCH_DURATION (default 10s), HTTP_BENCH_THREADS and HTTP_BENCH_MEMORY_KIB (server tuning).
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH_BIN="${BENCH_BIN:-$PWD/.build/release/quartet-bench}"
DURATION="${HTTP_BENCH_DURATION:-10s}"
for tool in nginx wrk python3; do
    command -v "$tool" >/dev/null || { echo "http bench: $tool is not installed" >&2; exit 1; }
done
[ -x "$BENCH_BIN" ] || { echo "http bench: $BENCH_BIN missing (build release first)" >&2; exit 1; }

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
    for _ in $(seq 100); do
        python3 -c "import socket,sys; socket.create_connection(('127.0.0.1',$1),0.2)" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "http bench: nothing listening on $1" >&2
    return 1
}

mkdir -p "$work/www" "$work/logs"
chmod 755 "$work" "$work/www"  # nginx workers may run as another user
"$BENCH_BIN" http --write-payload "$work/www/payload.json"
quartet_port="$(free_port)"
nginx_port="$(free_port)"
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

"$BENCH_BIN" http "$quartet_port" ${HTTP_BENCH_THREADS:-} ${HTTP_BENCH_MEMORY_KIB:-} 2>"$work/logs/quartet.log" &
quartet_pid=$!
nginx -p "$work" -c "$work/nginx.conf" -e "$work/logs/error.log"
nginx_started=1
wait_for "$quartet_port"
wait_for "$nginx_port"

# Both must serve the same bytes, or the comparison means nothing.
python3 - "$quartet_port" "$nginx_port" <<'PY'
import sys, urllib.request
bodies = [urllib.request.urlopen(f"http://127.0.0.1:{p}/payload.json").read() for p in sys.argv[1:]]
assert bodies[0] == bodies[1] and len(bodies[0]) == 1024, "payloads differ"
PY

run_wrk() {  # port -> "requests_per_second p99_ms"
    wrk -t2 -c64 -d"$DURATION" --latency "http://127.0.0.1:$1/payload.json" >"$work/wrk.out"
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

quartet_result="$(run_wrk "$quartet_port")"
nginx_result="$(run_wrk "$nginx_port")"
read -r q_rps q_p99 <<<"$quartet_result"
read -r n_rps n_p99 <<<"$nginx_result"
python3 - "$q_rps" "$q_p99" "$n_rps" "$n_p99" <<'PY'
import sys
q_rps, q_p99, n_rps, n_p99 = map(float, sys.argv[1:])
print("figure | quartet | nginx | ratio")
print(f"http 1 KB JSON requests/s (wrk -t2 -c64) | {q_rps:.0f} | {n_rps:.0f} | {q_rps / n_rps:.2f}")
print(f"http 1 KB JSON p99 latency ms (lower is better) | {q_p99:.2f} | {n_p99:.2f} | {q_p99 / n_p99:.2f}")
PY
