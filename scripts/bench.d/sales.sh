#!/usr/bin/env bash
# Sales: a 25 MB attachment uploaded as base64 JSON to the Salesforce dev server and its Body downloaded,
# beside nginx receiving the same request body and serving the same bytes (curl drives both, 5 runs each,
# median); the dev server's peak memory growth; and a photo of about 37 MB shrunk under 25 MB beside Pillow.
set -euo pipefail
cd "$(dirname "$0")/../.."
BENCH_BIN="${BENCH_BIN:-$PWD/.build/release/quartet-bench}"
RUNS="${SALES_BENCH_RUNS:-5}"
for tool in nginx curl python3; do
    command -v "$tool" >/dev/null || { echo "sales bench: $tool is not installed" >&2; exit 1; }
done
[ -x "$BENCH_BIN" ] || { echo "sales bench: $BENCH_BIN missing (build release first)" >&2; exit 1; }
python3 -c 'import PIL' 2>/dev/null || { echo "sales bench: Pillow missing (pip install pillow)" >&2; exit 1; }

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
        python3 -c "import socket; socket.create_connection(('127.0.0.1',$1),0.2)" 2>/dev/null && return 0
        sleep 0.05
    done
    echo "sales bench: nothing listening on $1" >&2
    return 1
}
kib() { awk -v k="$1" '$1 == k":" { print $2 }' "/proc/$2/status"; }
median() { python3 -c 'import sys, statistics; print(statistics.median(float(x) for x in sys.argv[1:]))' "$@"; }

account=001Q000000Demo1IAB
bytes=25000000
mkdir -p "$work/www/store" "$work/logs" "$work/db"
chmod 777 "$work/www/store"
chmod 755 "$work" "$work/www"
"$BENCH_BIN" sales body "$bytes" "$account" "$work/body.json" "$work/www/body.bin"
body_size=$(stat -c %s "$work/body.json")

quartet_port="$(free_port)"
nginx_port="$(free_port)"
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
error_log $work/logs/error.log warn;
pid $work/nginx.pid;
events { worker_connections 64; }
http {
    access_log off;
    sendfile on;
    client_body_temp_path $work/tmp_body;
    proxy_temp_path $work/tmp_proxy;
    fastcgi_temp_path $work/tmp_fastcgi;
    uwsgi_temp_path $work/tmp_uwsgi;
    scgi_temp_path $work/tmp_scgi;
    server {
        listen 127.0.0.1:$nginx_port;
        root $work/www;
        client_max_body_size 64m;
        location = /upload { return 201 '{"id":"x","success":true,"errors":[]}'; }
        location /store/ { dav_methods PUT; create_full_put_path on; }
    }
}
CONF

"$BENCH_BIN" sales serve "$quartet_port" "$work/db" 2>"$work/logs/quartet.log" &
quartet_pid=$!
nginx -p "$work" -c "$work/nginx.conf" -e "$work/logs/error.log"
nginx_started=1
wait_for "$quartet_port"
wait_for "$nginx_port"

token=$(curl -s -d "grant_type=password&client_id=bench&username=rep%40quartet.dev&password=quartet-sales" \
    "http://127.0.0.1:$quartet_port/services/oauth2/token" | python3 -c 'import json,sys; print(json.load(sys.stdin)["access_token"])')
rss_before=$(kib VmRSS "$quartet_pid")

upload() {  # url -> seconds
    curl -s -o "$work/upload.out" -w '%{http_code} %{time_total}\n' -H "Authorization: Bearer $token" \
        -H 'Content-Type: application/json' --data-binary @"$work/body.json" "$1" >"$work/upload.status"
    read -r code seconds <"$work/upload.status"
    [ "$code" = 201 ] || { echo "sales bench: upload to $1 answered $code: $(head -c 300 "$work/upload.out")" >&2; exit 1; }
    echo "$seconds"
}
download() {  # url -> seconds (checks the bytes)
    curl -s -o "$work/download.bin" -w '%{time_total}\n' -H "Authorization: Bearer $token" "$1"
    cmp -s "$work/download.bin" "$work/www/body.bin" || { echo "sales bench: $1 served other bytes" >&2; exit 1; }
}

store() {  # n -> seconds: nginx writing the same body to a file (WebDAV PUT), as the dev server persists it
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -T "$work/body.json" \
        "http://127.0.0.1:$nginx_port/store/body-$1.json" >"$work/store.status"
    read -r code seconds <"$work/store.status"
    [ "$code" = 201 ] || { echo "sales bench: nginx PUT answered $code" >&2; exit 1; }
    echo "$seconds"
}

q_up=(); n_up=(); n_store=(); q_down=(); n_down=()
for run in $(seq "$RUNS"); do
    q_up+=("$(upload "http://127.0.0.1:$quartet_port/services/data/v32.0/sobjects/Attachment")")
    n_up+=("$(upload "http://127.0.0.1:$nginx_port/upload")")
    n_store+=("$(store "$run")")
done
attachment=$(curl -s -H "Authorization: Bearer $token" -H 'Content-Type: application/json' --data-binary @"$work/body.json" \
    "http://127.0.0.1:$quartet_port/services/data/v32.0/sobjects/Attachment" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
for _ in $(seq "$RUNS"); do
    q_down+=("$(download "http://127.0.0.1:$quartet_port/services/data/v32.0/sobjects/Attachment/$attachment/Body")")
    n_down+=("$(download "http://127.0.0.1:$nginx_port/body.bin")")
done
peak=$(kib VmHWM "$quartet_pid")

"$BENCH_BIN" sales photo "$work/photo.jpg"
read -r q_ms q_bytes q_w q_h < <("$BENCH_BIN" sales shrink "$work/photo.jpg" "$work/quartet-small.jpg")
read -r p_ms p_bytes p_w p_h < <(python3 - "$work/photo.jpg" "$work/pillow-small.jpg" <<'PY'
import io, sys, time
from PIL import Image
source, target = sys.argv[1:]
data = open(source, "rb").read()
limit = 25 * 1024 * 1024
start = time.perf_counter()
# The same loop as the Quartet side: quality 85 at full size, then scale the area by the overshoot.
with Image.open(io.BytesIO(data)) as probe:
    width, height = probe.size
scale, quality, result, size = 1.0, 85, data, (width, height)
while len(result) >= limit:
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    image = Image.open(io.BytesIO(data))
    image.draft("RGB", size)  # DCT scaling, as libjpeg-turbo's scaling factors
    image = image.convert("RGB")
    if image.size != size:
        image = image.resize(size, Image.BOX)
    out = io.BytesIO()
    image.save(out, "JPEG", quality=quality, subsampling="4:2:0")
    result = out.getvalue()
    scale *= min(0.9, (limit * 0.9 / len(result)) ** 0.5)
    quality = max(60, quality - 5)
elapsed = (time.perf_counter() - start) * 1000
open(target, "wb").write(result)
print(f"{elapsed:.1f} {len(result)} {size[0]} {size[1]}")
PY
)
photo_size=$(stat -c %s "$work/photo.jpg")

python3 - "$body_size" "$bytes" "$(median "${q_up[@]}")" "$(median "${n_up[@]}")" "$(median "${q_down[@]}")" \
    "$(median "${n_down[@]}")" "$rss_before" "$peak" "$photo_size" "$q_ms" "$q_bytes" "$q_w" "$q_h" "$p_ms" "$p_bytes" \
    "$p_w" "$p_h" "$(median "${n_store[@]}")" <<'PY'
import sys
(body, raw, q_up, n_up, q_down, n_down, rss, peak, photo, q_ms, q_bytes, q_w, q_h, p_ms, p_bytes, p_w, p_h,
 n_store) = map(float, sys.argv[1:])
mb = 1e6
print("figure | quartet | peer | ratio")
print(f"sales 25 MB attachment upload, base64 JSON MB/s (peer: nginx receiving the same body) | "
      f"{body / q_up / mb:.0f} | {body / n_up / mb:.0f} | {(body / q_up) / (body / n_up):.2f}")
print(f"sales 25 MB attachment upload MB/s (peer: nginx storing the same body to a file, WebDAV PUT) | "
      f"{body / q_up / mb:.0f} | {body / n_store / mb:.0f} | {(body / q_up) / (body / n_store):.2f}")
print(f"sales attachment Body download MB/s (peer: nginx serving the same bytes) | "
      f"{raw / q_down / mb:.0f} | {raw / n_down / mb:.0f} | {(raw / q_down) / (raw / n_down):.2f}")
growth = (peak - rss) * 1024
print(f"sales dev server peak memory growth MB (÷ the {body / mb:.0f} MB request body; target ≤ 3) | "
      f"{growth / mb:.0f} | {body / mb:.0f} | {growth / body:.2f}")
print(f"sales shrink {photo / mb:.0f} MB photo under 25 MiB, ms (peer: Pillow; ratio = Pillow ÷ Quartet) | "
      f"{q_ms:.0f} ({q_bytes / mb:.1f} MB, {q_w:.0f}×{q_h:.0f}) | {p_ms:.0f} ({p_bytes / mb:.1f} MB, {p_w:.0f}×{p_h:.0f}) | "
      f"{p_ms / q_ms:.2f}")
PY
