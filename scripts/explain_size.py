#!/usr/bin/env python3
"""What a table of explained codes adds to a release binary.

Generates a package whose library declares N codes with
`#[codes(explain_dir = "errors")]` (one markdown file per code, each holding a
unique marker) and whose binary looks a code up from its argument and prints
its explanation through the inherent `explain()` and the registry: the
explanations are read from another crate than the one that declares them, as
in every program that keeps its codes in its library. Builds it in release
with the runtime's `explain` feature and without it (`default-features =
false` both times), and prints the sizes, the text's size, and how often each
marker is in each binary.

    python3 scripts/explain_size.py                  # 512 codes, this checkout
    python3 scripts/explain_size.py --source DIR     # a checkout other than this one
    python3 scripts/explain_size.py --smoke          # 4 codes, a debug build, warm, in target/smoke (CI)
"""

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import smoke  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The runtime's features of the two builds, default features off in both;
# the registry lists the enums the program prints.
BUILDS = [("with explain", ["registry", "explain"]), ("without explain", ["registry"])]


def code(i):
    return f"E{i:04}"


def explanation(i):
    c = code(i)
    return (
        f"MARKER-{c}-START A value was used in a way that code {c} forbids.\n\n"
        f"Erroneous code example:\n\n```compile_fail,{c}\n"
        f'let x: u32 = "not a number {i}";\n```\n\n# Why\n\n'
        + (
            "The compiler cannot prove that the value lives long enough; this "
            f"paragraph is long enough to wrap, and names `{c}` in *emphasis*.\n"
        )
        * 5
        + f"\n## Fixing it\n\n```rust\nloop {{}}\n```\n\nParagraph {i} ends here.\n"
    )


def generate(package, source, codes):
    text = 0
    for i in range(1, codes + 1):
        body = explanation(i)
        text += len(body.strip().encode())
        smoke.write(os.path.join(package, "errors", f"{code(i)}.md"), body)
    variants = "".join(
        f'    #[code(exit = 2, name = "{code(i)}", doc = "Code {code(i)}.")]\n    C{i:04},\n'
        for i in range(1, codes + 1)
    )
    smoke.write(
        os.path.join(package, "src", "lib.rs"),
        (
            "//! The codes.\nuse sponson_codes::ErrorCodes;\n\n"
            "#[derive(Debug, Clone, Copy, PartialEq, Eq, ErrorCodes)]\n"
            '#[codes(explain_dir = "errors")]\npub enum Code {\n'
            f"{variants}"
            '    #[code(exit = 1, doc = "An unexpected error.", fallback)]\n    Internal,\n}\n'
        ),
    )
    smoke.write(
        os.path.join(package, "src", "main.rs"),
        (
            "use size::Code;\n\nfn main() {\n"
            "    let arg = std::env::args().nth(1).unwrap_or_default();\n"
            "    if let Some(c) = Code::from_code(&arg) {\n"
            '        println!("{}", c.explain());\n    }\n'
            "    for e in sponson_codes::registry::registered() {\n"
            '        println!("{}", e.table.len());\n    }\n}\n'
        ),
    )
    # The versions of the workspace's outside crate, so nothing is fetched.
    with open(os.path.join(source, "tests", "outside", "Cargo.lock")) as f:
        smoke.write(os.path.join(package, "Cargo.lock"), f.read())
    return text


def build(package, target, source, features, release):
    runtime = json.dumps(os.path.join(source, "sponson-codes"))
    smoke.write(
        os.path.join(package, "Cargo.toml"),
        '[package]\nname = "size"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n'
        "[workspace]\n\n[dependencies]\n"
        f"sponson-codes = {{ path = {runtime}, default-features = false, features = {json.dumps(features)} }}\n",
    )
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    env.pop("RUSTFLAGS", None)
    subprocess.run(
        ["cargo", "build", "--quiet", "--offline", "--bin", "size"] + (["--release"] if release else []),
        cwd=package,
        env=env,
        check=True,
    )
    with open(os.path.join(target, "release" if release else "debug", "size"), "rb") as f:
        return f.read()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", default=ROOT, help="the checkout to measure")
    parser.add_argument("--codes", type=int, default=512)
    parser.add_argument("--smoke", action="store_true", help="4 codes, debug, warm, in target/smoke (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.codes = 4
    source = os.path.abspath(args.source)
    with tempfile.TemporaryDirectory(prefix="sponson-explain-size-") as tmp:
        # A smoke run keeps its package and builds where the next one finds them.
        package = os.path.join(smoke.workdir("explain_size") if args.smoke else tmp, "size")
        text = generate(package, source, args.codes)
        target = smoke.target() if args.smoke else os.path.join(tmp, "target")
        sizes = {}
        for name, features in BUILDS:
            # A smoke run checks the markers in a debug build: the text is
            # there or not by feature, whatever the profile, and a release
            # build of the runtime is most of the script's time in CI.
            binary = build(package, target, source, features, release=not args.smoke)
            counts = collections.Counter(
                binary.count(f"MARKER-{code(i)}-START".encode())
                for i in range(1, args.codes + 1)
            )
            sizes[name] = len(binary)
            shown = ", ".join(f"{n} time(s): {k} codes" for n, k in sorted(counts.items()))
            print(f"{name}: {len(binary):,} bytes; each marker found {shown}")
        added = sizes["with explain"] - sizes["without explain"]
        print(f"text: {text:,} bytes; explanations add {added:,} bytes ({added / text:.2f}x the text)")


if __name__ == "__main__":
    main()
