#!/usr/bin/env bash
# Instructions per request of the release `quartet-bench` server, counted by valgrind's callgrind: a figure that
# does not move when other work shares the cores (throughput under wrk moves by ±20% there). For each route
# (the 1 KB JSON of http.sh, the 300-session agenda of attendee.sh) the server starts under callgrind, takes
# 500 warm-up requests, has its counters zeroed, answers N keep-alive GETs over CONNECTIONS sequential
# connections (Python's http.client, outside valgrind) and dumps; the figure is the dump's total (every thread
# of the server) divided by N (20,000 for the 1 KB JSON, 2,000 for the agenda). Keeps the dumps in INSTR_KEEP (a folder) when set, for callgrind_annotate.
# The agenda server keeps its encoded agenda for a day, not the default second: under callgrind a second is a few
# dozen requests, so the count rose and fell with how often the cache happened to expire, that is with the
# machine's speed (565,000–638,000 over sessions 29–30 with no change to the path); at full speed it is one encode
# in ~15,000 requests, and the count now measures what those requests cost.
#
#   scripts/bench.d/instructions.sh [BENCH_BIN]    # e.g. another worktree's .build/release/quartet-bench
#   INSTR_REQUESTS=20000 INSTR_AGENDA_REQUESTS=2000 INSTR_CONNECTIONS=4 INSTR_ROUTES="http agenda" INSTR_KEEP=/tmp/dumps
#
# The server runs from a copy without DWARF (valgrind 3.19 cannot read the DWARF 5 that swiftc writes; the symbols
# stay), with a preloaded `sigsuspend` that passes the kernel a copy of its mask (valgrind 3.19 writes to the mask,
# and libdispatch's main thread passes one in read-only memory: valgrind itself dies of SIGSEGV).
#
# Needs valgrind (callgrind_control comes with it), objcopy, cc and python3; skipped, not failed, without valgrind.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN="${1:-${BENCH_BIN:-$PWD/.build/release/quartet-bench}}"
HTTP_REQUESTS="${INSTR_REQUESTS:-20000}"
# NB: an agenda request costs ten times a 1 KB one; fewer of them keep the run to minutes under callgrind.
AGENDA_REQUESTS="${INSTR_AGENDA_REQUESTS:-2000}"
CONNECTIONS="${INSTR_CONNECTIONS:-4}"
ROUTES="${INSTR_ROUTES:-http agenda}"
command -v valgrind >/dev/null || { echo "instructions bench: skipped, valgrind is not installed" >&2; exit 0; }
[ -x "$BIN" ] || { echo "instructions bench: $BIN missing (build release first)" >&2; exit 1; }
work="$(mktemp -d)"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
objcopy --strip-debug "$BIN" "$work/quartet-bench"
BIN="$work/quartet-bench"
cat >"$work/sigsuspend.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
int sigsuspend(const sigset_t *mask) {
    static int (*real)(const sigset_t *);
    if (!real) real = (int (*)(const sigset_t *))dlsym(RTLD_NEXT, "sigsuspend");
    sigset_t copy = *mask;
    return real(&copy);
}
C
cc -shared -fPIC -O2 -o "$work/sigsuspend.so" "$work/sigsuspend.c" -ldl
export LD_PRELOAD="$work/sigsuspend.so"

port_free() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# Sends COUNT keep-alive GETs of PATH over CONNS connections, each answered 200 with a non-empty body.
drive() {  # port path count conns
    python3 - "$@" <<'PY'
import http.client, sys, threading
port, path, count, conns = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
failures = []
def run(n):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    for _ in range(n):
        c.request("GET", path)
        r = c.getresponse()
        body = r.read()
        if r.status != 200 or not body:
            failures.append(r.status)
            return
    c.close()
threads = [threading.Thread(target=run, args=(count // conns + (1 if i < count % conns else 0),)) for i in range(conns)]
for t in threads: t.start()
for t in threads: t.join()
if failures:
    sys.exit(f"instructions bench: answers other than 200: {failures[:5]}")
PY
}

wait_port() {  # port log
    for _ in $(seq 300); do
        python3 -c "import socket; socket.create_connection(('127.0.0.1',$1),0.2)" 2>/dev/null && return 0
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.2
    done
    echo "instructions bench: nothing listening on $1" >&2
    tail -n 20 "$2" >&2
    return 1
}

echo "figure | instructions/request | requests | connections"
for route in $ROUTES; do
    port="$(port_free)"
    out="$work/$route.callgrind"
    case "$route" in
        http)
            valgrind --tool=callgrind --callgrind-out-file="$out" "$BIN" http "$port" \
                >"$work/$route.stdout" 2>"$work/$route.log" &
            server_pid=$!
            wait_port "$port" "$work/$route.log"
            path="/payload.json"
            label="http 1 KB JSON"
            REQUESTS="$HTTP_REQUESTS"
            ;;
        agenda)
            valgrind --tool=callgrind --callgrind-out-file="$out" "$BIN" attendee serve "$port" \
                "$work/agenda.json" 300 86400 >"$work/$route.stdout" 2>"$work/$route.log" &
            server_pid=$!
            wait_port "$port" "$work/$route.log"
            for _ in $(seq 100); do [ -s "$work/$route.stdout" ] && break; sleep 0.1; done
            path="/attendee/v1/events/$(head -n1 "$work/$route.stdout")/agenda"
            label="attendee agenda (300 sessions)"
            REQUESTS="$AGENDA_REQUESTS"
            ;;
        *) echo "instructions bench: unknown route $route" >&2; exit 1 ;;
    esac
    drive "$port" "$path" 500 "$CONNECTIONS"
    callgrind_control -z "$server_pid" >/dev/null 2>&1
    drive "$port" "$path" "$REQUESTS" "$CONNECTIONS"
    callgrind_control -d "$route" "$server_pid" >/dev/null 2>&1
    kill -INT "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
    # The dump holds the counts since the zeroing; its "totals:" line sums every thread's.
    dump="$(grep -l "^desc: Trigger: .*$route" "$out"* | head -n1)"
    python3 - "$dump" "$REQUESTS" "$label" "$CONNECTIONS" <<'PY'
import sys
path, requests, label, conns = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
lines = open(path).read().splitlines()
totals = [l for l in lines if l.startswith("totals:")] or [l for l in lines if l.startswith("summary:")]
total = int(totals[0].split()[1])
print(f"{label} | {total / requests:,.0f} | {requests} | {conns}")
PY
    if [ -n "${INSTR_KEEP:-}" ]; then
        mkdir -p "$INSTR_KEEP"
        cp "$dump" "$INSTR_KEEP/$route.callgrind"
    fi
done
