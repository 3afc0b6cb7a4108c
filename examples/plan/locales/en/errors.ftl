# The plan command line's failures, in English: the reference translators
# start from. Each message's id is its code; its variables may only be the
# code's declared details (`#[code(detail)]` fields), and plan's codes
# declare none. `sponson-codes check --locales locales` checks both files.

USAGE = The command line is not valid.
PLAN_PARSE = The plan file cannot be read or is not a valid plan.
APPROVAL_REQUIRED = The run writes to production and no approver was given.
LOCK_HELD = Another run holds the lock of this scope.
SERVER_REJECTED = The server rejected the plan.
PLAN_CONFLICT = The server holds a newer version of the plan.
INTERNAL = An unexpected error.
