"""The benchmark scripts' smoke mode (`--smoke`): the smallest sizes, one
round, no time checked. `.ci/run` runs every script that way so none of them
stops working as the library changes; their figures are measured without it.

Smoke runs build into one target dir, `<target dir>/smoke/target` (the
workspace's target dir: $CARGO_TARGET_DIR, else target/), and generate their
crates under `<target dir>/smoke/<script>`, at the same paths every run and
rewritten only when their text changes, so a second run is incremental.
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def home():
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
    return os.path.join(os.path.abspath(target), "smoke")


def target():
    """The cargo target dir every smoke build shares."""
    return os.path.join(home(), "target")


def workdir(name):
    """Where a script's smoke run generates its crates: the same path every run."""
    path = os.path.join(home(), name)
    os.makedirs(path, exist_ok=True)
    return path


def write(path, text):
    """Writes `text` unless the file holds it already: cargo rebuilds a crate
    whose sources are newer than its last build, even with the same text."""
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
