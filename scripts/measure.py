"""What the benchmark scripts share to time builds: a cargo run's wall and
CPU seconds, and the machine's load to print beside them."""

import os
import subprocess
import sys
import time


def cargo(cwd, target, args):
    """Runs `cargo ARGS` in `cwd` into the target dir `target`, incremental
    compilation off; returns its wall seconds and CPU seconds (user + sys of
    cargo and every compiler it ran). A failed build prints cargo's stderr
    and stops the script."""
    env = dict(os.environ, CARGO_TARGET_DIR=target, CARGO_INCREMENTAL="0", CARGO_TERM_COLOR="never")
    before = os.times()
    start = time.perf_counter()
    proc = subprocess.run(["cargo"] + args, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = os.times()
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr)
        raise SystemExit("cargo %s failed" % " ".join(args))
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return wall, cpu


def load():
    """The 1, 5 and 15-minute load averages, or `?` where /proc has none."""
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"
