import { redirect } from "react-router";
import type { z } from "../../../leads/zod.ts";
import {
  type AnswerOf,
  type EndpointName,
  type ParamsOf,
  pathOf,
  STAFF_API,
  STAFF_ENDPOINTS,
  type StaffEndpoints,
} from "../../../staff/endpoints.ts";
import { ERROR_CODES, type ErrorCode } from "../../../staff/error-codes.ts";
import type { InboxFilters } from "../../../staff/leads-api.ts";
import { signInPath } from "./staff-paths";

export { type AnswerOf, type EndpointName, STAFF_API, STAFF_ENDPOINTS };

/** The endpoints that answer JSON (or nothing): the ones `staffApi` calls. Files are links (`fileUrl`). */
type JsonEndpoint = {
  [N in EndpointName]: StaffEndpoints[N]["answer"] extends "file" | "session" ? never : N;
}[EndpointName];
type FileEndpoint = {
  [N in EndpointName]: StaffEndpoints[N]["answer"] extends "file" ? N : never;
}[EndpointName];

type InputOf<N extends EndpointName, K extends "query" | "request"> =
  StaffEndpoints[N] extends Record<K, z.ZodType> ? z.input<StaffEndpoints[N][K]> : never;

/** Why a call failed: the API's code and sentence, or the app's own for what never reached or left it. */
export type FailureCode = ErrorCode | "network" | "unreadable";

export class StaffApiError extends Error {
  readonly status: number;
  readonly code: FailureCode;
  /** Seconds, from Retry-After on a 429. */
  readonly retryAfter: number | null;

  constructor(status: number, code: FailureCode, message: string, retryAfter: number | null = null) {
    super(message);
    this.name = "StaffApiError";
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

const FALLBACK_MESSAGE = "Something went wrong on our side. Please try again.";
export const UNREADABLE_MESSAGE =
  "The server answered in a way this page does not understand. Reload the page.";

/** A query string from a request's values: empty ones left out, and page 1 (every list's default). */
export function searchOf(values: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(values).filter(
    ([key, value]) =>
      value !== undefined && value !== null && value !== "" && !(key === "page" && value === 1),
  );
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/** A paged list's URL (the audit log, unmatched mail) for one of its pages: page 1 is the bare path. */
export function pagePath(path: string, page: number): string {
  const query = searchOf({ page });
  return query ? `${path}?${query}` : path;
}

/** The API's refusal ({ error, message }: the contract's errorAnswer), or null for any other body. */
function refusalOf(body: unknown): { error: ErrorCode; message: string } | null {
  if (typeof body !== "object" || body === null) return null;
  const { error, message } = body as Record<string, unknown>;
  return ERROR_CODES.includes(error as ErrorCode) && typeof message === "string"
    ? { error: error as ErrorCode, message }
    : null;
}

function refusal(response: Response, body: unknown): StaffApiError {
  const refused = refusalOf(body);
  const retryAfter = Number(response.headers.get("Retry-After"));
  return new StaffApiError(
    response.status,
    refused?.error ?? "unreadable",
    refused?.message ?? FALLBACK_MESSAGE,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/**
 * One call to the staff API: same-origin cookies, JSON both ways. Resolves to the answer (undefined for 204) or
 * throws a StaffApiError with the API's own message. The server is the contract's one reader at run time: it
 * checks every request by the table's schemas and refuses, in the table's words, what they refuse; its answers
 * are the contract's by its own tests (server/staff/api/staff-contract.test.ts), and the app's component tests
 * hold their fake answers to it (app/staff/test/mock-staff-api.ts). So the app carries no schema: its build reads
 * the table as methods and paths alone (config/staff-endpoint-routes.ts), and zod loads only with the pages whose
 * forms check what is typed.
 */
export async function staffApi<N extends JsonEndpoint>(
  name: N,
  options: {
    /** The lead, for the calls about one. */
    id?: string;
    /** The reply, for the calls about one of the lead's replies. */
    replyId?: string;
    /** The credential file's item, for a review of it. */
    itemId?: string;
    /** The opening, for the calls about one. */
    openingId?: string;
    /** The credential, for the call about its checklist. */
    credential?: string;
    query?: InputOf<N, "query">;
    body?: InputOf<N, "request">;
    signal?: AbortSignal;
  } = {},
): Promise<AnswerOf<N>> {
  const endpoint = STAFF_ENDPOINTS[name];
  const { body } = options;
  const query = options.query ? searchOf(options.query as Record<string, unknown>) : "";
  const path = pathOf(name, {
    id: options.id ?? "",
    replyId: options.replyId ?? "",
    itemId: options.itemId ?? "",
    openingId: options.openingId ?? "",
    credential: options.credential ?? "",
  } as unknown as ParamsOf<N>);
  let response: Response;
  try {
    response = await fetch(`${STAFF_API}${path}${query ? `?${query}` : ""}`, {
      method: endpoint.method,
      credentials: "same-origin",
      headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new StaffApiError(0, "network", "The server could not be reached. Check the connection and retry.");
  }
  const text = response.status === 204 ? "" : await response.text().catch(() => "");
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's error page): read as no answer.
  }
  if (!response.ok) throw refusal(response, parsed);
  if (endpoint.answer === null) return undefined as AnswerOf<N>;
  // A JSON endpoint answers an object; anything else (an empty or proxy's page with a 200) is no answer.
  if (typeof parsed !== "object" || parsed === null)
    throw new StaffApiError(response.status, "unreadable", UNREADABLE_MESSAGE);
  return parsed as AnswerOf<N>;
}

/** A file endpoint's address (a link, a frame's source, a download): its params and query filled in. */
export function fileUrl<N extends FileEndpoint>(
  name: N,
  params: ParamsOf<N>,
  query: Readonly<Record<string, unknown>> = {},
): string {
  const search = searchOf(query);
  return `${STAFF_API}${pathOf(name, params)}${search ? `?${search}` : ""}`;
}

/** A lead's resume: shown inline (a PDF in a sandboxed frame) or downloaded. */
export const resumeUrl = (id: string, { download = false } = {}) =>
  fileUrl("resume", { id }, download ? { download: "1" } : {});

/** A document of a nurse's credential file: shown in place (PDF, images) or downloaded. */
export const credentialDocumentUrl = (id: string, submissionId: string, { download = false } = {}) =>
  fileUrl("credentialDocument", { id, submissionId }, download ? { download: "1" } : {});

/** A file that came with the person's message on a lead's thread: always downloaded, never shown. */
export const attachmentUrl = (id: string, attachmentId: string) =>
  fileUrl("attachment", { id, attachmentId });

/** A file of a message that matched no lead (admins' "Unmatched mail"): always downloaded, never shown. */
export const unmatchedAttachmentUrl = (messageId: string, attachmentId: string) =>
  fileUrl("unmatchedAttachment", { messageId, attachmentId });

/** The CSV of every lead the filters match (all pages). */
export const exportUrl = (filters: InboxFilters) => fileUrl("exportCsv", {}, filters);

/** For loaders: a 401 sends the person to sign in (and back here after); other errors go on. */
export async function loadOrSignIn<T>(request: Request, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401)
      throw redirect(signInPath(new URL(request.url)));
    throw error;
  }
}
