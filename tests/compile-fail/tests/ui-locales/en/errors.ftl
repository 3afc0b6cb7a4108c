# The messages of tests/ui/locales-variable-not-a-detail.rs, in English.

LOCK_HELD = Another run ({ $holder }) holds { $lock }.
PLAN_PARSE =
    { $line ->
        [0] The plan { $path } cannot be read.
       *[other] The plan { $path } has an error on line { $line }.
    }
INTERNAL = An unexpected error.
