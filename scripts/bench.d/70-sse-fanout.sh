#!/usr/bin/env bash
# Attendee live fan-out: 1,000 clients hold the event's SSE stream on one release-built server; an answer is
# posted, 20 times; p50/p99 of the time until every client has read that answer's `poll.results`, beside the
# target p99 <= 50 ms on loopback; the server's CPU time per answer fanned out (user + system, from
# /proc/PID/stat: unlike the latencies it hardly moves when other work shares the cores); and the server's
# memory per open stream (RSS growth / clients).
# Needs the release build (scripts/bench or `swift build -c release --product quartet-bench`) and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH_BIN="${BENCH_BIN:-$PWD/.build/release/quartet-bench}"
CLIENTS="${FANOUT_CLIENTS:-1000}"
ROUNDS="${FANOUT_ROUNDS:-20}"
[ -x "$BENCH_BIN" ] || { echo "fanout bench: $BENCH_BIN missing (build release first)" >&2; exit 1; }
# Each stream is a socket on both ends; the Swift side raises its own soft limit to the hard one.
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
work="$(mktemp -d)"
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
"$BENCH_BIN" fanout serve "$port" >"$work/ids" 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 1 300); do [ -s "$work/ids" ] && break; sleep 0.1; done
[ -s "$work/ids" ] || { cat "$work/server.log" >&2; exit 1; }
read -r event poll listener voter <"$work/ids"
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }
# utime + stime in clock ticks (fields 14 and 15; the name in field 2 has no spaces here).
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server_pid/stat"; }
before="$(rss)"
mkfifo "$work/go"
"$BENCH_BIN" fanout clients "$port" "$event" "$poll" "$listener" "$voter" "$CLIENTS" "$ROUNDS" \
    <"$work/go" >"$work/result" 2>"$work/clients.log" &
clients_pid=$!
exec 3>"$work/go"
for _ in $(seq 1 600); do grep -q '^connected' "$work/clients.log" 2>/dev/null && break; sleep 0.1; done
grep -q '^connected' "$work/clients.log" || { cat "$work/clients.log" >&2; exit 1; }
during="$(rss)"
cpu_before="$(cpu_ticks)"
echo go >&3
exec 3>&-
wait "$clients_pid" || { cat "$work/clients.log" >&2; exit 1; }
cpu_after="$(cpu_ticks)"
read -r p50 p99 clients rounds <"$work/result"
echo "figure | quartet | target | ratio"
python3 - "$p50" "$p99" "$clients" "$rounds" "$before" "$during" "$cpu_before" "$cpu_after" "$(getconf CLK_TCK)" <<'PY'
import sys
p50, p99 = float(sys.argv[1]), float(sys.argv[2])
clients, rounds, before, during, cpu_before, cpu_after, ticks = map(int, sys.argv[3:10])
print(f"attendee SSE fan-out to {clients} clients, p50 ms ({rounds} answers) | {p50:.2f} | — | —")
print(f"attendee SSE fan-out to {clients} clients, p99 ms ({rounds} answers) | {p99:.2f} | 50 | {p99 / 50:.2f}")
cpu_ms = (cpu_after - cpu_before) * 1000 / ticks / rounds
print(f"attendee server CPU per answer fanned out to {clients} clients, ms | {cpu_ms:.1f} | — | —")
per_client = (during - before) / clients
print(f"attendee server memory per open stream, KiB (RSS growth / clients) | {per_client:.1f} | — | —")
PY
