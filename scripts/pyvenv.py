"""A Python virtual environment outside the clone, installed on first use
from a pinned requirements file and reused by later runs on the machine.

    from pyvenv import venv, rerun_in
    python = venv(os.path.join(ROOT, "tests", "servers", "requirements.txt"), "servers")
    rerun_in(python)   # a script that imports the environment's packages

It lives in $SPONSON_CODES_TOOLS/<name>-<hash of the pins>, else
~/.cache/sponson-codes/<name>-<hash of the pins>: a change of a pin is a new
directory, never a stale one.
"""

import hashlib
import os
import shutil
import subprocess
import sys
import time


def venv(requirements, name):
    """The environment's `python`, installed from `requirements` when missing."""
    with open(requirements, "rb") as f:
        pins = hashlib.sha256(f.read()).hexdigest()[:12]
    base = os.environ.get(
        "SPONSON_CODES_TOOLS", os.path.join(os.path.expanduser("~"), ".cache", "sponson-codes")
    )
    home = os.path.join(base, f"{name}-{pins}")
    python = os.path.join(home, "bin", "python")
    marker = os.path.join(home, "installed")
    if os.path.exists(marker):
        return python
    # The marker is written last: an interrupted install is never taken for
    # a finished one, and the next run starts it again.
    started = time.monotonic()
    shutil.rmtree(home, ignore_errors=True)
    quiet = {"stdout": subprocess.DEVNULL}
    subprocess.run([sys.executable, "-m", "venv", home], check=True, **quiet)
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r", requirements],
        check=True,
        **quiet,
    )
    with open(marker, "w") as f:
        f.write("ok\n")
    print(f"installed {requirements} into {home} in {time.monotonic() - started:.0f} s", file=sys.stderr)
    return python


def rerun_in(python):
    """Runs the calling script again under `python` (an environment's),
    with the same arguments, unless it already runs there."""
    home = os.path.dirname(os.path.dirname(python))
    if os.path.realpath(sys.prefix) != os.path.realpath(home):
        sys.stdout.flush()
        os.execv(python, [python, os.path.abspath(sys.argv[0]), *sys.argv[1:]])
