"""A consumer of `plan --json` (Sponson's envelope), typed by the generated
errors.py: it tells a success from a failure, reads data and details, and
handles every code. scripts/check_types.py type-checks it against the plan
example's errors.py, where it passes, and against the types of the same
catalog with one more code, where the exhaustive match must fail."""

from typing import assert_never

from .errors import (
    CODE_ALIASES,
    CODE_BY_COMMAND,
    CODE_EXIT,
    Code,
    CodeRead,
    Envelope,
    Success,
    as_code,
    is_code,
)


def advice(code: Code) -> str:
    """What to do about each code: mypy checks that every code is here."""
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
            assert_never(code)  # the exhaustive check


class Validated(Success):
    """`plan validate`'s data, flattened into the success."""

    plan: str
    steps: list[str]


def report(doc: Envelope) -> str:
    """One document of `plan`, read through the types."""
    if doc["ok"]:
        return f"{doc['command']}: {len(doc.get('warnings', []))} warnings"
    # An unknown code (from a newer `plan`) is the fallback, INTERNAL.
    code = as_code(doc["error"]["code"])
    retry = "retry" if doc["error"].get("retryable") is True else "do not retry"
    return f"{advice(code)} (exit {CODE_EXIT[code]}, {retry}): {doc['error'].get('hint', '')}"


def lenient(doc: Envelope) -> str:
    """A consumer that does not opt into exhaustiveness keeps a default branch."""
    if doc["ok"]:
        return doc["command"]
    match doc["error"]["code"]:
        case "LOCK_HELD":
            return "wait"
        case _:
            return "treat it as INTERNAL"


def steps(doc: Validated) -> int:
    return len(doc["steps"])


# A document of an older `plan` carries the old name, which reads as the code.
OLD: CodeRead = "ENV_NOT_APPROVED"
RENAMED: Code = CODE_ALIASES[OLD]
FACTS = (CODE_BY_COMMAND["apply"], is_code("LOCK_HELD"), RENAMED, as_code(OLD))
