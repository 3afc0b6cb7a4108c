#!/usr/bin/env python3
"""Soak of the example service: every answer checked, memory sampled.

Builds examples/service in release, starts it on a free port of 127.0.0.1,
and drives it for a while (60 s by default) with mixed requests from client
threads on 127.0.0.1, each on its own keep-alive connection: success routes,
coded failures, rejected bodies (truncated, mistyped, not JSON, not UTF-8,
the wrong content type, over axum's 2 MB limit), 404 and 405 fallbacks, HEAD,
the untrusted-upstream route whose body carries a canary, and about 1% of
requests to the route whose handler panics.

Every answer is checked: status, content type, `Allow` on a 405, and the
body: the exact bytes where they are fixed, else one problem document
without a repeated member whose status, code, type and title agree, with its
details; no body ever holds the panic's text or the upstream's canary. The
service's resident memory (VmRSS of /proc/<pid>/status) is sampled every
second. The panics the service's stderr reports must be the panics asked for.

    python3 scripts/soak_service.py [--seconds 60] [--threads 4] [--no-build]

Prints requests/s, answers checked, errors found and RSS at start, peak and
end; exits 1 on any failed check, or when RSS grew more than
--max-rss-growth-mb (default 64) from the first sample to the last. It takes
a minute and two cores, so it is not part of CI.

The client is Python's standard library (http.client, one thread per
connection): nothing to build or install, and a few thousand requests per
second is enough to reach every path many thousands of times in a minute
while every answer is parsed and checked. `service-rps` measures throughput.
"""

import argparse
import http.client
import json
import os
import random
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBLEM = "application/problem+json"
JSON = "application/json"
TYPE = "https://plans.example/errors#"
# The codes of examples/service/src/lib.rs and their `doc` (the problem's title).
TITLES = {
    "BAD_REQUEST": "The request is not valid.",
    "PLAN_NOT_FOUND": "No plan has this name.",
    "ROUTE_NOT_FOUND": "No route of the API has this path.",
    "METHOD_NOT_ALLOWED": "The route does not take this method.",
    "LOCK_HELD": "Another run holds the scope's lock.",
    "SERVER_REJECTED": "The plan server rejected the plan.",
    "INTERNAL": "An unexpected error.",
}
BAD_REQUEST_HINT = "Send the JSON body the API documents."
PANIC_MESSAGE = "the server stopped handling the request on an unexpected internal error"
LOCK_HELD_BODY = (
    '{"type":"https://plans.example/errors#LOCK_HELD","title":"Another run holds the scope\'s lock.",'
    '"status":409,"detail":"the lock on prod is held by run 41","code":"LOCK_HELD",'
    '"hint":"Wait for it, or pass --wait.","holder":"run 41","scope":"prod"}'
)
ROUTE_NOT_FOUND = {
    "type": TYPE + "ROUTE_NOT_FOUND",
    "title": TITLES["ROUTE_NOT_FOUND"],
    "status": 404,
    "detail": "no route answers this path; check the URL against the API's routes",
    "code": "ROUTE_NOT_FOUND",
    "hint": "Check the URL against the API's routes.",
}
# What must never reach a client: the panic's message, and the parts of the
# upstream's body the allowlist drops. Plan names are drawn without an `e`,
# so that no echoed name can spell one.
FORBIDDEN = [
    "hunter2",
    "database password",
    "panicked",
    "sk-live",
    "IGNORE PREVIOUS",
    "api_token",
    "evil",
    "debug",
    "related_locations",
]
NAME_CHARS = "abcdfghijklmnopqrstuvwxyz0123456789-_"
# Percent-encoded, and what axum decodes them to.
ENCODED = [("%20", " "), ("%C3%A9", "\u00e9"), ("%E2%80%AE", "\u202e"), ("%22", '"')]


class Failed(Exception):
    pass


def strict_json(text):
    """The document, refusing a repeated member at any depth."""

    def pairs(items):
        keys = [k for k, _ in items]
        if len(keys) != len(set(keys)):
            raise Failed(f"repeated member in {text!r}")
        return dict(items)

    try:
        return json.loads(text, object_pairs_hook=pairs)
    except ValueError as err:
        raise Failed(f"not JSON ({err}): {text!r}") from None


def problem(reply, status, code):
    """The problem document of `reply`, checked against `status` and `code`."""
    got_status, headers, body = reply
    if got_status != status:
        raise Failed(f"status {got_status}, expected {status}: {body!r}")
    if headers.get("content-type") != PROBLEM:
        raise Failed(f"content type {headers.get('content-type')!r}: {body!r}")
    doc = strict_json(body)
    if not isinstance(doc, dict):
        raise Failed(f"a problem is an object: {body!r}")
    for key, want in [
        ("status", status),
        ("code", code),
        ("type", TYPE + code),
        ("title", TITLES[code]),
    ]:
        if doc.get(key) != want:
            raise Failed(f"`{key}` is {doc.get(key)!r}, expected {want!r}: {body!r}")
    if not isinstance(doc.get("detail"), str):
        raise Failed(f"no detail: {body!r}")
    return doc


def exact(reply, status, content_type, body):
    got = (reply[0], reply[1].get("content-type"), reply[2])
    if got != (status, content_type, body):
        raise Failed(f"expected {(status, content_type, body)!r}, got {got!r}")


def plan_name(rng):
    """A plan name as sent in the path, and as the service decodes it."""
    sent, decoded = [], []
    for _ in range(rng.randint(1, 12)):
        if rng.random() < 0.1:
            enc, dec = rng.choice(ENCODED)
            sent.append(enc)
            decoded.append(dec)
        else:
            c = rng.choice(NAME_CHARS)
            sent.append(c)
            decoded.append(c)
    name = "".join(decoded)
    if name == "deploy":
        return plan_name(rng)
    return "".join(sent), name


# Rejected `POST /runs` bodies: (content type or None, body).
REJECTED = [
    (JSON, b'{"plan":"deploy"'),
    (JSON, b'{"plan":"deploy"}'),
    (JSON, b"[]"),
    (JSON, b'{"plan":1,"scope":2}'),
    (JSON, b"\xff\xfe{"),
    (JSON, b""),
    ("text/plain", b'{"plan":"deploy","scope":"staging"}'),
    (None, b""),
]
TOO_LARGE = b'{"plan":"' + b"a" * (2 * 1024 * 1024 + 16) + b'"}'


def scenarios():
    """(name, weight, function(rng) -> (method, path, headers, body, check))."""

    def plan_found(rng):
        def check(r):
            exact(r, 200, JSON, '{"name":"deploy","steps":["build","migrate-db","restart"]}')

        return "GET", "/plans/deploy", {}, None, check

    def plan_missing(rng):
        sent, name = plan_name(rng)

        def check(r):
            doc = problem(r, 404, "PLAN_NOT_FOUND")
            want = {
                "type": TYPE + "PLAN_NOT_FOUND",
                "title": TITLES["PLAN_NOT_FOUND"],
                "status": 404,
                "detail": f"no plan is named `{name}`",
                "code": "PLAN_NOT_FOUND",
                "plan": name,
            }
            if doc != want:
                raise Failed(f"{doc!r} != {want!r}")

        return "GET", "/plans/" + sent, {}, None, check

    def plan_not_utf8(rng):
        def check(r):
            doc = problem(r, 400, "BAD_REQUEST")
            if doc.get("hint") != BAD_REQUEST_HINT:
                raise Failed(repr(doc))

        return "GET", "/plans/%FF" + rng.choice(["", "a", "%FE"]), {}, None, check

    def run_started(rng):
        scope = rng.choice(["staging", "dev", "qa-" + str(rng.randint(0, 99))])
        body = json.dumps({"plan": "deploy", "scope": scope}).encode()

        def check(r):
            want = json.dumps(
                {"plan": "deploy", "run": 42, "scope": scope}, separators=(",", ":")
            )
            exact(r, 201, JSON, want)

        return "POST", "/runs", {"content-type": JSON}, body, check

    def run_held(rng):
        def check(r):
            problem(r, 409, "LOCK_HELD")
            exact(r, 409, PROBLEM, LOCK_HELD_BODY)

        body = b'{"plan":"deploy","scope":"prod"}'
        return "POST", "/runs", {"content-type": JSON}, body, check

    def bad_request(content_type, body):
        headers = {"content-type": content_type} if content_type else {}

        def check(r):
            doc = problem(r, 400, "BAD_REQUEST")
            if doc.get("hint") != BAD_REQUEST_HINT or len(doc["detail"]) <= 10:
                raise Failed(repr(doc))
            if set(doc) != {"type", "title", "status", "detail", "code", "hint"}:
                raise Failed(f"members {sorted(doc)}")

        return "POST", "/runs", headers, body, check

    def run_rejected(rng):
        return bad_request(*rng.choice(REJECTED))

    def run_too_large(rng):
        return bad_request(JSON, TOO_LARGE)

    def route_missing(rng):
        path = rng.choice(["/nope", "/plans", "/plans/deploy/steps", "/runs/", "/", "/bench"])

        def check(r):
            if "allow" in r[1]:
                raise Failed(f"Allow on a 404: {r!r}")
            if problem(r, 404, "ROUTE_NOT_FOUND") != ROUTE_NOT_FOUND:
                raise Failed(repr(r))

        return "GET", path, {}, None, check

    def method_not_allowed(rng):
        method, path, allow = rng.choice(
            [
                ("POST", "/plans/deploy", "GET,HEAD"),
                ("DELETE", "/runs", "POST"),
                ("PUT", "/validate", "POST"),
                ("PATCH", "/panic", "GET,HEAD"),
            ]
        )

        def check(r):
            if r[1].get("allow") != allow:
                raise Failed(f"Allow {r[1].get('allow')!r}, expected {allow!r}")
            doc = problem(r, 405, "METHOD_NOT_ALLOWED")
            want = f"this path does not answer the method {method}; use one the Allow header lists"
            if doc["detail"] != want:
                raise Failed(repr(doc))

        return method, path, {}, None, check

    def head_missing(rng):
        def check(r):
            exact(r, 404, PROBLEM, "")

        return "HEAD", "/nope", {}, None, check

    def untrusted_upstream(rng):
        def check(r):
            doc = problem(r, 502, "SERVER_REJECTED")
            response = doc.get("response")
            if not isinstance(response, dict) or response.get("status") != 422:
                raise Failed(repr(doc))
            first = {
                "code": "unknown_step",
                "location": {"source_pointer": "/steps/1"},
                "message": "step `migrate-db` is not defined",
                "severity": "error",
            }
            if response.get("diagnostics", [None])[0] != first:
                raise Failed(repr(doc))

        return "POST", "/validate", {}, None, check

    def bench_coded(rng):
        def check(r):
            exact(r, 409, PROBLEM, LOCK_HELD_BODY)

        return "GET", "/bench/coded", {}, None, check

    def panics(rng):
        def check(r):
            doc = problem(r, 500, "INTERNAL")
            want = {
                "type": TYPE + "INTERNAL",
                "title": TITLES["INTERNAL"],
                "status": 500,
                "detail": PANIC_MESSAGE,
                "code": "INTERNAL",
            }
            if doc != want:
                raise Failed(repr(doc))

        return "GET", "/panic", {}, None, check

    return [
        ("plan found", 14, plan_found),
        ("plan not found", 12, plan_missing),
        ("path not UTF-8", 1, plan_not_utf8),
        ("run started", 12, run_started),
        ("lock held", 8, run_held),
        ("body rejected", 14, run_rejected),
        ("body too large", 0.2, run_too_large),
        ("no route (404)", 10, route_missing),
        ("wrong method (405)", 10, method_not_allowed),
        ("HEAD 404", 3, head_missing),
        ("untrusted upstream", 8, untrusted_upstream),
        ("bench coded", 6.8, bench_coded),
        ("panic", 1, panics),
    ]


def vm_rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def build(no_build):
    target = os.environ.get("CARGO_TARGET_DIR")
    if not target:
        meta = subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps"],
            cwd=ROOT, check=True, capture_output=True, text=True,
        )
        target = json.loads(meta.stdout)["target_directory"]
    if not no_build:
        subprocess.run(
            ["cargo", "build", "--release", "-p", "service-example", "--bin", "service"],
            cwd=ROOT, check=True,
        )
    binary = Path(target) / "release" / "service"
    if not binary.exists():
        sys.exit(f"{binary} does not exist; run without --no-build")
    return binary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-build", action="store_true", help="use the release binary already built")
    parser.add_argument("--max-rss-growth-mb", type=float, default=64)
    args = parser.parse_args()

    binary = build(args.no_build)
    # Port 0: the service binds a free port and says which on stderr.
    server = subprocess.Popen(
        [str(binary), "127.0.0.1:0"], stderr=subprocess.PIPE, text=True,
        errors="replace", env={**os.environ, "RUST_BACKTRACE": "0"},
    )
    first = server.stderr.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)", first)
    if not match:
        server.kill()
        sys.exit(f"the service did not start: {first!r}")
    port = int(match.group(1))
    # Drained, or a service that logs would block on a full pipe.
    logged = Counter()

    def drain():
        for line in server.stderr:
            if "panicked at" in line:
                logged["panics"] += 1
            logged["lines"] += 1

    threading.Thread(target=drain, daemon=True).start()

    rss = []
    stop = threading.Event()

    def sample():
        while True:
            value = vm_rss_kb(server.pid)
            if value is not None:
                rss.append(value)
            if stop.wait(1.0):
                return

    sampler = threading.Thread(target=sample)
    sampler.start()

    table = scenarios()
    names = [name for name, _, _ in table]
    weights = [weight for _, weight, _ in table]
    makers = {name: make for name, _, make in table}
    lock = threading.Lock()
    sent = Counter()
    checked = Counter()
    errors = []

    def client(index):
        rng = random.Random(args.seed * 1000 + index)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        mine_sent, mine_checked, mine_errors = Counter(), Counter(), []
        while not stop.is_set():
            name = rng.choices(names, weights)[0]
            method, path, headers, body, check = makers[name](rng)
            mine_sent[name] += 1
            try:
                conn.request(method, path, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read()
                reply_headers = {k.lower(): v for k, v in response.getheaders()}
                # A body refused before it is read to its end (by its content
                # type, or past the limit) ends the connection after the
                # answer, without `Connection: close`: hyper does not read it.
                unread = body and (headers.get("content-type") != JSON or body is TOO_LARGE)
                if response.will_close or unread:
                    conn.close()
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    raise Failed(f"a body that is not UTF-8: {data[:200]!r}") from None
                for word in FORBIDDEN:
                    if word in text:
                        raise Failed(f"`{word}` reached the client: {text[:300]!r}")
                check((response.status, reply_headers, text))
                mine_checked[name] += 1
            except (Failed, OSError, http.client.HTTPException) as err:
                mine_errors.append(f"{name}: {method} {path}: {type(err).__name__}: {err}"[:500])
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.close()
        with lock:
            sent.update(mine_sent)
            checked.update(mine_checked)
            errors.extend(mine_errors)

    clients = [threading.Thread(target=client, args=(i,)) for i in range(args.threads)]
    start = time.monotonic()
    for thread in clients:
        thread.start()
    time.sleep(args.seconds)
    stop.set()
    for thread in clients:
        thread.join()
    elapsed = time.monotonic() - start
    sampler.join()

    # Still answering after every panic.
    alive = server.poll() is None
    if alive:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/plans/deploy")
        alive = conn.getresponse().status == 200
        conn.close()
    server.terminate()
    server.wait(timeout=10)

    total = sum(sent.values())
    answered = sum(checked.values())
    if logged["panics"] != sent["panic"]:
        errors.append(
            f"the service's stderr reports {logged['panics']} panics; {sent['panic']} were asked for"
        )
    if not alive:
        errors.append("the service stopped answering")
    growth_mb = (rss[-1] - rss[0]) / 1024 if len(rss) >= 2 else 0.0
    if growth_mb > args.max_rss_growth_mb:
        errors.append(f"RSS grew {growth_mb:.1f} MB, more than {args.max_rss_growth_mb} MB")

    print(f"service: {binary} on 127.0.0.1:{port}")
    print(f"duration: {elapsed:.1f} s, {args.threads} client threads (Python http.client, keep-alive)")
    print(f"requests: {total}, {total / elapsed:.0f} requests/s")
    print(f"answers checked: {answered}")
    for name in names:
        print(f"  {name:<20} {sent[name]:>8} sent {checked[name]:>8} checked")
    print(f"panics asked for: {sent['panic']}, reported on the service's stderr: {logged['panics']}")
    if rss:
        start_mb, peak_mb, end_mb = (kb / 1024 for kb in (rss[0], max(rss), rss[-1]))
        print(
            f"RSS ({len(rss)} samples): start {start_mb:.1f} MB, peak {peak_mb:.1f} MB, end {end_mb:.1f} MB"
        )
    print(f"errors found: {len(errors)}")
    for line in errors[:20]:
        print(f"  {line}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
