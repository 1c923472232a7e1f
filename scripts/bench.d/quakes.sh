#!/usr/bin/env bash
# Quakes ingest benchmark: decode + sort + build rows + store, Swift (QuakesCore over LocalStore/SQLite)
# beside a Python pipeline doing the same kind of work in the same run (orjson.loads + sorted +
# sqlite3.executemany in one transaction), on the largest real USGS fixture and on the replay's
# generated 30-day feed. Prints "figure | quartet | peer | ratio" rows; ratio > 1 means Quartet is better.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH_BIN="${BENCH_BIN:-$PWD/.build/release/quartet-bench}"
QUARTET_BIN="${QUARTET_BIN:-$PWD/.build/release/quartet}"
ITERATIONS="${QUAKES_BENCH_ITERATIONS:-20}"
FIXTURES="${QUARTET_FIXTURES:-$(cd .. && pwd)/shared/fixtures}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 -c 'import orjson' 2>/dev/null || { echo "quakes: python3 with orjson is needed for the peer" >&2; exit 1; }

cat > "$work/peer.py" <<'PY'
"""The Python peer: orjson.loads + sorted (newest first, ties by id) + sqlite3.executemany in one transaction."""
import os, resource, sqlite3, sys, tempfile, time
import orjson

def ingest(holder, con):
    # Takes the body out of `holder` and drops it once decoded: when the caller holds no other reference
    # (the last iteration, as in the Swift harness) its memory is free before the rows are built.
    body = holder.pop()
    features = orjson.loads(body)["features"]
    del body
    features = sorted(features, key=lambda f: (-f["properties"]["time"], f["id"]))
    rows = []
    for f in features:
        p = f["properties"]
        c = f["geometry"]["coordinates"]
        rows.append((f["id"], p["time"], p.get("mag"), p.get("place"), p.get("title"), c[0], c[1],
                     c[2] if len(c) > 2 else None, p.get("url"), p.get("type"), p.get("status")))
    with con:
        con.execute("DELETE FROM quakes")
        con.executemany("INSERT INTO quakes VALUES (?,?,?,?,?,?,?,?,?,?,?)", rows)
    return len(rows)

path, iterations = sys.argv[1], int(sys.argv[2])
data = open(path, "rb").read()
size = len(data)
folder = tempfile.mkdtemp()
con = sqlite3.connect(os.path.join(folder, "device.sqlite"))
con.execute("""CREATE TABLE quakes (id TEXT PRIMARY KEY, time INTEGER, mag REAL, place TEXT, title TEXT,
               lon REAL, lat REAL, depth REAL, url TEXT, type TEXT, status TEXT)""")
timings = []
for iteration in range(iterations):
    holder = [data]
    if iteration == iterations - 1:
        del data  # the last ingest gets the only reference, as QuakesBench's does
    start = time.perf_counter()
    count = ingest(holder, con)
    timings.append((time.perf_counter() - start) * 1000)
timings.sort()
print("%.2f %d %d" % (timings[len(timings) // 2], count, size))
PY

"$BENCH_BIN" quakes demo "$work/demo_all_month.geojson"
feeds=()
largest="$FIXTURES/usgs/all_week_2018-06-14_LARGEST.geojson"
if [ -f "$largest" ]; then feeds+=("$largest"); else echo "quakes: $largest not found, real-feed row skipped" >&2; fi
feeds+=("$work/demo_all_month.geojson")

mib() { python3 -c "import sys; print('%.1f' % (int(sys.argv[1]) / 1024))" "$1"; }
swift_idle=$("$BENCH_BIN" quakes rss "$BENCH_BIN" quakes idle | tail -1)
python_idle=$("$BENCH_BIN" quakes rss python3 -c "import orjson, sqlite3")
echo "process footprint before any work (runtime + libraries), peak RSS MiB | $(mib "$swift_idle") | $(mib "$python_idle") | -"

ratio() { python3 -c "import sys; a, b = float(sys.argv[1]), float(sys.argv[2]); print('%.2fx' % (a / b if b else 0))" "$1" "$2"; }

for feed in "${feeds[@]}"; do
    name="$(basename "$feed" .geojson)"
    read -r swift_ms features bytes < <("$BENCH_BIN" quakes ingest "$feed" "$ITERATIONS")
    read -r python_ms _ _ < <(python3 "$work/peer.py" "$feed" "$ITERATIONS")
    mb=$(python3 -c "print('%.1f' % ($bytes / 1e6))")
    swift_rate=$(python3 -c "print('%.0f' % ($features / ($swift_ms / 1000)))")
    python_rate=$(python3 -c "print('%.0f' % ($features / ($python_ms / 1000)))")
    echo "ingest $name ($features quakes, $mb MB), median ms | $swift_ms | $python_ms | $(ratio "$python_ms" "$swift_ms")"
    echo "ingest $name, quakes/s | $swift_rate | $python_rate | $(ratio "$swift_rate" "$python_rate")"
    swift_kb=$("$BENCH_BIN" quakes rss "$BENCH_BIN" quakes ingest-once "$feed" | tail -1)
    python_kb=$("$BENCH_BIN" quakes rss python3 "$work/peer.py" "$feed" 1 | tail -1)
    echo "ingest $name, peak RSS MiB (one ingest in its own process) | $(mib "$swift_kb") | $(mib "$python_kb") | $(ratio "$python_kb" "$swift_kb")"
done

# Launch to first rows from the cache: the whole `quartet quakes` process with a fresh cache (no request).
data_dir="$work/device"
"$QUARTET_BIN" quakes --feed "${feeds[0]}" --data-dir "$data_dir" --limit 20 --no-color > /dev/null
# Median of 7 wall-clock runs, in ms.
median_ms() {
    local runs=()
    for _ in 1 2 3 4 5 6 7; do
        local start=$(date +%s%N)
        "$@" > /dev/null
        runs+=($(( ($(date +%s%N) - start) / 1000 )))
    done
    python3 -c "import sys; print('%.1f' % (int(sys.argv[1]) / 1000))" "$(printf '%s\n' "${runs[@]}" | sort -n | sed -n 4p)"
}
launch=$(median_ms "$QUARTET_BIN" quakes --feed "${feeds[0]}" --data-dir "$data_dir" --limit 20 --no-color)
bare=$(median_ms "$QUARTET_BIN" --version)
echo "launch to first 20 rows from the cache ($(basename "${feeds[0]}" .geojson)), ms | $launch | - | -"
echo "  of which process start and exit alone (quartet --version), ms | $bare | - | -"
