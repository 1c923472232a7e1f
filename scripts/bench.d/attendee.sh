#!/usr/bin/env bash
# Attendee: the agenda of a 300-session event under wrk, beside nginx serving the same bytes as a static file
# (same run), as they are and gzip-compressed for a client that accepts it (both at level 6); then 200
# simultaneous attend requests over loopback for a 50-seat session (exactly 50 must win).
# Needs the release build (scripts/bench or `swift build -c release --product quartet-bench`), nginx, wrk.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/bench.d/lib/peers.sh
DURATION="${ATTENDEE_BENCH_DURATION:-10s}"
peers_require attendee
peers_begin
work="$PEERS_WORK"

quartet_port="$(peers_free_port)"
nginx_port="$(peers_free_port)"
"$BENCH_BIN" attendee serve "$quartet_port" "$work/www/agenda.json" 300 >"$work/event_id" 2>"$work/logs/quartet.log" &
peers_track_quartet $!
peers_wait_for "$quartet_port"
event_id="$(cat "$work/event_id")"
peers_start_nginx "$nginx_port" gzip
quartet_url="http://127.0.0.1:$quartet_port/attendee/v1/events/$event_id/agenda"
nginx_url="http://127.0.0.1:$nginx_port/agenda.json"

# Both must serve the same bytes, or the comparison means nothing.
python3 - "$quartet_url" "$nginx_url" >"$work/gzip_sizes" <<'PY'
import json, sys, urllib.request
bodies = [urllib.request.urlopen(url).read() for url in sys.argv[1:]]
assert bodies[0] == bodies[1], "agenda bytes differ"
assert len(json.loads(bodies[0])) == 300, "the agenda does not hold 300 sessions"
print(f"agenda payload: {len(bodies[0])} bytes, 300 sessions", file=sys.stderr)
# Compressed, both must answer gzip that holds the same bytes; their sizes go to the table.
import gzip
answers = [urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip"}))
           for url in sys.argv[1:]]
for answer in answers:
    assert answer.headers.get("Content-Encoding") == "gzip", f"{answer.url} did not compress"
zipped = [answer.read() for answer in answers]
assert all(gzip.decompress(body) == bodies[0] for body in zipped), "compressed agenda bytes differ"
print(len(zipped[0]), len(zipped[1]))
PY
read -r q_gz_bytes n_gz_bytes <"$work/gzip_sizes"

read -r q_rps q_p99 < <(peers_wrk "$DURATION" "$quartet_url")
read -r n_rps n_p99 < <(peers_wrk "$DURATION" "$nginx_url")
read -r q_gz_rps q_gz_p99 < <(peers_wrk "$DURATION" "$quartet_url" "Accept-Encoding: gzip")
read -r n_gz_rps n_gz_p99 < <(peers_wrk "$DURATION" "$nginx_url" "Accept-Encoding: gzip")
peers_stop_quartet

read -r requests seats won refused _ millis < <("$BENCH_BIN" attendee seats 200 50 2>"$work/logs/seats.log") || {
    cat "$work/logs/seats.log" >&2
    exit 1
}
peers_print_header nginx
peers_print_row "attendee agenda (300 sessions) requests/s (wrk -t2 -c64)" "$q_rps" "$n_rps" 0
peers_print_row "attendee agenda p99 latency ms (lower is better)" "$q_p99" "$n_p99" 2
peers_print_row "attendee agenda gzip requests/s (wrk -t2 -c64)" "$q_gz_rps" "$n_gz_rps" 0
peers_print_row "attendee agenda gzip p99 latency ms (lower is better)" "$q_gz_p99" "$n_gz_p99" 2
peers_print_row "attendee agenda gzip bytes (lower is better)" "$q_gz_bytes" "$n_gz_bytes" 0
python3 - "$requests" "$seats" "$won" "$refused" "$millis" <<'PY'
import sys
requests, seats, won, refused = map(int, sys.argv[1:5])
millis = float(sys.argv[5])
print(f"attendee {requests} simultaneous attends for {seats} seats: won / refused | {won} / {refused} | — | —")
print(f"attendee {requests} simultaneous attends, wall time ms | {millis:.1f} | — | —")
PY
