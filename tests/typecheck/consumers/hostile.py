"""A consumer of the types of tests/typecheck/hostile.catalog.json: codes that
are no identifiers, enums that share a name or take one the file uses, a
profile whose keys are no identifiers, and text that would break docstrings."""

from typing import assert_never

from .errors import ALPHA_CODE_BY_COMMAND, AlphaCode, BetaCode, Envelope, GammaErrorCode, as_alpha_code


def advice(code: AlphaCode) -> str:
    match code:
        case "title-required":
            return "give a title"
        case "my_app::config::missing":
            return "write the config"
        case "net.Timeout":
            return "retired, but older output has it"
        case "INTERNAL":
            return "report it"
        case _:
            assert_never(code)


def report(doc: Envelope) -> str:
    if doc["api-status"] == 'o"k':
        return f"{doc['__op']} v{doc['class']}"
    error = doc["err or"]
    return f"{advice(as_alpha_code(error['code']))}: {error['msg']} (exit {error['exit-code']})"


OTHERS: tuple[BetaCode, GammaErrorCode, tuple[AlphaCode, ...]] = ("E0499", "BOOM", ALPHA_CODE_BY_COMMAND["remote add"])
