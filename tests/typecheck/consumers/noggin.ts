// A consumer of `noggin --json` (noggin's envelope, version 3): discriminated
// on `status`, data always under `data`, the exit code in `error.exitCode`.
import { asCode, type Code, type Envelope } from "./errors";

export function advice(code: Code): string {
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

export function report(doc: Envelope<string[]>): string {
  if (doc.status === "ok") {
    return `${doc.verb} (v${doc.envelopeVersion}): ${doc.data.join(", ")}`;
  }
  const exit: 1 | 2 = doc.error.exitCode;
  return `${advice(asCode(doc.error.code))} (exit ${exit})`;
}
