#!/usr/bin/env python3
"""The published crates as cargo packages them: what they ship, and that they build.

1. `cargo package --list -p CRATE` for every crate of scripts/package_files.txt
   is what that file allows: each required file there, nothing forbidden,
   nothing unlisted.
2. The license texts in each package directory are the root's, byte for byte
   (cargo packages only files under the package directory, so each keeps a copy).
3. `cargo package` builds every crate from its tarball, offline, against the
   registry cache. The crates are packaged in one command, so the runtime is
   verified against the derive's tarball (cargo's temporary local registry),
   not a published version. Each tarball's manifest then names a readme and
   license files that are in the tarball.

    python3 scripts/check_package.py
    python3 scripts/check_package.py --no-verify   # 1 and 2 only
"""

import argparse
import fnmatch
import json
import os
import subprocess
import sys
import tarfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOWLIST = os.path.join(ROOT, "scripts", "package_files.txt")
LICENSES = ["LICENSE-APACHE", "LICENSE-MIT"]


def read_allowlist(path):
    """{crate: [(kind, pattern)]}, in the file's order."""
    crates, current = {}, None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("[") and line.endswith("]"):
                current = crates.setdefault(line[1:-1], [])
            elif current is None:
                raise SystemExit("%s:%d: a line before any [crate]" % (path, n))
            elif line[0] in "!?":
                current.append((line[0], line[1:]))
            else:
                current.append(("*" if "*" in line else "=", line))
    return crates


def check_list(crate, rules, files):
    problems = []
    allowed = [p for kind, p in rules if kind in "=*?"]
    for name in files:
        denied = [p for kind, p in rules if kind == "!" and fnmatch.fnmatchcase(name, p)]
        if denied:
            problems.append("%s: %s is packaged but matches !%s" % (crate, name, denied[0]))
        elif not any(fnmatch.fnmatchcase(name, p) for p in allowed):
            problems.append("%s: %s is packaged but not in the allowlist" % (crate, name))
    for kind, pattern in rules:
        if kind == "=" and pattern not in files:
            problems.append("%s: %s is missing from the package" % (crate, pattern))
        if kind == "*" and not any(fnmatch.fnmatchcase(name, pattern) for name in files):
            problems.append("%s: nothing packaged matches %s" % (crate, pattern))
    return problems


def contents(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None


def cargo(args):
    proc = subprocess.run(["cargo"] + args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit("cargo %s failed (exit %d)" % (" ".join(args), proc.returncode))
    return proc.stdout


def check_tarball(path):
    """The packaged manifest's readme and license files are in the tarball."""
    problems = []
    with tarfile.open(path) as tar:
        top = os.path.basename(path)[: -len(".crate")]
        names = {m.name[len(top) + 1 :] for m in tar.getmembers() if m.isfile()}
        manifest = tomllib.loads(tar.extractfile(top + "/Cargo.toml").read().decode())
    package = manifest["package"]
    # cargo writes `readme = false` when a package has none.
    if not isinstance(package.get("readme"), str):
        problems.append("%s: its manifest names no readme" % top)
    for key in ("readme", "license-file"):
        if isinstance(package.get(key), str) and package[key] not in names:
            problems.append("%s: its manifest's %s %s is not in it" % (top, key, package[key]))
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-verify", action="store_true", help="skip building the crates from their tarballs")
    args = parser.parse_args()
    rules = read_allowlist(ALLOWLIST)
    meta = json.loads(cargo(["metadata", "--offline", "--no-deps", "--format-version", "1"]))
    packages = {p["name"]: p for p in meta["packages"]}
    problems = []
    for crate, crate_rules in rules.items():
        if crate not in packages:
            problems.append("%s: no such package in the workspace" % crate)
            continue
        files = cargo(["package", "--offline", "--allow-dirty", "--list", "-p", crate]).split()
        problems += check_list(crate, crate_rules, files)
        directory = os.path.dirname(packages[crate]["manifest_path"])
        for name in LICENSES:
            copy = os.path.join(directory, name)
            if contents(copy) != contents(os.path.join(ROOT, name)):
                problems.append("%s: %s is not the root's %s" % (crate, os.path.relpath(copy, ROOT), name))
        print("%s: %d files packaged" % (crate, len(files)), flush=True)
    if problems:
        raise SystemExit("\n".join(problems))
    if args.no_verify:
        return
    # `--allow-dirty`: the check runs before a commit too, on the working tree.
    selected = [a for crate in rules for a in ("-p", crate)]
    cargo(["package", "--offline", "--allow-dirty"] + selected)
    for crate in rules:
        tarball = os.path.join(
            meta["target_directory"], "package", "%s-%s.crate" % (crate, packages[crate]["version"])
        )
        problems += check_tarball(tarball)
    if problems:
        raise SystemExit("\n".join(problems))
    print("built from their tarballs: %s" % ", ".join(rules))


if __name__ == "__main__":
    main()
