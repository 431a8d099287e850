import { onTestFinished, vi } from "vitest";
import type { z } from "../../../leads/zod.ts";
import { type ErrorCode, errorAnswer } from "../../../staff/api.ts";
import { inputRefusal, refusedInputOf } from "../../../staff/endpoint-shape.ts";
import { type AnswerOf, type EndpointName, STAFF_API, STAFF_ENDPOINTS } from "../../../staff/endpoints.ts";

/**
 * `fetch` for the staff pages' component tests: each test answers the calls it expects, and every answer must be
 * one the contract describes (staff/endpoints.ts). A query or body the endpoint's schema refuses is refused as
 * the server refuses it (its status, code and words), before the test's handler sees it. An answer its schema
 * does not parse, or a call the test did not expect, fails the test. The real server's answers are the staff UI
 * suite's part (tests/e2e-staff).
 */

/** A call as a test's handler sees it. */
export interface MockCall {
  name: EndpointName;
  /** The lead's id, for the calls about one. */
  id: string | undefined;
  /** The reply's id, for the calls about one of a lead's replies. */
  replyId: string | undefined;
  /** The opening's id, for the calls about one. */
  openingId: string | undefined;
  query: URLSearchParams;
  body: unknown;
}

/** A refusal: an HTTP status and the contract's error body. */
export class Refusal {
  readonly status: number;
  readonly body: { error: ErrorCode; message: string };
  readonly headers: Record<string, string>;
  constructor(status: number, error: ErrorCode, message: string, headers: Record<string, string> = {}) {
    this.status = status;
    this.body = { error, message };
    this.headers = headers;
  }
}

export const refuse = (status: number, error: ErrorCode, message: string, headers?: Record<string, string>) =>
  new Refusal(status, error, message, headers);

export type Handlers = {
  [N in EndpointName]?: (call: MockCall) => AnswerOf<N> | Refusal | Promise<AnswerOf<N> | Refusal>;
};

const ENDPOINTS = Object.entries(STAFF_ENDPOINTS).map(([name, endpoint]) => ({
  name: name as EndpointName,
  method: endpoint.method as string,
  pattern: new RegExp(`^${STAFF_API}${endpoint.path.replace(/:(\w+)/g, "(?<$1>[^/]+)")}$`),
  query: "query" in endpoint ? (endpoint.query as z.ZodType) : undefined,
  request: "request" in endpoint ? (endpoint.request as z.ZodType) : undefined,
  refusal: "refusal" in endpoint ? endpoint.refusal : undefined,
  answer: endpoint.answer,
}));

/** Where a value leaves a schema, as a violation's words give it. */
const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; ");

export interface MockStaffApi {
  /** Every call the pages made, in order. */
  calls: MockCall[];
  callsTo(name: EndpointName): MockCall[];
  /** Answers the contract does not describe; the test fails while any is left here. */
  violations: string[];
}

export function mockStaffApi(handlers: Handlers): MockStaffApi {
  const calls: MockCall[] = [];
  const violations: string[] = [];
  onTestFinished(() => {
    vi.unstubAllGlobals();
    if (violations.length) throw new Error(`answers outside the staff contract:\n${violations.join("\n")}`);
  });

  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://staff.test");
    const method = init.method ?? "GET";
    const endpoint = ENDPOINTS.find(
      (candidate) => candidate.method === method && candidate.pattern.test(url.pathname),
    );
    if (!endpoint) {
      violations.push(`${method} ${url.pathname}: not a call of the staff app`);
      throw new TypeError("Failed to fetch");
    }
    const handler = handlers[endpoint.name] as ((call: MockCall) => unknown) | undefined;
    if (!handler) {
      violations.push(`${endpoint.name}: called, and this test gives no answer for it`);
      throw new TypeError("Failed to fetch");
    }
    const params = endpoint.pattern.exec(url.pathname)?.groups ?? {};
    const decoded = (value: string | undefined) =>
      value === undefined ? undefined : decodeURIComponent(value);
    const call: MockCall = {
      name: endpoint.name,
      id: decoded(params.id),
      replyId: decoded(params.replyId),
      openingId: decoded(params.openingId),
      query: url.searchParams,
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const refused = [
      endpoint.query?.safeParse(Object.fromEntries(url.searchParams)),
      endpoint.request?.safeParse(call.body),
    ].find((parsed) => parsed?.success === false);
    if (refused?.error) {
      const { status, ...body } = inputRefusal(endpoint, refusedInputOf(refused.error));
      return Response.json(body, { status });
    }
    const reply = await handler(call);
    if (reply instanceof Refusal) {
      if (!errorAnswer.safeParse(reply.body).success)
        violations.push(`${endpoint.name}: refusal ${JSON.stringify(reply.body)}`);
      return Response.json(reply.body, { status: reply.status, headers: reply.headers });
    }
    if (endpoint.answer === null) return new Response(null, { status: 204 });
    if (typeof endpoint.answer === "string") {
      violations.push(
        `${endpoint.name}: a ${endpoint.answer} endpoint, which the app links to and never fetches`,
      );
      throw new TypeError("Failed to fetch");
    }
    const checked = endpoint.answer.safeParse(reply);
    if (!checked.success) violations.push(`${endpoint.name}: ${issuesOf(checked.error)}`);
    return Response.json(reply);
  });

  return {
    calls,
    callsTo: (name) => calls.filter((call) => call.name === name),
    violations,
  };
}
