#!/usr/bin/env python3
"""The crate root of sponson-codes lists at most 30 names (modules, macros,
types, traits, functions, derives), every cargo feature on: what users call
is there, and everything else lives in a module.

Reads the docs `cargo doc` wrote (run it first, as .ci/run does).

    python3 scripts/check_root_names.py
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT = 30


def main():
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    index = os.path.join(target, "doc", "sponson_codes", "index.html")
    with open(index) as f:
        html = f.read()
    names = re.findall(r'<dt><a class="(\w+)" href="([^"]+)"', html)
    print(f"{len(names)} names at the crate root (at most {LIMIT}):")
    for kind, href in names:
        print(f"  {kind:7} {href.split('/')[0].removesuffix('.html').split('.')[-1]}")
    if len(names) > LIMIT:
        sys.exit(f"the crate root lists {len(names)} names, more than {LIMIT}: move some into a module")


if __name__ == "__main__":
    main()
