import type { Context } from "hono";
import type { ErrorAnswer, ErrorCode } from "../../../staff/api.ts";

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  unauthenticated: "Sign in to continue.",
  not_found: "There is no such lead, or it is not one your role works on.",
  bad_origin: "This request did not come from the staff inbox.",
  malformed: "The request could not be read.",
};

export type FailStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 500;

/** A refusal as the contract has it: a code for the program, a sentence for the person. */
export const fail = (c: Context, status: FailStatus, error: ErrorCode, message?: string) =>
  c.json(
    { error, message: message ?? MESSAGES[error] ?? "The request was refused." } satisfies ErrorAnswer,
    status,
  );

/** A handler's refusal (returned or thrown), answered by the endpoint mount with `fail`. */
export class Refusal {
  readonly status: FailStatus;
  readonly error: ErrorCode;
  readonly message: string | undefined;
  constructor(status: FailStatus, error: ErrorCode, message?: string) {
    this.status = status;
    this.error = error;
    this.message = message;
  }
}

export const refuse = (status: FailStatus, error: ErrorCode, message?: string) =>
  new Refusal(status, error, message);
