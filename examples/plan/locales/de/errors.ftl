# Die Fehler der Kommandozeile plan, auf Deutsch.

USAGE = Die Kommandozeile ist ungültig.
PLAN_PARSE = Die Plandatei kann nicht gelesen werden oder ist kein gültiger Plan.
APPROVAL_REQUIRED = Der Lauf schreibt in die Produktion, aber niemand hat ihn freigegeben.
LOCK_HELD = Ein anderer Lauf hält die Sperre dieses Bereichs.
SERVER_REJECTED = Der Server hat den Plan abgelehnt.
PLAN_CONFLICT = Der Server hat eine neuere Fassung des Plans.
INTERNAL = Ein unerwarteter Fehler.
