#!/usr/bin/env bash
# Change Jar: (1) ranked full-text search over 100,000 actions vs a LIKE scan of the same rows, p50 in one run;
# (2) GET of the all-actions first page (SQLite query + JSON per request) under wrk vs nginx serving the same
# bytes as a static file. Needs the release build, nginx, wrk.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/bench.d/lib/peers.sh
DURATION="${CHANGEJAR_BENCH_DURATION:-10s}"
COUNT="${CHANGEJAR_BENCH_ACTIONS:-100000}"
peers_require changejar

"$BENCH_BIN" changejar search "$COUNT"

peers_begin
work="$PEERS_WORK"
quartet_port="$(peers_free_port)"
nginx_port="$(peers_free_port)"

# The Swift side writes the page it serves to www/changejar/v1/actions before it listens.
"$BENCH_BIN" changejar serve "$quartet_port" "$work/www" 2>"$work/logs/quartet.log" &
peers_track_quartet $!
peers_wait_for "$quartet_port"
chmod -R a+rX "$work/www"
peers_start_nginx "$nginx_port"

python3 - "$quartet_port" "$nginx_port" <<'PY'
import sys, urllib.request
bodies = [urllib.request.urlopen(f"http://127.0.0.1:{p}/changejar/v1/actions").read() for p in sys.argv[1:]]
assert bodies[0] == bodies[1], "the two servers answer different bytes"
print(f"(first page: {len(bodies[0])} bytes, 20 actions)", file=sys.stderr)
PY

read -r q_rps q_p99 < <(peers_wrk "$DURATION" "http://127.0.0.1:$quartet_port/changejar/v1/actions")
read -r n_rps n_p99 < <(peers_wrk "$DURATION" "http://127.0.0.1:$nginx_port/changejar/v1/actions")
peers_print_header nginx
peers_print_row "changejar GET all-actions first page requests/s (wrk -t2 -c64)" "$q_rps" "$n_rps" 0
peers_print_row "changejar GET all-actions first page p99 ms (lower is better)" "$q_p99" "$n_p99" 2
