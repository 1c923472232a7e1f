#!/usr/bin/env bash
# HTTP engine vs nginx on loopback: the same 1 KB JSON document, wrk -t2 -c64 -d10s --latency against each.
# Needs the release build (scripts/bench or `swift build -c release --product quartet-bench`), nginx, wrk.
# Optional: HTTP_BENCH_DURATION (default 10s), HTTP_BENCH_THREADS and HTTP_BENCH_MEMORY_KIB (server tuning).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/bench.d/lib/peers.sh
DURATION="${HTTP_BENCH_DURATION:-10s}"
peers_require http
peers_begin
work="$PEERS_WORK"

"$BENCH_BIN" http --write-payload "$work/www/payload.json"
quartet_port="$(peers_free_port)"
nginx_port="$(peers_free_port)"
# shellcheck disable=SC2086  # unquoted on purpose: an unset tuning variable passes no argument at all
"$BENCH_BIN" http "$quartet_port" ${HTTP_BENCH_THREADS:-} ${HTTP_BENCH_MEMORY_KIB:-} 2>"$work/logs/quartet.log" &
peers_track_quartet $!
peers_start_nginx "$nginx_port"
peers_wait_for "$quartet_port"

# Both must serve the same bytes, or the comparison means nothing.
python3 - "$quartet_port" "$nginx_port" <<'PY'
import sys, urllib.request
bodies = [urllib.request.urlopen(f"http://127.0.0.1:{p}/payload.json").read() for p in sys.argv[1:]]
assert bodies[0] == bodies[1] and len(bodies[0]) == 1024, "payloads differ"
PY

quartet_result="$(peers_wrk "$DURATION" "http://127.0.0.1:$quartet_port/payload.json")"
nginx_result="$(peers_wrk "$DURATION" "http://127.0.0.1:$nginx_port/payload.json")"
read -r q_rps q_p99 <<<"$quartet_result"
read -r n_rps n_p99 <<<"$nginx_result"
peers_print_header nginx
peers_print_row "http 1 KB JSON requests/s (wrk -t2 -c64)" "$q_rps" "$n_rps" 0
peers_print_row "http 1 KB JSON p99 latency ms (lower is better)" "$q_p99" "$n_p99" 2
