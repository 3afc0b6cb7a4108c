// A consumer of three programs through the types of one merged catalog:
// `plan` (Sponson's envelope, told apart by `ok`), `noggin` (its own, told
// apart by `status`) and `firstdraft` (no envelope on success). Each
// program's documents are read with that program's types, named after it.
import {
  asNogginCode,
  asPlanCode,
  isErrorCode,
  isFirstdraftFailure,
  isWarningCode,
  planCodeExit,
  type ErrorCode,
  type ErrorExit,
  type FirstdraftSuccess,
  type NogginCode,
  type NogginEnvelope,
  type PlanCode,
  type PlanEnvelope,
  type PlanWarning,
  type WarningCode,
} from "./errors";

export function planAdvice(code: PlanCode): string {
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
      const unhandled: never = code;
      return unhandled;
    }
  }
}

export function nogginAdvice(code: NogginCode): string {
  switch (code) {
    case "usage":
      return "fix the command line";
    case "title-required":
      return "give a title";
    case "item-not-found":
      return "list the items first";
    case "internal":
      return "report it";
    default: {
      const unhandled: never = code;
      return unhandled;
    }
  }
}

type Validated = { plan: string; steps: string[] };

export function plan(doc: PlanEnvelope<Validated>): string {
  if (doc.ok) {
    const warned = (doc.warnings ?? []).map((w: PlanWarning) => w.code).join(",");
    return `${doc.command}: ${doc.plan} has ${doc.steps.length} steps ${warned}`;
  }
  const code = asPlanCode(doc.error.code);
  const exit: ErrorExit = planCodeExit[code];
  return `${planAdvice(code)} (exit ${exit})`;
}

export function noggin(doc: NogginEnvelope<string[]>): string {
  if (doc.status === "ok") {
    return `${doc.verb} (v${doc.envelopeVersion}): ${doc.data.join(", ")}`;
  }
  const exit: ErrorExit = doc.error.exitCode;
  return `${nogginAdvice(asNogginCode(doc.error.code))} (exit ${exit})`;
}

type Pushed = { id: string };

export function firstdraft(document: unknown): string {
  if (isFirstdraftFailure(document)) {
    return `${document.error}: ${document.detail}`;
  }
  return (document as FirstdraftSuccess<Pushed>).id;
}

/** A code from any of the programs. */
export function known(code: string): ErrorCode | WarningCode | undefined {
  return isErrorCode(code) || isWarningCode(code) ? code : undefined;
}

const codes: ErrorCode[] = ["LOCK_HELD", "item-not-found", "server_rejected"];
export const facts = [codes, known("usage")] as const;
