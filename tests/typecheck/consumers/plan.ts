// A consumer of `plan --json` (Sponson's envelope), typed by the generated
// errors.ts: it tells a success from a failure, reads typed data and details,
// and handles every code. scripts/check_types.py type-checks it against the
// plan example's errors.ts, where it passes, and against the types of the
// same catalog with one more code, where the exhaustive switch must fail.
import {
  asCode,
  codeAliases,
  codeExit,
  isCode,
  type Code,
  type CodeByCommand,
  type CodeExit,
  type CodeRead,
  type Envelope,
  type ErrorExit,
  type Warning,
} from "./errors";

/** What to do about each code: the compiler checks that every code is here. */
export function advice(code: Code): string {
  switch (code) {
    case "USAGE":
      return "fix the command line";
    case "PLAN_PARSE":
      return "fix the plan file";
    case "APPROVAL_REQUIRED":
      return "ask for an approver";
    case "LOCK_HELD":
      return "wait, then run it again";
    case "SERVER_REJECTED":
      return "fix what the server names";
    case "PLAN_CONFLICT":
      return "merge the server's plan, then push again";
    case "INTERNAL":
      return "report it";
    default: {
      const unhandled: never = code; // the exhaustive check
      return unhandled;
    }
  }
}

type Validated = { plan: string; steps: string[] };
type Held = { lock: string; holder: string };

/** One document of `plan validate` or `plan apply`, read through the types. */
export function report(doc: Envelope<Validated, Held>): string {
  if (doc.ok) {
    const warned = (doc.warnings ?? []).map((w: Warning) => w.code).join(",");
    return `${doc.command}: ${doc.plan} has ${doc.steps.length} steps ${warned}`;
  }
  // An unknown code (from a newer `plan`) is the fallback, INTERNAL.
  const code = asCode(doc.error.code);
  const exit: ErrorExit = codeExit[code];
  const retry = doc.error.retryable === true ? "retry" : "do not retry";
  return `${advice(code)} (exit ${exit}, ${retry}, held by ${doc.error.holder}): ${doc.error.hint ?? ""}`;
}

/** A consumer that does not opt into exhaustiveness keeps a default branch. */
export function lenient(doc: Envelope): string {
  if (doc.ok) {
    return doc.command;
  }
  switch (doc.error.code) {
    case "LOCK_HELD":
      return "wait";
    default:
      return "treat it as INTERNAL";
  }
}

const heldExit: CodeExit["LOCK_HELD"] = 3;
const apply: CodeByCommand["apply"][] = ["PLAN_PARSE", "APPROVAL_REQUIRED", "LOCK_HELD", "USAGE", "INTERNAL"];
// A document of an older `plan` carries the old name, which reads as the code.
const old: CodeRead = "ENV_NOT_APPROVED";
const renamed: "APPROVAL_REQUIRED" = codeAliases[old];
export const facts = [heldExit, apply, isCode("LOCK_HELD"), renamed, asCode(old)] as const;
