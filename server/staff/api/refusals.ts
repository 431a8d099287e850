import type { Context } from "hono";
import type { ErrorAnswer, ErrorCode } from "../../../staff/api.ts";
import { REFUSAL_WORDS, REFUSED } from "../../../staff/endpoint-shape.ts";

export type FailStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 500;

/** A refusal as the contract has it: a code for the program, a sentence for the person. */
export const fail = (c: Context, status: FailStatus, error: ErrorCode, message?: string) =>
  c.json({ error, message: message ?? REFUSAL_WORDS[error] ?? REFUSED } satisfies ErrorAnswer, status);

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
