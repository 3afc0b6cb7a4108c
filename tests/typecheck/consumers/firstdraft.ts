// A consumer of `firstdraft --json`: a success prints the program's own output
// with no envelope, so `isFailure` tells the two apart, as the exit code does.
import { asCode, isFailure, type Code, type Success } from "./errors";

export function advice(code: Code): string {
  switch (code) {
    case "invalid_arguments":
    case "invalid_configuration":
      return "fix how it is called";
    case "local_input_unreadable":
      return "fix the file";
    case "request_outcome_unknown":
      return "reconcile before pushing again";
    case "server_rejected":
      return "fix what the server names";
    case "local_state_not_saved":
      return "save the state by hand";
    case "internal_error":
      return "report it";
    default: {
      const unhandled: never = code;
      return unhandled;
    }
  }
}

type Pushed = { id: string };

export function report(document: unknown): string {
  if (isFailure(document)) {
    return `${advice(asCode(document.error))}: ${document.detail}`;
  }
  const pushed = document as Success<Pushed>;
  return pushed.id;
}
