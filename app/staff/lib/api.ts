import { redirect } from "react-router";
import type { z } from "../../../leads/zod.ts";
import {
  auditPageAnswer,
  auditQuery,
  type ErrorCode,
  eraseAnswer,
  erasePreviewAnswer,
  eraseRequest,
  errorAnswer,
  type InboxFilters,
  inboxQuery,
  leadChangeAnswer,
  leadChangeRequest,
  leadListAnswer,
  leadPageAnswer,
  meAnswer,
  noteAnswer,
  noteRequest,
  peopleAnswer,
  setupConfirmRequest,
  setupInspectAnswer,
  setupInspectQuery,
  setupPasswordAnswer,
  setupPasswordRequest,
  signInRequest,
} from "../../../staff/api.ts";
import {
  callAnswer,
  callRequest,
  replyAnswer,
  replyRequest,
  settingsAnswer,
  settingsRequest,
  unmatchedPageAnswer,
} from "../../../staff/conversation.ts";
import { reportsAnswer, reportsQuery } from "../../../staff/reports.ts";
import { signInPath } from "./staff-paths";

/** Where the staff API lives (server/staff/staff-api.ts, mounted by the server). */
export const STAFF_API = "/api/staff";

interface Endpoint {
  method: "GET" | "POST" | "PATCH";
  /** Under STAFF_API; `:id` is a lead's id, `:replyId` one of its replies. */
  path: string;
  /** The contract's schema of the query string, for a GET that takes one. */
  query?: z.ZodType;
  /** The contract's schema of the JSON body. */
  request?: z.ZodType;
  /** The contract's schema of the answer; null: 204, no body. */
  answer: z.ZodType | null;
}

/**
 * Every call the staff app makes, with the contract's schemas (staff/api.ts): requests are built by them and
 * answers read through them, so the app never works on a shape the contract does not describe.
 */
export const STAFF_ENDPOINTS = {
  me: { method: "GET", path: "/me", answer: meAnswer },
  signIn: { method: "POST", path: "/sign-in", request: signInRequest, answer: meAnswer },
  signOut: { method: "POST", path: "/sign-out", answer: null },
  setup: { method: "GET", path: "/setup", query: setupInspectQuery, answer: setupInspectAnswer },
  setupPassword: {
    method: "POST",
    path: "/setup/password",
    request: setupPasswordRequest,
    answer: setupPasswordAnswer,
  },
  setupConfirm: { method: "POST", path: "/setup/confirm", request: setupConfirmRequest, answer: null },
  leads: { method: "GET", path: "/leads", query: inboxQuery, answer: leadListAnswer },
  lead: { method: "GET", path: "/leads/:id", answer: leadPageAnswer },
  changeLead: { method: "PATCH", path: "/leads/:id", request: leadChangeRequest, answer: leadChangeAnswer },
  addNote: { method: "POST", path: "/leads/:id/notes", request: noteRequest, answer: noteAnswer },
  people: { method: "GET", path: "/people", answer: peopleAnswer },
  erasePreview: { method: "POST", path: "/erase/preview", request: eraseRequest, answer: erasePreviewAnswer },
  erase: { method: "POST", path: "/erase", request: eraseRequest, answer: eraseAnswer },
  audit: { method: "GET", path: "/audit", query: auditQuery, answer: auditPageAnswer },
  sendReply: { method: "POST", path: "/leads/:id/replies", request: replyRequest, answer: replyAnswer },
  retryReply: { method: "POST", path: "/leads/:id/replies/:replyId/retry", answer: replyAnswer },
  logCall: { method: "POST", path: "/leads/:id/calls", request: callRequest, answer: callAnswer },
  notSpam: { method: "POST", path: "/leads/:id/not-spam", answer: leadChangeAnswer },
  // The server reads its page as the audit's (a number from 1, anything else page 1).
  unmatched: { method: "GET", path: "/unmatched", query: auditQuery, answer: unmatchedPageAnswer },
  settings: { method: "GET", path: "/settings", answer: settingsAnswer },
  saveSettings: { method: "PATCH", path: "/settings", request: settingsRequest, answer: settingsAnswer },
  reports: { method: "GET", path: "/reports", query: reportsQuery, answer: reportsAnswer },
} as const satisfies Record<string, Endpoint>;

type Endpoints = typeof STAFF_ENDPOINTS;
export type EndpointName = keyof Endpoints;
export type AnswerOf<N extends EndpointName> = Endpoints[N]["answer"] extends z.ZodType
  ? z.output<Endpoints[N]["answer"]>
  : undefined;
type InputOf<N extends EndpointName, K extends "query" | "request"> =
  Endpoints[N] extends Record<K, z.ZodType> ? z.input<Endpoints[N][K]> : never;

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
const UNREADABLE_MESSAGE = "The server answered in a way this page does not understand. Reload the page.";

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

/** The request as the contract has it, or the refusal the server would give for it. */
function build(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new StaffApiError(
    400,
    "malformed",
    `Check the ${issue?.path.join(".") || "request"}: ${issue?.message}.`,
  );
}

function refusal(response: Response, body: unknown): StaffApiError {
  const refused = errorAnswer.safeParse(body);
  const retryAfter = Number(response.headers.get("Retry-After"));
  return new StaffApiError(
    response.status,
    refused.success ? refused.data.error : "unreadable",
    refused.success ? refused.data.message : FALLBACK_MESSAGE,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/**
 * One call to the staff API: same-origin cookies, JSON both ways, request and answer checked against the
 * contract. Resolves to the answer (undefined for 204) or throws a StaffApiError with the API's own message.
 */
export async function staffApi<N extends EndpointName>(
  name: N,
  options: {
    /** The lead, for the calls about one. */
    id?: string;
    /** The reply, for the calls about one of the lead's replies. */
    replyId?: string;
    query?: InputOf<N, "query">;
    body?: InputOf<N, "request">;
    signal?: AbortSignal;
  } = {},
): Promise<AnswerOf<N>> {
  const endpoint: Endpoint = STAFF_ENDPOINTS[name];
  const body = endpoint.request ? build(endpoint.request, options.body) : undefined;
  const query = endpoint.query
    ? searchOf(build(endpoint.query, options.query) as Record<string, unknown>)
    : "";
  const path = endpoint.path
    .replace(":id", encodeURIComponent(options.id ?? ""))
    .replace(":replyId", encodeURIComponent(options.replyId ?? ""));
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
  const answer = endpoint.answer.safeParse(parsed);
  if (!answer.success) {
    // Where the answer left the contract, never what it held (it may be a lead's personal data).
    console.error(
      `staff API ${name}: answer outside the contract at`,
      answer.error.issues.map((i) => i.path),
    );
    throw new StaffApiError(response.status, "unreadable", UNREADABLE_MESSAGE);
  }
  return answer.data as AnswerOf<N>;
}

/** A lead's resume: shown inline (a PDF in a sandboxed frame) or downloaded. */
export const resumeUrl = (id: string, { download = false } = {}) =>
  `${STAFF_API}/leads/${encodeURIComponent(id)}/resume${download ? "?download=1" : ""}`;

/** A file that came with the person's message on a lead's thread: always downloaded, never shown. */
export const attachmentUrl = (leadId: string, attachmentId: string) =>
  `${STAFF_API}/leads/${encodeURIComponent(leadId)}/attachments/${encodeURIComponent(attachmentId)}`;

/** A file of a message that matched no lead (admins' "Unmatched mail"): always downloaded, never shown. */
export const unmatchedAttachmentUrl = (messageId: string, attachmentId: string) =>
  `${STAFF_API}/unmatched/${encodeURIComponent(messageId)}/attachments/${encodeURIComponent(attachmentId)}`;

/** The CSV of every lead the filters match (all pages). */
export function exportUrl(filters: InboxFilters): string {
  const query = searchOf(filters);
  return `${STAFF_API}/export.csv${query ? `?${query}` : ""}`;
}

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
