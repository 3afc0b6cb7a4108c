"""A consumer of three programs through the types of one merged catalog:
`plan` (Sponson's envelope, told apart by `ok`), `noggin` (its own, told
apart by `status`) and `firstdraft` (no envelope on success). Each program's
documents are read with that program's types, named after it."""

from typing import assert_never

from .errors import (
    PLAN_CODE_EXIT,
    ErrorCode,
    ErrorExit,
    NogginCode,
    NogginEnvelope,
    PlanCode,
    PlanEnvelope,
    as_noggin_code,
    as_plan_code,
    is_error_code,
    is_firstdraft_failure,
)


def plan_advice(code: PlanCode) -> str:
    match code:
        case "USAGE":
            return "fix the command line"
        case "PLAN_PARSE":
            return "fix the plan file"
        case "APPROVAL_REQUIRED":
            return "ask for an approver"
        case "LOCK_HELD":
            return "wait, then run it again"
        case "SERVER_REJECTED":
            return "fix what the server names"
        case "PLAN_CONFLICT":
            return "merge the server's plan, then push again"
        case "INTERNAL":
            return "report it"
        case _:
            assert_never(code)


def noggin_advice(code: NogginCode) -> str:
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


def plan(doc: PlanEnvelope) -> str:
    if doc["ok"]:
        return f"{doc['command']}: {len(doc.get('warnings', []))} warnings"
    code = as_plan_code(doc["error"]["code"])
    return f"{plan_advice(code)} (exit {PLAN_CODE_EXIT[code]})"


def noggin(doc: NogginEnvelope) -> str:
    if doc["status"] == "ok":
        return f"{doc['verb']} (v{doc['envelopeVersion']}): {doc['data']!r}"
    exit: ErrorExit = doc["error"]["exitCode"]
    return f"{noggin_advice(as_noggin_code(doc['error']['code']))} (exit {exit})"


def firstdraft(document: object) -> str:
    if is_firstdraft_failure(document):
        return f"{document['error']}: {document['detail']}"
    return repr(document)


def known(code: str) -> ErrorCode | None:
    return code if is_error_code(code) else None


CODES: list[ErrorCode] = ["LOCK_HELD", "item-not-found", "server_rejected"]
