"""A consumer of `firstdraft --json`: a success prints the program's own
output with no envelope, so `is_failure` tells the two apart, as the exit
code does."""

from typing import assert_never

from .errors import Code, as_code, is_failure


def advice(code: Code) -> str:
    match code:
        case "invalid_arguments" | "invalid_configuration":
            return "fix how it is called"
        case "local_input_unreadable":
            return "fix the file"
        case "request_outcome_unknown":
            return "reconcile before pushing again"
        case "server_rejected":
            return "fix what the server names"
        case "local_state_not_saved":
            return "save the state by hand"
        case "internal_error":
            return "report it"
        case _:
            assert_never(code)


def report(document: object) -> str:
    if is_failure(document):
        return f"{advice(as_code(document['error']))}: {document['detail']}"
    return repr(document)
