"""A consumer of `noggin --json` (noggin's envelope, version 3): told apart
by `status`, data always under `data`, the exit code in `error.exitCode`."""

from typing import assert_never

from .errors import Code, Envelope, as_code


def advice(code: Code) -> str:
    match code:
        case "usage":
            return "fix the command line"
        case "title-required":
            return "give a title"
        case "item-not-found":
            return "list the items first"
        case "internal":
            return "report it"
        case _:
            assert_never(code)


def report(doc: Envelope) -> str:
    if doc["status"] == "ok":
        return f"{doc['verb']} (v{doc['envelopeVersion']}): {doc['data']!r}"
    return f"{advice(as_code(doc['error']['code']))} (exit {doc['error']['exitCode']})"
