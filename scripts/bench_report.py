#!/usr/bin/env python3
"""Tables and the plot of the criterion results of `cargo bench -p sponson-codes-benches`.

Reads the medians criterion wrote under `<target dir>/criterion` (the target
dir is $CARGO_TARGET_DIR, else ./target), prints markdown tables of the time
of one operation (the benchmark's median divided by the number of inputs of
one iteration) with the ratios the targets are stated in, and writes the plot
of lookup time against the number of codes, `docs/benchmarks.svg`
(matplotlib: `pip install matplotlib`; pass --no-plot to skip it).

    python3 scripts/bench_report.py
    python3 scripts/bench_report.py --target /work/target-bench --svg docs/benchmarks.svg
    python3 scripts/bench_report.py --smoke   # runs the benches briefly first (CI), see smoke_run

The report reads the figures by the benches' names; --smoke fails when one of
them is missing, so a renamed bench cannot leave a table silently empty.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import smoke  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = [5, 10, 20, 50, 100, 1000, 10000]
LOOKUP_METHODS = [
    ("sponson", "sponson-codes `from_code`"),
    ("phf", "`phf` map"),
    ("match", "`match` on strings (strum `EnumString`)"),
    ("hashmap", "`HashMap` (std hasher)"),
]
# Smoke runs: criterion's arguments (quick mode, which any spread satisfies:
# about 0.1 s a benchmark; few resamples) and each bench target's filter (the
# smallest size of the codes).
SMOKE_ARGS = ["--bench", "--quick", "--significance-level", "0.99", "--noplot", "--nresamples", "1000"]
SMOKE_FILTERS = {"codes": ["/%d$" % SIZES[0]]}


def read(criterion, group, function, value=None):
    """Median nanoseconds of one operation, or None when not measured."""
    path = os.path.join(criterion, group, function)
    if value is not None:
        path = os.path.join(path, str(value))
    try:
        with open(os.path.join(path, "new", "estimates.json")) as f:
            median = json.load(f)["median"]["point_estimate"]
        with open(os.path.join(path, "new", "benchmark.json")) as f:
            throughput = json.load(f).get("throughput") or {}
    except (OSError, KeyError, ValueError):
        return None
    elements = throughput.get("Elements") or 1
    return median / elements


def fmt(ns):
    if ns is None:
        return "–"
    if ns >= 1e6:
        return "%.2f ms" % (ns / 1e6)
    if ns >= 1e3:
        return "%.2f µs" % (ns / 1e3)
    if ns < 10:
        return "%.2f ns" % ns
    return "%.1f ns" % ns


def ratio(a, b):
    if a is None or b is None:
        return "–"
    return "%.2f×" % (a / b)


def lookup_table(criterion, group):
    rows = ["| codes | " + " | ".join(label for _, label in LOOKUP_METHODS) + " | vs phf | vs match | vs HashMap | vs the fastest peer |"]
    rows.append("| ---: |" + " ---: |" * (len(LOOKUP_METHODS) + 4))
    data = {}
    for n in SIZES:
        values = {m: read(criterion, group, m, n) for m, _ in LOOKUP_METHODS}
        data[n] = values
        ours = values["sponson"]
        if ours is None:
            continue
        peers = [values[m] for m in ("phf", "match", "hashmap") if values[m] is not None]
        fastest = min(peers) if peers else None
        rows.append(
            "| %d | %s | %s | %s | %s | %s |"
            % (
                n,
                " | ".join(fmt(values[m]) for m, _ in LOOKUP_METHODS),
                ratio(ours, values["phf"]),
                ratio(ours, values["match"]),
                ratio(ours, values["hashmap"]),
                ratio(ours, fastest),
            )
        )
    return "\n".join(rows), data


def pair_table(criterion, group, ours, peer, ours_label, peer_label):
    rows = ["| codes | %s | %s | ratio |" % (ours_label, peer_label), "| ---: | ---: | ---: | ---: |"]
    for n in SIZES:
        a, b = read(criterion, group, ours, n), read(criterion, group, peer, n)
        if a is None and b is None:
            continue
        rows.append("| %d | %s | %s | %s |" % (n, fmt(a), fmt(b), ratio(a, b)))
    return "\n".join(rows)


def plot(data_hit, data_miss, data_de, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Text stays text, and no timestamp: the file changes only when the numbers do.
    plt.rcParams["svg.fonttype"] = "none"
    plt.rcParams["svg.hashsalt"] = "sponson-codes"

    fig, axes = plt.subplots(1, 3, figsize=(15, 4.8), sharey=True)
    styles = {"sponson": "o-", "phf": "s--", "match": "^-.", "hashmap": "d:", "serde_derive": "^-."}
    for ax, title, data, methods in (
        (axes[0], "from_code, hits", data_hit, LOOKUP_METHODS),
        (axes[1], "from_code, misses", data_miss, LOOKUP_METHODS),
        (
            axes[2],
            "Deserialize a code (serde_json)",
            data_de,
            [("sponson", "sponson-codes derive"), ("serde_derive", "serde_derive")],
        ),
    ):
        for method, label in methods:
            xs = [n for n in SIZES if data[n].get(method) is not None]
            ys = [data[n][method] for n in xs]
            if xs:
                ax.plot(xs, ys, styles.get(method, "o-"), label=label.replace("`", ""))
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xticks(SIZES)
        ax.set_xticklabels([str(n) for n in SIZES], fontsize=8)
        ax.set_xlabel("number of codes")
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    axes[0].set_ylabel("time per lookup (ns, median)")
    fig.tight_layout()
    fig.savefig(path, metadata={"Date": None} if path.endswith(".svg") else None)
    print("wrote", os.path.relpath(path, ROOT), file=sys.stderr)


def smoke_run():
    """Runs every bench target of the bench crate once, briefly, at the
    smallest size, from the test-profile build `.ci/run` already made
    (`cargo test --workspace --benches --no-run`), into a criterion dir of
    its own: real results in target/criterion are never touched. Returns the
    target dir holding that criterion dir."""
    home = os.path.join(smoke.home(), "bench_report")
    criterion = os.path.join(home, "criterion")
    shutil.rmtree(criterion, ignore_errors=True)
    build = subprocess.run(
        ["cargo", "test", "--workspace", "--benches", "--no-run", "--message-format=json"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        check=True,
    )
    manifest = os.path.join(ROOT, "benches", "Cargo.toml")
    benches = {}
    for line in build.stdout.splitlines():
        message = json.loads(line)
        if (
            message.get("reason") == "compiler-artifact"
            and message.get("executable")
            and message["target"]["kind"] == ["bench"]
            and os.path.samefile(message["manifest_path"], manifest)
        ):
            benches[message["target"]["name"]] = message["executable"]
    if not benches:
        raise SystemExit("cargo built no bench target of %s" % manifest)
    for name in sorted(benches):
        args = [benches[name]] + SMOKE_ARGS + SMOKE_FILTERS.get(name, [])
        env = dict(os.environ, CRITERION_HOME=criterion)
        proc = subprocess.run(
            args, cwd=os.path.dirname(manifest), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        if proc.returncode != 0:
            sys.stderr.write(proc.stdout)
            raise SystemExit("bench %s failed (exit %d)" % (name, proc.returncode))
        print("bench %s: ran" % name, file=sys.stderr)
    return home


def smoke_missing(criterion):
    """The figures of the smallest size the report finds no result for."""
    n = SIZES[0]
    wanted = [("from_code_hit", m, n) for m, _ in LOOKUP_METHODS]
    wanted += [("from_code_miss", m, n) for m, _ in LOOKUP_METHODS]
    wanted += [("deserialize", m, n) for m in ("sponson", "serde_derive")]
    wanted += [(g, m, n) for g in ("code", "exit_code") for m in ("sponson", "hand_match")]
    wanted += [(g, m, None) for g in ("envelope", "envelope_build") for m in ("sponson", "derived_struct")]
    wanted.append(("render_markdown", "1000", None))
    return ["/".join(str(p) for p in w if p is not None) for w in wanted if read(criterion, *w) is None]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
    parser.add_argument("--target", default=target, help="cargo target dir holding criterion/ (default: %(default)s)")
    parser.add_argument("--svg", default=os.path.join(ROOT, "docs", "benchmarks.svg"), help="plot path")
    parser.add_argument("--no-plot", action="store_true", help="print the tables only")
    parser.add_argument("--smoke", action="store_true", help="run the benches briefly first, report on that (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.target = smoke_run()
        args.svg = os.path.join(args.target, "benchmarks.svg")
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            print("no matplotlib: the plot is not drawn", file=sys.stderr)
            args.no_plot = True
    criterion = os.path.join(args.target, "criterion")
    if not os.path.isdir(criterion):
        raise SystemExit("no criterion results in %s: run cargo bench -p sponson-codes-benches first" % criterion)

    print("### 1. `from_code`, hits (time per lookup)\n")
    table, data_hit = lookup_table(criterion, "from_code_hit")
    print(table)
    print("\n### 1. `from_code`, misses (time per lookup)\n")
    table, data_miss = lookup_table(criterion, "from_code_miss")
    print(table)
    print("\n### 2. Deserializing a code with serde_json (time per value)\n")
    print(pair_table(criterion, "deserialize", "sponson", "serde_derive", "sponson-codes", "serde_derive"))
    data_de = {n: {m: read(criterion, "deserialize", m, n) for m in ("sponson", "serde_derive")} for n in SIZES}
    print("\n### 3. `code()` (time per call)\n")
    print(pair_table(criterion, "code", "sponson", "hand_match", "sponson-codes", "hand-written `match`"))
    print("\n### 3. `exit_code()` (time per call)\n")
    print(pair_table(criterion, "exit_code", "sponson", "hand_match", "sponson-codes", "hand-written `match`"))

    envelope = [(f, read(criterion, "envelope", f)) for f in ("sponson", "derived_struct")]
    if any(v is not None for _, v in envelope):
        print("\n### 4. Serializing an error envelope with three details to a `Vec<u8>`\n")
        print("| sponson-codes `Envelope` | `#[derive(Serialize)]` struct | ratio |\n| ---: | ---: | ---: |")
        print("| %s | %s | %s |" % (fmt(envelope[0][1]), fmt(envelope[1][1]), ratio(envelope[0][1], envelope[1][1])))
        built = [read(criterion, "envelope_build", f) for f in ("sponson", "derived_struct")]
        print("\nBuilding the envelope from the error, then serializing it:\n")
        print("| sponson-codes `Envelope::from_result` | the struct built by hand | ratio |\n| ---: | ---: | ---: |")
        print("| %s | %s | %s |" % (fmt(built[0]), fmt(built[1]), ratio(built[0], built[1])))
    for n in (10000, 1000):
        markdown = read(criterion, "render_markdown", str(n))
        if markdown is not None:
            print("\n### 5. Rendering the markdown docs of %d codes\n" % n)
            print("| `render_markdown` |\n| ---: |\n| %s |" % fmt(markdown))

    if not args.no_plot:
        plot(data_hit, data_miss, data_de, args.svg)
    if args.smoke:
        missing = smoke_missing(criterion)
        if missing:
            raise SystemExit("the report found no result for: %s" % ", ".join(missing))


if __name__ == "__main__":
    main()
