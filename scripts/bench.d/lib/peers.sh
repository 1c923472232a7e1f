# shellcheck shell=bash
# Shared by the area benchmarks that put a Quartet server beside nginx serving the same bytes on loopback.
# Lives in lib/ so scripts/bench does not run it as an area. Source it from the repository root, after
# `set -euo pipefail`:
#
#   . scripts/bench.d/lib/peers.sh
#   peers_require attendee                   # nginx, wrk, python3 and $BENCH_BIN, or exit
#   peers_begin                              # $PEERS_WORK with www/ and logs/, cleaned up on exit
#   "$BENCH_BIN" … & peers_track_quartet $!  # stopped on exit (or earlier with peers_stop_quartet)
#   peers_start_nginx "$(peers_free_port)"   # serves $PEERS_WORK/www
#   read -r rps p99 < <(peers_wrk "$DURATION" "$url")
#   peers_print_header nginx
#   peers_print_row "agenda requests/s" "$q_rps" "$n_rps" 0

# The Swift side of every area; scripts/bench exports it, a script run alone uses the release build.
BENCH_BIN="${BENCH_BIN:-$PWD/.build/release/quartet-bench}"
PEERS_AREA=""
PEERS_WORK=""
PEERS_QUARTET_PID=""
PEERS_NGINX_STARTED=""

# Exits unless nginx, wrk, python3 and $BENCH_BIN are there; names the area in later messages.
peers_require() {  # area
    PEERS_AREA="$1"
    local tool
    for tool in nginx wrk python3; do
        command -v "$tool" >/dev/null || { echo "$PEERS_AREA bench: $tool is not installed" >&2; exit 1; }
    done
    [ -x "$BENCH_BIN" ] || { echo "$PEERS_AREA bench: $BENCH_BIN missing (build release first)" >&2; exit 1; }
}

# Makes the scratch folder $PEERS_WORK (www/ is nginx's root, logs/ the servers' logs) and the exit trap.
peers_begin() {
    PEERS_WORK="$(mktemp -d)"
    trap peers_cleanup EXIT
    mkdir -p "$PEERS_WORK/www" "$PEERS_WORK/logs"
    chmod 755 "$PEERS_WORK" "$PEERS_WORK/www"  # nginx workers may run as another user
}

# Stops whatever is still running and removes the scratch folder; the EXIT trap of peers_begin.
peers_cleanup() {
    peers_stop_quartet
    if [ -n "$PEERS_NGINX_STARTED" ]; then
        nginx -p "$PEERS_WORK" -c "$PEERS_WORK/nginx.conf" -s stop 2>/dev/null || true
    fi
    rm -rf "$PEERS_WORK"
}

# Records the Quartet server's process id so that it is stopped on exit.
peers_track_quartet() {  # pid
    PEERS_QUARTET_PID="$1"
}

# Stops the Quartet server now, if it runs (for a script that measures something else afterwards).
peers_stop_quartet() {
    if [ -n "$PEERS_QUARTET_PID" ]; then
        kill "$PEERS_QUARTET_PID" 2>/dev/null || true
        wait "$PEERS_QUARTET_PID" 2>/dev/null || true
        PEERS_QUARTET_PID=""
    fi
}

# Prints a loopback port that was free a moment ago.
peers_free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# Waits up to 10 s for something to accept connections on the loopback port.
peers_wait_for() {  # port
    for _ in $(seq 200); do
        python3 -c "import socket,sys; socket.create_connection(('127.0.0.1',$1),0.2)" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "$PEERS_AREA bench: nothing listening on $1" >&2
    return 1
}

# Starts nginx on the loopback port serving $PEERS_WORK/www (JSON by extension .json and by default) and waits
# until it listens. Two workers, no access log, keep-alive without a request limit.
peers_start_nginx() {  # port [gzip]
    local work="$PEERS_WORK" gzip=""
    # With "gzip", JSON of 1 KB or more is compressed at level 6 for a request that accepts it, as the Quartet
    # server's CompressionMiddleware does.
    [ "${2:-}" = gzip ] && gzip="gzip on; gzip_comp_level 6; gzip_min_length 1024; gzip_types application/json; gzip_vary on;"
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
    default_type application/json;
    $gzip
    client_body_temp_path $work/tmp_body;
    proxy_temp_path $work/tmp_proxy;
    fastcgi_temp_path $work/tmp_fastcgi;
    uwsgi_temp_path $work/tmp_uwsgi;
    scgi_temp_path $work/tmp_scgi;
    server {
        listen 127.0.0.1:$1;
        root $work/www;
    }
}
CONF
    nginx -p "$work" -c "$work/nginx.conf" -e "$work/logs/error.log"
    PEERS_NGINX_STARTED=1
    peers_wait_for "$1"
}

# Runs `wrk -t2 -c64 --latency` for the duration against the URL (sending the header, when one is given) and
# prints "requests_per_second p99_ms"; fails if any answer was not 2xx or 3xx.
peers_wrk() {  # duration url [header]
    wrk -t2 -c64 -d"$1" --latency ${3:+-H "$3"} "$2" >"$PEERS_WORK/wrk.out"
    python3 - "$PEERS_WORK/wrk.out" <<'PY'
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

# Prints the header of the result table, naming the peer's column.
peers_print_header() {  # peer
    echo "figure | quartet | $1 | ratio"
}

# Prints "figure | quartet | peer | quartet/peer", both figures with the given number of decimals.
peers_print_row() {  # figure quartet peer decimals
    python3 - "$@" <<'PY'
import sys
figure, quartet, peer, decimals = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
print(f"{figure} | {quartet:.{decimals}f} | {peer:.{decimals}f} | {quartet / peer:.2f}")
PY
}
