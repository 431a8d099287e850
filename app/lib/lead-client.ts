import { site } from "~/content/site";
import type { SiteConfig } from "../../config/site.ts";
import { fieldNames, HONEYPOT_FIELD, type LeadForm, recipientFor } from "../../leads/catalog.ts";
import { RESUME_FIELD } from "../../leads/resume.ts";
import { leadSource } from "./lead-source";

type LeadConfig = Pick<SiteConfig, "email" | "leadEndpointTemplate">;

export interface LeadTarget {
  url: string;
  /** Our own API (`/api/leads/<id>`) rather than an outside form service. */
  ownApi: boolean;
}

/** Where a form posts: our API by default, or the configured form-service template (`{to}`, `{id}`). */
export function leadTarget(form: LeadForm, config: LeadConfig = site): LeadTarget {
  const template = config.leadEndpointTemplate.trim();
  if (!template) return { url: `/api/leads/${form.id}`, ownApi: true };
  const url = template
    .replaceAll("{to}", encodeURIComponent(recipientFor(form, config.email)))
    .replaceAll("{id}", form.id);
  return { url, ownApi: false };
}

export interface LeadSubmission {
  form: LeadForm;
  /** Validated values by schema field name; absent optional fields go out empty. */
  values: Record<string, string>;
  resume?: File | null;
  /** The honeypot's value: empty for people. */
  honey?: string;
  idempotencyKey: string;
  /** Where the visit came from (lead-source.ts); sent to our own API only, never to an outside service. */
  source?: Record<string, string>;
}

/**
 * The multipart body: every schema field, `to`, `subject`, the honeypot, the source fields if any, then the
 * file (last, so a streaming server reads the fields first).
 */
export function buildLeadBody(submission: LeadSubmission, config: LeadConfig = site): FormData {
  const { form, values, resume, honey = "", source = {} } = submission;
  const body = new FormData();
  for (const name of fieldNames(form)) {
    // A field the page fills (the application's opening) is sent only where the page filled it.
    const filledByPage = !form.controls.some((control) => control.name === name);
    if (filledByPage && values[name] === undefined) continue;
    body.append(name, values[name] ?? "");
  }
  body.append("to", recipientFor(form, config.email));
  body.append("subject", form.subject);
  body.append(HONEYPOT_FIELD, honey);
  for (const [name, value] of Object.entries(source)) body.append(name, value);
  if (form.acceptsResume && resume && resume.size > 0) body.append(RESUME_FIELD, resume, resume.name);
  return body;
}

export class LeadSubmissionError extends Error {
  readonly status?: number;
  constructor(message: string, status?: number) {
    super(message);
    this.name = "LeadSubmissionError";
    this.status = status;
  }
}

/**
 * Posts one lead. Only the status is read: 2xx resolves, anything else (or a network error) throws.
 * The browser sets the multipart Content-Type and boundary itself.
 */
export async function sendLead(
  submission: LeadSubmission,
  { config = site, fetcher = globalThis.fetch }: { config?: LeadConfig; fetcher?: typeof fetch } = {},
): Promise<Response> {
  const target = leadTarget(submission.form, config);
  const headers: Record<string, string> = { Accept: "application/json" };
  // A custom header would make a cross-origin form service demand a CORS preflight; only our API gets it.
  if (target.ownApi) headers["Idempotency-Key"] = submission.idempotencyKey;
  const response = await fetcher(target.url, {
    method: "POST",
    headers,
    body: buildLeadBody(target.ownApi ? { source: leadSource(), ...submission } : submission, config),
  });
  if (!response.ok) {
    throw new LeadSubmissionError(
      `Lead ${submission.form.id} was refused: ${response.status} ${response.statusText}`.trim(),
      response.status,
    );
  }
  return response;
}

/** A v4 UUID; falls back to getRandomValues where randomUUID is missing (plain-HTTP hosts). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
