"""Starts `quartet serve` for the test scripts (crash-soak, contract, idle-soak); standard library only.

The server picks its own port (`--port 0`) and this reads the one it says it listens on. A port picked here and
handed over could be taken by another script's server in between (crash-soak restarts hundreds of times, and
make soak's engines may run side by side); the script would then talk to the wrong server, and see every write
of its own as lost.
"""

import json
import re
import select
import subprocess
import time
import urllib.request

LISTENING = re.compile(r"listening on http://[^ ]+:(\d+)")


def start(binary, data_dir, database=None, name="quartet", timeout=120):
    """(process, port) of a server on `data_dir` (and `database`, when given), once it answers /health."""
    arguments = [binary, "serve", "--port", "0", "--data-dir", data_dir, "--quiet", "--rate-limit", "0"]
    if database:
        arguments += ["--database", database]
    process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + timeout

    def fail(reason):
        if process.poll() is None:
            process.kill()
        process.wait()
        raise SystemExit(f"{name}: {reason}:\n" + process.stderr.read().decode(errors="replace"))

    line = b""
    while not line.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([process.stdout], [], [], remaining)[0]:
            fail("the server did not say where it listens")
        chunk = process.stdout.read1(256)
        if not chunk:
            fail("the server exited on start")
        line += chunk
    match = LISTENING.search(line.decode(errors="replace"))
    if not match:
        fail(f"the server said {line!r}")
    port = int(match.group(1))
    while time.monotonic() < deadline:
        if process.poll() is not None:
            fail("the server exited on start")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
                if response.status == 200 and json.loads(response.read()).get("status"):
                    return process, port
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    fail("the server did not answer /health")
