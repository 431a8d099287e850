import { fieldLabelOf, findLeadForm } from "../../../leads/catalog.ts";
import { firstNameOf } from "../../../leads/confirmations.ts";
import { RESUME_TYPES } from "../../../leads/resume.ts";
import type { AuditEntry, Person } from "../../../staff/api.ts";
import { promiseState } from "../../../staff/due.ts";
import { applicantOf, formLabelOf, nameOf, organisationOf } from "../../../staff/labels.ts";
import type { HistoryEntry, LeadDetail, LeadPromiseAnswer, LeadRow, Note } from "../../../staff/leads-api.ts";
import { NEW_STATUS, statusesOf } from "../../../staff/workflow.ts";
import type { ExportedLead } from "../../leads/lead-export.ts";
import { parseFields, sourceOf } from "../../store/database-rows.ts";
import type { AuditLog } from "../../store/queries/audit-log.ts";
import type { InboxRow } from "../../store/queries/inbox.ts";
import type { LeadWork } from "../../store/queries/lead-work.ts";
import type { LeadRecord } from "../../store/store-records.ts";

// The store's rows as the staff API's contract (staff/api.ts) describes them: times in ISO 8601, people as
// { id, name, email }, forms and fields by their labels.

const iso = (ms: number | string | bigint) => new Date(Number(ms)).toISOString();
const isoOrNull = (ms: number | string | bigint | null | undefined) =>
  ms === null || ms === undefined ? null : iso(ms);

/** The lead's promise at `now`: due, met or missed (a lead with no due time was due as it arrived). */
export function promiseOf(
  row: {
    due_at: number | string | bigint | null;
    first_response_at: number | string | bigint | null;
    created_at: number | string | bigint;
  },
  now: number,
): LeadPromiseAnswer {
  const state = promiseState(
    {
      dueAt: Number(row.due_at ?? row.created_at),
      firstResponseAt: row.first_response_at === null ? null : Number(row.first_response_at),
    },
    now,
  );
  return { dueAt: iso(state.dueAt), respondedAt: isoOrNull(state.respondedAt), state: state.state };
}

/** Someone a row names by id, or null when nobody is named or the account is gone. */
export const personOf = (id: string | null, name: string | null, email: string | null): Person | null =>
  id ? { id, name: name ?? "", email: email ?? "" } : null;

export const assigneeOf = (row: {
  assignee_id: string | null;
  assignee_name: string | null;
  assignee_email: string | null;
}) => personOf(row.assignee_id, row.assignee_name, row.assignee_email);

export function toLeadRow(row: InboxRow, now: number): LeadRow {
  const fields = parseFields(row.fields);
  return {
    id: row.id,
    formId: row.form_id as LeadRow["formId"],
    formLabel: formLabelOf(row.form_id),
    createdAt: iso(row.created_at),
    name: nameOf(fields),
    email: fields.email ?? "",
    organisation: organisationOf(fields),
    status: row.status,
    assignee: assigneeOf(row),
    delivery: deliveryOf(row.state),
    isNew: row.first_opened_at === null || row.first_opened_at === undefined,
    spam: row.state === "spam",
    unreadReplies: Number(row.unread_replies),
    awaitingUs: row.awaiting_since !== null,
    promise: promiseOf(row, now),
    opening: openingOf(row),
    ...applicantOf(row.form_id, fields),
    documents:
      Number(row.documents_total) > 0
        ? { done: Number(row.documents_done), total: Number(row.documents_total) }
        : null,
  };
}

/** The opening a row names, by id and title; null when none (or it is gone, which openings never are). */
const openingOf = (row: { opening_id: string | null; opening_title: string | null }) =>
  row.opening_id && row.opening_title !== null ? { id: row.opening_id, title: row.opening_title } : null;

// Spam goes nowhere: nothing of it is pending or given up (only the Spam view lists it).
const deliveryOf = (state: InboxRow["state"]) => (state === "spam" ? "delivered" : state);

/** A lead of the inbox's export: what the list shows, with every field and its source. */
export function toExportedLead(row: InboxRow & Parameters<typeof sourceOf>[0]): ExportedLead {
  return {
    id: row.id,
    formId: row.form_id,
    createdAt: Number(row.created_at),
    status: row.status,
    assignee: row.assignee_email,
    delivery: deliveryOf(row.state),
    opening: row.opening_title,
    fields: parseFields(row.fields),
    source: sourceOf(row),
  };
}

type Work = Awaited<ReturnType<LeadWork["workOf"]>>;

/**
 * The lead page's lead: its fields in the form's order (then any an older form had), labelled; its promise at
 * `now`, and in the words the confirmation used.
 */
export function toLeadDetail(
  lead: LeadRecord,
  work: Work,
  promise: { now: number; words: string },
): LeadDetail {
  const known: readonly string[] = findLeadForm(lead.formId)?.fields ?? [];
  const names = [
    ...known.filter((name) => name in lead.fields),
    ...Object.keys(lead.fields).filter((name) => !known.includes(name)),
  ];
  return {
    id: lead.id,
    formId: lead.formId as LeadDetail["formId"],
    formLabel: formLabelOf(lead.formId),
    createdAt: iso(lead.createdAt),
    fields: names.map((name) => ({
      name,
      label: fieldLabelOf(lead.formId, name),
      value: lead.fields[name] ?? "",
    })),
    resume: lead.resume
      ? {
          filename: lead.resume.name,
          contentType: RESUME_TYPES[lead.resume.kind],
          size: lead.resume.size,
          inline: lead.resume.kind === "pdf",
        }
      : null,
    source: lead.source,
    status: work?.status ?? NEW_STATUS,
    statuses: [...statusesOf(lead.formId)],
    assignee: work ? assigneeOf(work) : null,
    deliveries: lead.deliveries.map((delivery) => ({
      channel: delivery.channel,
      state: delivery.state,
      attempts: delivery.attempts,
      lastAttemptAt: isoOrNull(delivery.lastAttemptAt),
      lastError: delivery.lastError,
      problem: delivery.problem,
    })),
    spam: lead.state === "spam",
    firstName: firstNameOf(lead.fields),
    promise: promiseOf(
      {
        due_at: work?.due_at ?? null,
        first_response_at: work?.first_response_at ?? null,
        created_at: lead.createdAt,
      },
      promise.now,
    ),
    promiseWords: promise.words,
    opening: work ? openingOf(work) : null,
  };
}

export const toNote = (row: Awaited<ReturnType<LeadWork["notes"]>>[number]): Note => ({
  id: row.id,
  author: personOf(row.author_id, row.name, row.email),
  at: iso(row.created_at),
  text: row.text,
});

export const toHistoryEntry = (row: Awaited<ReturnType<LeadWork["history"]>>[number]): HistoryEntry => ({
  id: row.id,
  at: iso(row.at),
  actor: personOf(row.actor_id, row.name, row.email),
  action: row.action as HistoryEntry["action"],
  from: row.from_value,
  to: row.to_value,
});

export const toAuditEntry = (row: Awaited<ReturnType<AuditLog["page"]>>["rows"][number]): AuditEntry => ({
  id: row.id,
  at: iso(row.at),
  actor: row.actor_id ? { id: row.actor_id, email: row.email ?? "" } : null,
  action: row.action as AuditEntry["action"],
  leadId: row.lead_id,
  detail: row.detail,
});
