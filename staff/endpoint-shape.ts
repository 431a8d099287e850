import type { z } from "../leads/zod.ts";
import type { ErrorCode } from "./api.ts";
import type { Permission } from "./permissions.ts";

/** The first thing a schema refused, as a refusal's words may name it. */
export interface RefusedInput {
  /** The field's path ("to", "filters.form"); empty for the whole value. */
  path: string;
  message: string;
}

/** A row of the endpoint table (endpoints.ts). */
export interface Endpoint {
  method: "GET" | "POST" | "PATCH";
  /**
   * Under STAFF_API. `:id` is always a lead's id: the server answers 404 unless the caller's role may see that
   * lead (permissions.ts, maySeeLead), before it reads anything else of the request. Other `:names` are ids
   * within it, or of another thing (`:openingId`), which its handler looks up.
   */
  path: string;
  /** null: anyone (set-up and sign-in); otherwise a signed-in person whose role has it (anyone else: 404). */
  permission: Permission | null;
  /** The query string's schema (empty values are left out before it reads them). */
  query?: z.ZodType;
  /** The JSON body's schema; a body that is not JSON is refused with 400 `malformed`. */
  request?: z.ZodType;
  /** How a query or body its schema refuses is answered; by default 400 `malformed`. */
  refusal?: { status: 400 | 422; error: ErrorCode; message?: string | ((refused: RefusedInput) => string) };
  /**
   * The answer: JSON by this schema; null for 204 with no body; "file" for a download (or a PDF shown inline);
   * "session" for better-auth's own session object, which the staff app never reads.
   */
  answer: z.ZodType | null | "file" | "session";
  /** The status of a JSON answer, when not 200. */
  status?: 201;
}

/** The names of a path's `:params`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with its params filled in, each encoded. */
export const filledPath = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(params[param] ?? ""));

/** The JSON answer a row gives (undefined for 204, never for a file or the session). */
export type AnswerOfRow<E extends Pick<Endpoint, "answer">> = E["answer"] extends z.ZodType
  ? z.output<E["answer"]>
  : E["answer"] extends null
    ? undefined
    : never;

/** A refusal's sentence when whoever refuses gives none. */
export const REFUSAL_WORDS: Partial<Record<ErrorCode, string>> = {
  unauthenticated: "Sign in to continue.",
  not_found: "There is no such lead, or it is not one your role works on.",
  bad_origin: "This request did not come from the staff inbox.",
  malformed: "The request could not be read.",
};
export const REFUSED = "The request was refused.";

/** The first thing a schema refused, as a refusal names it. */
export const refusedInputOf = (error: z.ZodError): RefusedInput => {
  const issue = error.issues[0];
  return { path: issue?.path.join(".") ?? "", message: issue?.message ?? "is not valid" };
};

/**
 * How an endpoint answers a query or body its schema refuses: the row's refusal (by default 400 `malformed`),
 * in its words, the schema's, or the code's own.
 */
export function inputRefusal(endpoint: Pick<Endpoint, "refusal">, refused: RefusedInput) {
  const { refusal } = endpoint;
  const words = refusal?.message;
  const error = refusal?.error ?? "malformed";
  const message =
    typeof words === "function" ? words(refused) : (words ?? (refusal ? refused.message : undefined));
  return { status: refusal?.status ?? 400, error, message: message ?? REFUSAL_WORDS[error] ?? REFUSED };
}
