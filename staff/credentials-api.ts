import { CREDENTIALS } from "../leads/credential-checklist.ts";
import { ITEM_STATUSES } from "../leads/credential-status.ts";
import { z } from "../leads/zod.ts";
import type { Endpoint } from "./endpoint-shape.ts";

/**
 * A nurse's credential file in the staff API's contract, as zod schemas: the file as the lead page shows it (its
 * checklist items with status, fields, latest file and history, and the private link's state) and what recruiters
 * send to request documents and to verify or reject an item. Only applications have one.
 */

const isoTime = z.iso.datetime();

/** The longest reason a rejection gives; the nurse reads it in her e-mail and on her page. */
export const REJECT_REASON_MAX = 500;

/** The private link's state: never sent, working until `expiresAt`, revoked, or past its 30 days. */
export const LINK_STATES = ["none", "active", "revoked", "expired"] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const DOCUMENT_TYPES = ["pdf", "jpeg", "png", "heic"] as const;

const fieldValue = z.object({ name: z.string(), label: z.string(), value: z.string() });

const submittedFile = z.object({ type: z.enum(DOCUMENT_TYPES), size: z.number().int() });

export const submissionEntry = z.object({
  id: z.string(),
  submittedAt: isoTime,
  fields: z.array(fieldValue),
  file: submittedFile.nullable(),
  decision: z.enum(["verified", "rejected"]).nullable(),
  reason: z.string().nullable(),
  decidedAt: isoTime.nullable(),
});
export type SubmissionEntry = z.infer<typeof submissionEntry>;

export const credentialItemEntry = z.object({
  id: z.string(),
  name: z.string(),
  /** "required": the item comes with a file; "none": its fields are the whole of it (references). */
  document: z.enum(["required", "none"]),
  status: z.enum(ITEM_STATUSES),
  /** A rejection's reason. */
  reason: z.string().nullable(),
  /** The last day the latest submission is valid (YYYY-MM-DD); null: it does not expire, or nothing yet. */
  validThrough: z.string().nullable(),
  /** Every submission, newest first: the first is the one a review is about. */
  history: z.array(submissionEntry),
});
export type CredentialItemEntry = z.infer<typeof credentialItemEntry>;

export const credentialLink = z.object({
  state: z.enum(LINK_STATES),
  /** The checklist the link was sent for. */
  credential: z.enum(CREDENTIALS).nullable(),
  sentAt: isoTime.nullable(),
  expiresAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
});
export type CredentialLink = z.infer<typeof credentialLink>;

export const credentialFileAnswer = z.object({
  /** The credential the application gave, which "Request documents" starts from; null when it gave none. */
  appliedAs: z.enum(CREDENTIALS).nullable(),
  link: credentialLink,
  items: z.array(credentialItemEntry),
  /** "4 of 8 done": done is submitted or verified. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
});
export type CredentialFile = z.infer<typeof credentialFileAnswer>;

export const requestDocumentsRequest = z.object({
  credential: z.enum(CREDENTIALS, { error: `Choose a credential: ${CREDENTIALS.join(", ")}.` }),
});

/** A review is about the submission the recruiter looked at: a newer one since makes it refused (409). */
export const verifyRequest = z.object({ submissionId: z.string().min(1).max(64) });

export const rejectRequest = z.object({
  submissionId: z.string().min(1).max(64),
  reason: z
    .string({ error: "Give the reason the nurse will read." })
    .trim()
    .min(1, "Give the reason the nurse will read.")
    .max(REJECT_REASON_MAX, `Keep the reason within ${REJECT_REASON_MAX} characters.`),
});

/** A submission's file: shown in place (PDF, images) unless `download=1`. */
export const documentQuery = z.object({ download: z.literal("1").optional().catch(undefined) });

// The rows of the endpoint table (endpoints.ts writes each path): recruiters and admins, answering the file as it
// is after the change, or one of its documents.
const PERMISSION = { permission: "credentials:manage" } as const;
const REFUSAL = { status: 422, error: "bad_documents" } as const satisfies Endpoint["refusal"];
const change = <const P extends string, const R extends z.ZodType>(path: P, request: R) =>
  ({ method: "POST", path, ...PERMISSION, request, refusal: REFUSAL, answer: credentialFileAnswer }) as const;

export const CREDENTIAL_ROWS = {
  file: <const P extends string>(path: P) =>
    ({ method: "GET", path, ...PERMISSION, answer: credentialFileAnswer }) as const,
  document: <const P extends string>(path: P) =>
    ({ method: "GET", path, ...PERMISSION, query: documentQuery, answer: "file" }) as const,
  link: <const P extends string>(path: P) =>
    ({ method: "POST", path, ...PERMISSION, answer: credentialFileAnswer }) as const,
  request: <const P extends string>(path: P) => change(path, requestDocumentsRequest),
  verify: <const P extends string>(path: P) => change(path, verifyRequest),
  reject: <const P extends string>(path: P) => change(path, rejectRequest),
};
