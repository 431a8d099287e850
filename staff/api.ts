import { z } from "../leads/zod.ts";
import { ERROR_CODES } from "./error-codes.ts";
import { AUDIT_PAGE_SIZE, PAGE_MAX } from "./limits.ts";
import { ROLES } from "./roles.ts";

export { ERROR_CODES, type ErrorCode } from "./error-codes.ts";

/**
 * The staff API's contract (`/api/staff`) for people, sign-in and set-up, erasure, the audit log and errors,
 * as zod schemas; the inbox and one lead are in leads-api.ts, the conversation in conversation.ts, the
 * reports in reports-api.ts. The server validates requests and types its answers with them; the staff app's
 * component tests check their fake answers with them (app/staff/test/mock-staff-api.ts).
 */

const isoTime = z.iso.datetime();

// ---- People ---------------------------------------------------------------------------------------------

export const staffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personSchema>;

/** Who may be given a lead of the viewer's forms. */
export const peopleAnswer = z.object({ people: z.array(personSchema.extend({ role: z.enum(ROLES) })) });

// ---- Sign-in and set-up ---------------------------------------------------------------------------------

export const signInRequest = z.object({
  email: z.string().max(254),
  password: z.string().max(1000),
  code: z.string().max(20),
});
export const meAnswer = z.object({ user: staffUserSchema });

export const setupInspectQuery = z.object({ token: z.string().max(200) });
export const setupInspectAnswer = z.object({ email: z.string() });
export const setupPasswordRequest = z.object({ token: z.string().max(200), password: z.string().max(1000) });
export const setupPasswordAnswer = z.object({ totpUri: z.string(), secret: z.string() });
export const setupConfirmRequest = z.object({ token: z.string().max(200), code: z.string().max(20) });

// ---- Admin: erasure and audit ------------------------------------------------------------------------------

export const eraseRequest = z.object({ email: z.email() });
export const erasePreviewAnswer = z.object({
  email: z.string(),
  leads: z.array(z.object({ id: z.string(), formLabel: z.string(), createdAt: isoTime })),
  /** Their resumes, and the attachments of their messages (on their leads, and on their unmatched mail). */
  files: z.number().int(),
  notes: z.number().int(),
});
export type ErasePreview = z.infer<typeof erasePreviewAnswer>;
export const eraseAnswer = z.object({
  erased: z.object({ leads: z.number().int(), files: z.number().int(), notes: z.number().int() }),
});

/**
 * What the audit log records: who, when and at most a lead id, never a lead's personal data. An opening's entries
 * name it by its short id in their detail, with the fields changed or the status moved.
 */
export const AUDIT_ACTIONS = [
  "sign_in",
  "sign_in_failed",
  "locked",
  "sign_out",
  "setup_completed",
  "lead_viewed",
  "resume_downloaded",
  "export",
  "status_changed",
  "assignee_changed",
  "note_added",
  "erase",
  "staff_added",
  "staff_role_changed",
  "staff_disabled",
  "staff_reset",
  "reply_sent",
  "reply_retried",
  "attachment_downloaded",
  "marked_not_spam",
  "call_logged",
  "settings_changed",
  "unmatched_viewed",
  "reports_viewed",
  "opening_created",
  "opening_changed",
  "opening_status_changed",
  "credential_file_viewed",
  "credential_document_viewed",
  "credential_document_downloaded",
  "credential_item_verified",
  "credential_item_rejected",
  "documents_requested",
  "documents_link_renewed",
  "documents_link_revoked",
  "checklist_changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A paged list's page (the audit log, unmatched mail): a number from 1; anything else reads as page 1. */
export const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(PAGE_MAX).catch(1) });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: isoTime,
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  action: z.enum(AUDIT_ACTIONS),
  leadId: z.string().nullable(),
  /** Counts, statuses, roles: never a name, an e-mail or a message. */
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageAnswer = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.literal(AUDIT_PAGE_SIZE),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageAnswer>;

// ---- Errors -------------------------------------------------------------------------------------------------

/** Every refusal: a code for the program, a sentence for the person. */
export const errorAnswer = z.object({ error: z.enum(ERROR_CODES), message: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswer>;
