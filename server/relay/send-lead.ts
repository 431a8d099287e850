import type { DeliveryProblem, ResumeInfo } from "../store/store-records.ts";
import { parseRetryAfter } from "./backoff.ts";

export type SendOutcome =
  | { ok: true; status: number }
  | {
      ok: false;
      status: number | null;
      problem: DeliveryProblem;
      error: string;
      retryAfterMs: number | null;
      /** Give up now, whatever the backoff says (a webhook's 410). */
      final?: boolean;
    };

export interface OutgoingLead {
  url: string;
  /** Sent as `_lead_id`: a lead can be sent twice (at least once), so recipients can recognise the repeat. */
  leadId: string;
  to: string;
  subject: string;
  fields: Record<string, string>;
  resume: { info: ResumeInfo; blob: Blob } | null;
}

/** The form service's own words, bounded; they name the problem (activation, bad address), never lead data. */
const excerpt = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 300);

/**
 * The spec's multipart payload: the form's fields, then `to`, `subject` (and FormSubmit's `_subject`), the
 * lead id as `_lead_id`, then the resume.
 */
export function buildPayload(lead: OutgoingLead): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(lead.fields)) body.append(name, value);
  body.append("to", lead.to);
  body.append("subject", lead.subject);
  body.append("_subject", lead.subject);
  body.append("_lead_id", lead.leadId);
  if (lead.resume) {
    body.append("resume", lead.resume.blob, lead.resume.info.name);
  }
  return body;
}

/** An HTTP attempt that got no answer: a timeout, or the error's name only (its message could echo the lead). */
export function networkFailure(error: unknown, timeoutMs: number): SendOutcome {
  const timedOut = error instanceof Error && error.name === "TimeoutError";
  return {
    ok: false,
    status: null,
    problem: "network",
    error: timedOut
      ? `no answer within ${timeoutMs} ms`
      : `request failed: ${error instanceof Error ? error.name : "error"}`,
    retryAfterMs: null,
  };
}

/** True for `true` or `"true"` (FormSubmit answers the string); a 2xx whose JSON says anything else did not deliver. */
const confirms = (value: unknown) => value === true || value === "true";

/** Posts one lead and decides whether the service really took it. */
export async function sendLead(
  lead: OutgoingLead,
  timeoutMs: number,
  now: () => number = Date.now,
  fetchImpl: typeof fetch = fetch,
  /** Aborts the attempt when the worker is stopping (SIGTERM), so its lease can be released. */
  stop?: AbortSignal,
): Promise<SendOutcome> {
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(lead.url, {
      method: "POST",
      headers: { Accept: "application/json" },
      body: buildPayload(lead),
      signal: stop ? AbortSignal.any([AbortSignal.timeout(timeoutMs), stop]) : AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    text = await response.text();
  } catch (error) {
    return networkFailure(error, timeoutMs);
  }

  const status = response.status;
  const retryAfterMs = parseRetryAfter(response.headers.get("Retry-After"), now());
  if (status >= 200 && status < 300) {
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    if (body && typeof body === "object" && "success" in body) {
      const verdict = body as { success: unknown; message?: unknown };
      if (confirms(verdict.success)) return { ok: true, status };
      const message = excerpt(typeof verdict.message === "string" ? verdict.message : "");
      return {
        ok: false,
        status,
        problem: /activat/i.test(message) ? "activation" : "configuration",
        error: `HTTP ${status} success=${String(verdict.success)}${message ? `: ${message}` : ""}`,
        retryAfterMs,
      };
    }
    // An HTML page, an empty body or other JSON: a proxy, a captcha wall or a wrong URL answered, not the service.
    const type = response.headers.get("Content-Type")?.split(";")[0]?.trim() || "no content type";
    return {
      ok: false,
      status,
      problem: "configuration",
      error: `HTTP ${status} without a confirmation (${text ? type : "empty body"}): check FORM_SERVICE_URL`,
      retryAfterMs,
    };
  }
  const transient = status === 408 || status === 425 || status === 429 || status >= 500;
  return {
    ok: false,
    status,
    problem: transient ? "service" : "configuration",
    error: `HTTP ${status}${text ? `: ${excerpt(text)}` : ""}`,
    retryAfterMs,
  };
}
