// A consumer of the types of tests/typecheck/hostile.catalog.json: codes that
// are no identifiers, enums that share a name or take one the file uses, a
// profile whose keys are no identifiers, and text that would break comments.
import {
  asAlphaCode,
  type AlphaCode,
  type AlphaCodeByCommand,
  type AlphaWarning,
  type BetaCode,
  type Envelope,
  type GammaErrorCode,
} from "./errors";

export function advice(code: AlphaCode): string {
  switch (code) {
    case "title-required":
      return "give a title";
    case "my_app::config::missing":
      return "write the config";
    case "net.Timeout":
      return "retired, but older output has it";
    case "INTERNAL":
      return "report it";
    default: {
      const unhandled: never = code;
      return unhandled;
    }
  }
}

export function report(doc: Envelope): string {
  if (doc["api-status"] === 'o"k') {
    return `${doc.__op} v${doc.class}`;
  }
  const error = doc["err or"];
  return `${advice(asAlphaCode(error.code))}: ${error.msg} (exit ${error["exit-code"]}, retry ${String(error.retry)})`;
}

export const others: [BetaCode, GammaErrorCode, AlphaWarning, AlphaCodeByCommand["remote add"]] = [
  "E0499",
  "BOOM",
  "odd-one",
  "title-required",
];
