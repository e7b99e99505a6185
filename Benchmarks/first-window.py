#!/usr/bin/env python3
"""How soon `tactile run` shows its window: starts it on the demo under the X display in $DISPLAY
(Xvfb), with $NOTIFY_SOCKET on a socket of its own, and waits for systemd's READY=1, which
Tactile sends when its first picture is on screen; then stops it (SIGTERM) and waits for it.

  Benchmarks/first-window.py cold   # a fresh cache: the demo's media are not made yet (a first start)
  Benchmarks/first-window.py warm   # the cache below, made once before: a warm start
  Benchmarks/first-window.py compare [RUNS]   # both in turn, RUNS times each (default 7): medians and their ratio

Prints the seconds from starting the process to READY=1. Used by Scripts/bench start, which
times the whole of it for both, side by side (Docs/Benchmarks.md, "The first start")."""
import os, shutil, signal, socket, subprocess, sys, tempfile, time

kind = sys.argv[1] if len(sys.argv) > 1 else "warm"
if kind == "compare":
    import statistics
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    me = os.path.abspath(__file__)
    times = {"cold": [], "warm": []}
    for _ in range(runs):
        for k in ("cold", "warm"):
            out = subprocess.run([sys.executable, me, k], capture_output=True, text=True, check=True).stdout
            times[k].append(float(out.split("after ")[1].split(" s")[0]))
    cold, warm = statistics.median(times["cold"]), statistics.median(times["warm"])
    print(f"window ready, median of {runs}: first start {cold:.3f} s, warm start {warm:.3f} s, ratio {cold / warm:.2f}")
    sys.exit(0)
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.environ.get("TACTILE", os.path.join(root, ".build/release/tactile"))
warm_cache = os.path.join(tempfile.gettempdir(), "tactile-first-window-warm")
if kind == "warm" and not os.path.isdir(os.path.join(warm_cache, "tactile")):
    # Made once, whole, the way a first start would finish: a snapshot makes them before it draws.
    subprocess.run([os.environ.get("TACTILE", os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build/release/tactile")),
                    "snapshot", "--out", os.devnull], env=dict(os.environ, XDG_CACHE_HOME=warm_cache, SDL_VIDEODRIVER="dummy"),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
work = tempfile.mkdtemp(prefix="tactile-first-window-")
cache = warm_cache
if kind == "cold":
    # The machine's own caches as a warm start has them (fonts, shaders), but none of Tactile's: a
    # first start of Tactile, not of the machine.
    cache = os.path.join(work, "cache")
    shutil.copytree(warm_cache, cache, ignore=lambda folder, names: ["tactile"] if folder == warm_cache else [])
sock_path = os.path.join(work, "notify.sock")
server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
server.bind(sock_path)
server.settimeout(60)
env = dict(os.environ, XDG_CACHE_HOME=cache, XDG_DATA_HOME=os.path.join(work, "data"), NOTIFY_SOCKET=sock_path,
           SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"), SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "x11"))
start = time.monotonic()
app = subprocess.Popen([binary, "run", "--device", "fill", "--size", "390x844", "--scale", "1"], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
ready = None
try:
    while ready is None:
        message = server.recv(4096).decode(errors="replace")
        if "READY=1" in message:
            ready = time.monotonic() - start
finally:
    app.send_signal(signal.SIGTERM)
    app.wait(timeout=60)
    server.close()
    shutil.rmtree(work, ignore_errors=True)
print(f"{kind}: window ready after {ready:.3f} s")
