#!/usr/bin/env bash
# Database benchmark: Quartet's SQLite driver against Python's sqlite3 (same schema, data and settings, same run),
# FTS search against a LIKE scan, and the same figures on a throwaway PostgreSQL beside SQLite's.
# Prints rows "figure | Quartet | peer | ratio". Needs the release build of quartet-bench.
set -euo pipefail
cd "$(dirname "$0")/../.."
bench="${BENCH_BIN:-$PWD/.build/release/quartet-bench}"
rows="${DATABASE_BENCH_ROWS:-100000}"
[ -x "$bench" ] || { echo "database.sh: $bench is missing (swift build -c release --product quartet-bench)" >&2; exit 1; }

work=$(mktemp -d /tmp/quartet-dbbench.XXXXXX)
trap 'rm -rf "$work"' EXIT
tsv="$work/documents.tsv"

# Synthetic documents: Zipf-distributed pseudo-words, a short title and a 20–40 word body each.
python3 - "$tsv" "$rows" <<'PY'
import random, sys
path, rows = sys.argv[1], int(sys.argv[2])
rng = random.Random(42)
syllables = ["ka", "lo", "mi", "ter", "van", "so", "rel", "din", "pa", "qu", "est", "ur", "bo", "zen", "ti", "gra"]
vocabulary = sorted({"".join(rng.choice(syllables) for _ in range(rng.randint(2, 4))) for _ in range(6000)})
rng.shuffle(vocabulary)
weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
with open(path, "w") as out:
    for i in range(1, rows + 1):
        title = " ".join(rng.choices(vocabulary, weights, k=rng.randint(3, 6)))
        body = " ".join(rng.choices(vocabulary, weights, k=rng.randint(20, 40)))
        out.write(f"{i}\t{title}\t{body}\n")
with open(path + ".queries", "w") as out:
    out.write(" ".join(vocabulary[rank] for rank in range(40, 2000, 95)))
PY
queries=$(cat "$tsv.queries")

# Python's sqlite3.executemany: same table, WAL + synchronous=FULL like Quartet's defaults, one transaction,
# best of three fresh tables (as quartet-bench does).
python_insert() {
    python3 - "$tsv" "$work/python.sqlite" <<'PY'
import sqlite3, sys, time
tsv, path = sys.argv[1], sys.argv[2]
rows = [(int(a), b, c) for a, b, c in (line.rstrip("\n").split("\t") for line in open(tsv, encoding="utf-8"))]
db = sqlite3.connect(path, isolation_level=None)
db.execute("PRAGMA journal_mode = WAL"); db.execute("PRAGMA synchronous = FULL"); db.execute("PRAGMA foreign_keys = ON")
best = float("inf")
for _ in range(3):  # the fastest of three, like quartet-bench: fsync timings are noisy on a shared machine
    db.execute("DROP TABLE IF EXISTS bench_item")
    db.execute("CREATE TABLE bench_item (id BIGINT PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL)")
    start = time.perf_counter()
    db.execute("BEGIN IMMEDIATE")
    db.executemany("INSERT INTO bench_item (id, title, body) VALUES (?, ?, ?)", rows)
    db.execute("COMMIT")
    best = min(best, time.perf_counter() - start)
    assert db.execute("SELECT COUNT(*) FROM bench_item").fetchone()[0] == len(rows)
print(best)
PY
}

value() { awk -v key="$1" '$1 == key { print $2 }'; }
minimum() { python3 -c "import sys; print(min(float(x) for x in sys.argv[1:]))" "$@"; }
# NB: the two sides alternate, three runs each, so that a burst of other work on the machine hits both.
python_runs=()
swift_runs=()
for _ in 1 2 3; do
    python_runs+=("$(python_insert)")
    swift_runs+=("$("$bench" database insert "sqlite://$work/quartet.sqlite" "$tsv" | value insert_seconds)")
done
python_insert=$(minimum "${python_runs[@]}")
swift_insert=$(minimum "${swift_runs[@]}")
search=$("$bench" database search "sqlite://$work/search.sqlite" "$tsv" "$queries")
fts=$(value fts_p50_ms <<<"$search")
like=$(value like_p50_ms <<<"$search")

# The same on a throwaway PostgreSQL (NB: scripts/with-postgres runs it with fsync=off).
pg=$(scripts/with-postgres bash -c '
    set -e
    echo "insert_seconds $("$0" database insert "$QUARTET_TEST_POSTGRES_URL" "$1" | awk "\$1 == \"insert_seconds\" { print \$2 }")"
    "$0" database search "$QUARTET_TEST_POSTGRES_URL" "$1" "$2"
' "$bench" "$tsv" "$queries" 2>/dev/null || true)
pg_insert=$(value insert_seconds <<<"$pg")
pg_fts=$(value fts_p50_ms <<<"$pg")
pg_like=$(value like_p50_ms <<<"$pg")

ratio() { python3 -c "import sys; a, b = sys.argv[1], sys.argv[2]; print('n/a' if not a or not b else f'{float(a) / float(b):.3g}')" "$1" "$2"; }
echo "figure | quartet | peer | ratio"
echo "sqlite insert $rows rows, 1 transaction (s; ratio = peer/quartet, target >= 1) | $swift_insert | python sqlite3.executemany $python_insert | $(ratio "$python_insert" "$swift_insert")"
echo "sqlite FTS5 search p50 over $rows docs (ms; ratio = quartet/peer, target <= 0.01) | $fts | LIKE '%term%' scan $like | $(ratio "$fts" "$like")"
if [ -n "$pg_insert" ]; then
    echo "postgres insert $rows rows, 1 transaction (s; peer = Quartet on SQLite) | $pg_insert | sqlite $swift_insert | $(ratio "$pg_insert" "$swift_insert")"
    echo "postgres tsvector search p50 (ms; ratio = quartet/peer) | $pg_fts | LIKE '%term%' scan $pg_like | $(ratio "$pg_fts" "$pg_like")"
    echo "postgres vs sqlite search p50 (ms; peer = Quartet on SQLite) | $pg_fts | sqlite $fts | $(ratio "$pg_fts" "$fts")"
else
    echo "postgres | not measured (no PostgreSQL binaries or the server failed) | | "
fi
