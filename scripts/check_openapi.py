#!/usr/bin/env python3
"""The example service's OpenAPI document (GET /openapi.json), checked
against the service's own answers.

Starts the built `service` on a free port of 127.0.0.1, fetches the
document and:

- validates it as OpenAPI 3.1 (openapi-spec-validator) and checks that it
  says `openapi: 3.1.x`;
- checks that each declared route's operation answers with one problem
  response per status of its codes (its set, the usage code and the
  fallback), each listing exactly the route's codes at that status, and
  that every example validates against the schema beside it;
- makes the service answer every code of every declared route (BAD_REQUEST
  from a path that is not UTF-8 and from a body that is not JSON,
  PLAN_NOT_FOUND, LOCK_HELD, SERVER_REJECTED; INTERNAL, which no declared
  route raises on purpose, from the panicking route), plus the 404 and 405
  of the routing fallbacks and each route's success;
- validates each answer (JSON Schema 2020-12, the whole document as the
  root, so `#/components/...` resolves) against the schema its operation
  declares for the status and content type, and every problem against every
  problem response of every declared route: valid exactly where the route
  declares its code at its status. A problem of another route's code, or of
  a code at another status, must not validate.

openapi-spec-validator and jsonschema are pinned in
tests/servers/requirements.txt and installed on first use outside the
clone (scripts/pyvenv.py).

    python3 scripts/check_openapi.py   # after `cargo build -p service-example`

Prints what it checked; exits 1 with the failed check otherwise.
"""

import http.client
import json
import os
import subprocess
import sys
import threading
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
REQUIREMENTS = os.path.join(ROOT, "tests", "servers", "requirements.txt")
# Relative to the current directory, as cargo reads it.
TARGET = os.path.abspath(os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target")))
SERVER = os.path.join(TARGET, "debug", "service")

PROBLEM = "application/problem+json"
JSON = "application/json"
# What examples/service/src/lib.rs declares: each route's codes (its set,
# the usage code and the fallback) and each code's status.
ROUTE_CODES = {
    "GET /plans/{name}": ["BAD_REQUEST", "PLAN_NOT_FOUND", "INTERNAL"],
    "POST /runs": ["BAD_REQUEST", "LOCK_HELD", "INTERNAL"],
    "POST /validate": ["BAD_REQUEST", "SERVER_REJECTED", "INTERNAL"],
}
STATUS = {
    "BAD_REQUEST": 400,
    "PLAN_NOT_FOUND": 404,
    "ROUTE_NOT_FOUND": 404,
    "METHOD_NOT_ALLOWED": 405,
    "LOCK_HELD": 409,
    "SERVER_REJECTED": 502,
    "INTERNAL": 500,
}
# Each request: the route it is answered by (None: a routing fallback or an
# undocumented route), method, path, body, expected status and code (None
# for a success).
REQUESTS = [
    ("GET /plans/{name}", "GET", "/plans/deploy", None, 200, None),
    ("GET /plans/{name}", "GET", "/plans/nope", None, 404, "PLAN_NOT_FOUND"),
    ("GET /plans/{name}", "GET", "/plans/%FF", None, 400, "BAD_REQUEST"),
    ("POST /runs", "POST", "/runs", '{"plan":"deploy","scope":"staging"}', 201, None),
    ("POST /runs", "POST", "/runs", '{"plan":', 400, "BAD_REQUEST"),
    ("POST /runs", "POST", "/runs", '{"plan":"deploy","scope":"prod"}', 409, "LOCK_HELD"),
    ("POST /validate", "POST", "/validate", "{}", 502, "SERVER_REJECTED"),
    (None, "GET", "/panic", None, 500, "INTERNAL"),
    (None, "GET", "/nope", None, 404, "ROUTE_NOT_FOUND"),
    (None, "DELETE", "/runs", None, 405, "METHOD_NOT_ALLOWED"),
]


class Failed(Exception):
    """A check that did not hold."""


def check(holds, message):
    if not holds:
        raise Failed(message)


def in_venv():
    """Runs this script again under the pinned environment's Python."""
    from pyvenv import rerun_in, venv

    rerun_in(venv(REQUIREMENTS, "servers"))


def start():
    """The running service and its address, read off its stderr."""
    check(os.path.exists(SERVER), f"{SERVER} is missing: run `cargo build -p service-example` first")
    server = subprocess.Popen(
        [SERVER, "127.0.0.1:0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    for line in server.stderr:
        if line.startswith("listening on http://"):
            address = line.split("http://", 1)[1].strip()
            # The service logs every problem on stderr: keep the pipe drained.
            threading.Thread(target=server.stderr.read, daemon=True).start()
            return server, address
    server.wait()
    raise Failed(f"the service exited ({server.returncode}) before listening")


def call(address, method, path, body=None):
    """(status, content type, body) of one request."""
    host, port = address.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        headers = {"Content-Type": JSON} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        reply = connection.getresponse()
        return reply.status, reply.getheader("Content-Type", ""), reply.read().decode()
    finally:
        connection.close()


def pointer(*parts):
    """The URI fragment of a JSON pointer to `parts`."""
    escaped = (str(p).replace("~", "~0").replace("/", "~1") for p in parts)
    return "#" + urllib.parse.quote("/" + "/".join(escaped), safe="/~")


def split(route):
    method, path = route.split(" ", 1)
    return method.lower(), path


def main():
    in_venv()
    from jsonschema import Draft202012Validator
    from openapi_spec_validator import OpenAPIV31SpecValidator, validate

    def validator(doc, *parts):
        # The document is the root schema: its `$ref`s resolve inside it.
        return Draft202012Validator({**doc, "$ref": pointer(*parts)})

    server, address = start()
    try:
        status, content_type, text = call(address, "GET", "/openapi.json")
        check(status == 200 and content_type == JSON, f"GET /openapi.json answered {status} {content_type}")
        doc = json.loads(text)
        check(str(doc.get("openapi", "")).startswith("3.1."), f"the document says openapi {doc.get('openapi')!r}, not 3.1.x")
        try:
            validate(doc, cls=OpenAPIV31SpecValidator)
        except Exception as error:  # the validator's own error types vary
            raise Failed(f"the document is not valid OpenAPI 3.1: {error}") from error
        print(f"GET /openapi.json: valid OpenAPI {doc['openapi']} (openapi-spec-validator)")

        # Each route's problem responses: one per status, its codes exactly.
        problem_responses = {}
        for route, codes in ROUTE_CODES.items():
            method, path = split(route)
            responses = doc["paths"][path][method]["responses"]
            declared = {}
            for key, response in responses.items():
                content = response.get("content", {}).get(PROBLEM)
                if content is None:
                    continue
                listed = content["schema"]["allOf"][1]["properties"]["code"]["enum"]
                declared[int(key)] = listed
                for name, example in content.get("examples", {}).items():
                    errors = list(validator(doc, "paths", path, method, "responses", key, "content", PROBLEM, "schema").iter_errors(example["value"]))
                    check(not errors, f"{route}: the example {name} at {key} is not valid: {errors[:1]}")
            expected = {}
            for code in codes:
                expected.setdefault(STATUS[code], []).append(code)
            check(declared == expected, f"{route}: the problem responses are {declared}, not {expected}")
            problem_responses[route] = sorted(declared)
            print(f"{route}: problem responses {', '.join(f'{s} {expected[s]}' for s in sorted(expected))}; examples valid")

        # The service's answers, each against its operation's schema.
        problems = []
        for route, method, path, body, want_status, want_code in REQUESTS:
            status, content_type, text = call(address, method, path, body)
            check(status == want_status, f"{method} {path} answered {status}, not {want_status}: {text}")
            answer = json.loads(text)
            if want_code is not None:
                check(content_type == PROBLEM, f"{method} {path} answered {content_type}, not {PROBLEM}")
                check(answer.get("code") == want_code, f"{method} {path} answered {answer.get('code')}, not {want_code}")
                problems.append((method, path, answer))
            if route is None:
                print(f"{method} {path}: {status} {want_code}")
                continue
            op_method, op_path = split(route)
            responses = doc["paths"][op_path][op_method]["responses"]
            check(str(status) in responses, f"{route} does not declare the status {status} it answered {method} {path} with")
            content = responses[str(status)].get("content", {})
            check(content_type in content, f"{route} {status} declares no {content_type} content")
            errors = list(validator(doc, "paths", op_path, op_method, "responses", status, "content", content_type, "schema").iter_errors(answer))
            check(not errors, f"{method} {path} ({status}) does not validate against {route}'s schema: {errors[0].message if errors else ''}")
            print(f"{method} {path}: {status} {want_code or 'success'}, valid against {route}'s {status} {content_type}")

        # Every problem against every route's problem responses: valid
        # exactly where the route declares its code at its status.
        checked = refused = 0
        for method, path, answer in problems:
            code = answer["code"]
            for route, statuses in problem_responses.items():
                op_method, op_path = split(route)
                for status in statuses:
                    valid = validator(doc, "paths", op_path, op_method, "responses", status, "content", PROBLEM, "schema").is_valid(answer)
                    expected = code in ROUTE_CODES[route] and STATUS[code] == status
                    check(
                        valid == expected,
                        f"the {code} problem of {method} {path} {'validates' if valid else 'does not validate'} against {route}'s {status}",
                    )
                    checked += 1
                    refused += not valid
        print(f"{len(problems)} problems x each route's problem responses: {checked} checks, {refused} refused as expected")
    finally:
        server.kill()
        server.wait()
    print("ok: the OpenAPI document is valid and every answer matches it")


if __name__ == "__main__":
    try:
        main()
    except Failed as failure:
        print(f"error: {failure}", file=sys.stderr)
        sys.exit(1)
