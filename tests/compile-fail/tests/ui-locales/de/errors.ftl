# The messages of tests/ui/locales-variable-not-a-detail.rs, in German.

LOCK_HELD = Ein anderer Lauf ({ $holder }) hält { $lock_file }.
PLAN_PARSE = Der Plan { $path } ist ungültig.
INTERNAL = Ein unerwarteter Fehler in { $module }.
