import type { LeadFormId } from "../../../leads/catalog.ts";
import { addDays, EXPIRING_SOON_DAYS } from "../../../leads/credential-status.ts";
import { promiseInWords, RESPONSE_PROMISES } from "../../../leads/promises.ts";
import { NO_SOURCE_VALUE } from "../../../leads/source-labels.ts";
import type { z } from "../../../leads/zod.ts";
import type { StaffUser } from "../../../staff/api.ts";
import type { CallAnswer, callRequest } from "../../../staff/conversation.ts";
import type { InboxFilters, LeadChange, LeadList, LeadPage } from "../../../staff/leads-api.ts";
import { PAGE_SIZE } from "../../../staff/limits.ts";
import { leadScopeOf, maySeeLead, rolesSharingForms } from "../../../staff/permissions.ts";
import { isApplicationForm, statusesOf } from "../../../staff/workflow.ts";
import { assignmentNotice } from "../../mail/assignment-notice.ts";
import { type ConfirmationSettings, confirmationPlan } from "../../mail/confirmation-plan.ts";
import type { NoticeSettings } from "../../mail/staff-notices.ts";
import { newId } from "../../store/ids.ts";
import type { InboxSort, LeadFilters } from "../../store/queries/inbox.ts";
import type { Store } from "../../store/store.ts";
import type { LeadRecord, NewMail } from "../../store/store-records.ts";
import { settingsOf } from "../settings/staff-settings.ts";
import { confirmationDelivery, conversationOf, toOtherRequest } from "./conversation-views.ts";
import { countGroups } from "./inbox-counts.ts";
import { toExportedLead, toHistoryEntry, toLeadDetail, toLeadRow, toNote } from "./lead-views.ts";

const DAY_MS = 86_400_000;

/**
 * The inbox's filters as the store applies them: days as a half-open range of ms, NO_SOURCE_VALUE as null,
 * "Mine" as the viewer's id, "Overdue" as due before `now`.
 */
export function storeFiltersOf(
  query: InboxFilters,
  viewer: StaffUser,
  now: number,
  today = new Date(now).toISOString().slice(0, 10),
): LeadFilters {
  const { form, status, delivery, from, to, q, campaign, referrer, awaiting, mine, overdue, spam, opening } =
    query;
  const source = (value: string | undefined) => (value === NO_SOURCE_VALUE ? null : value);
  return {
    awaiting: awaiting === "1" || undefined,
    assigneeId: mine === "1" ? viewer.id : undefined,
    overdueAt: overdue === "1" ? now : undefined,
    spam: spam === "1" || undefined,
    form,
    status,
    delivery,
    from: from ? Date.parse(`${from}T00:00:00Z`) : undefined,
    to: to ? Date.parse(`${to}T00:00:00Z`) + DAY_MS : undefined,
    q: q || undefined,
    campaign: source(campaign),
    referrer: source(referrer),
    openingId: opening || undefined,
    documents: query.documents,
    day: { today, soon: addDays(today, EXPIRING_SOON_DAYS) },
  };
}

/**
 * The staff inbox over the store: listing a role's leads, opening, changing and annotating one, each audited.
 * Which leads a role may see is decided before any of this runs (permissions.ts, applied by the endpoint guard
 * and, for lists, by the scope each query takes).
 */
export function createInbox(deps: {
  store: Pick<
    Store,
    "inbox" | "leadWork" | "audit" | "conversation" | "mail" | "inbound" | "intake" | "staffAccounts"
  >;
  /** Assignment notices' settings; undefined without a mail server (none are sent). */
  notices: NoticeSettings | undefined;
  /** What a lead taken out of spam gets as its confirmation. */
  confirmations: ConfirmationSettings;
  /** Outbox work was committed (a lead out of spam): the workers look now. */
  onOutboxWork?: () => void;
  /** The business calendar's open hours per day (undefined when its days differ): the promises' words. */
  hoursPerBusinessDay: number | undefined;
  now?: () => number;
}) {
  const { now = Date.now, hoursPerBusinessDay } = deps;
  const { inbox, leadWork, audit, conversation, mail } = deps.store;

  /** The lead page's lead; its delivery panel lists the confirmation's delivery after the channels'. */
  const detailOf = async (lead: LeadRecord) => {
    const detail = toLeadDetail(lead, await leadWork.workOf(lead.id), {
      now: now(),
      words: promiseInWords(RESPONSE_PROMISES[lead.formId as LeadFormId], hoursPerBusinessDay),
    });
    const confirmation = await mail.confirmationOf(lead.id);
    if (!confirmation || confirmation.state === "not_sent") return detail;
    return { ...detail, deliveries: [...detail.deliveries, confirmationDelivery(confirmation)] };
  };

  /**
   * The e-mail telling the new assignee someone else gave them the lead, unless there is no mail server, they
   * gave it to themselves, or they turned these off ("My settings").
   */
  const noticeFor = async (
    actor: StaffUser,
    lead: LeadRecord,
    assignee: { id: string; email: string },
  ): Promise<NewMail | undefined> => {
    if (!deps.notices || assignee.id === actor.id) return undefined;
    if (!(await settingsOf(deps.store.staffAccounts, assignee.id)).assignmentEmails) return undefined;
    return assignmentNotice({ lead, assignee, assignedBy: actor, settings: deps.notices });
  };

  /** Active, enrolled staff whose role shares at least one form with the viewer's (who may be given its leads). */
  const people = (viewer: StaffUser) => leadWork.assignable(rolesSharingForms(viewer.role));

  return {
    async list(viewer: StaffUser, filters: LeadFilters, page: number, sort?: InboxSort): Promise<LeadList> {
      const scope = leadScopeOf(viewer.role);
      const at = now();
      const [found, views, openings] = await Promise.all([
        inbox.list(scope, filters, page, PAGE_SIZE, sort),
        inbox.views(scope, viewer.id, at),
        // Only applications are for an opening: a role that sees none is offered no Opening filter.
        scope.forms.some(isApplicationForm) ? inbox.openingCounts(scope, filters) : [],
      ]);
      const { total, counts } = countGroups(scope, filters, found.groups);
      return {
        leads: found.rows.map((row) => toLeadRow(row, at)),
        page,
        pageSize: PAGE_SIZE,
        total,
        counts: {
          ...counts,
          openings: openings.map((row) => ({ id: row.id, title: row.title, count: Number(row.count) })),
          views,
        },
        latestId: found.latestId,
      };
    },

    /** How many leads the filters match for the viewer (what an export will carry). */
    async count(viewer: StaffUser, filters: LeadFilters) {
      const scope = leadScopeOf(viewer.role);
      return countGroups(scope, filters, await inbox.counts(scope, filters)).total;
    },

    exportFieldNames: (viewer: StaffUser, filters: LeadFilters) =>
      inbox.exportFieldNames(leadScopeOf(viewer.role), filters),

    /** Every matching lead the viewer may see, newest first, with every field and its source, in batches. */
    async *exportRows(viewer: StaffUser, filters: LeadFilters) {
      for await (const rows of inbox.exportBatches(leadScopeOf(viewer.role), filters))
        yield rows.map(toExportedLead);
    },

    /**
     * The lead page with its conversation and the person's other requests the viewer may see, audited. Reading
     * it changes nothing else: the page marks the lead seen and the messages it showed read (`markSeen`).
     */
    async open(viewer: StaffUser, lead: LeadRecord): Promise<LeadPage> {
      await audit.record({ actorId: viewer.id, action: "lead_viewed", leadId: lead.id }, now());
      const work = await leadWork.workOf(lead.id);
      const others = await conversation.otherRequests(
        lead.id,
        { email: work?.email_key ?? null, phone: work?.phone_key ?? null },
        leadScopeOf(viewer.role).forms,
      );
      return {
        lead: await detailOf(lead),
        notes: (await leadWork.notes(lead.id)).map(toNote),
        history: (await leadWork.history(lead.id)).map(toHistoryEntry),
        conversation: await conversationOf(conversation, lead.id, viewer.role),
        otherRequests: others.map(toOtherRequest),
      };
    },

    /** The lead was shown: it is no longer new (its first opening goes in the history), and these messages are read. */
    async markSeen(viewer: StaffUser, lead: LeadRecord, readMessageIds: readonly string[]) {
      const at = now();
      await leadWork.markOpened(lead.id, viewer.id, at);
      await conversation.markRead(lead.id, readMessageIds, at);
    },

    /** The lead's resume, audited; null when it has none. */
    async resume(viewer: StaffUser, lead: LeadRecord) {
      if (!lead.resume) return null;
      const blob = await leadWork.resume(lead.id);
      if (!blob) return null;
      await audit.record({ actorId: viewer.id, action: "resume_downloaded", leadId: lead.id });
      return { blob, resume: lead.resume };
    },

    /** A file that came with one of the person's messages on the lead, audited; or null. */
    async attachment(viewer: StaffUser, lead: LeadRecord, attachmentId: string) {
      const file = await deps.store.inbound.attachmentOf({ leadId: lead.id }, attachmentId);
      if (!file) return null;
      await audit.record({ actorId: viewer.id, action: "attachment_downloaded", leadId: lead.id });
      return file;
    },

    /** "Not spam": the lead goes into delivery and gets its confirmation, audited. False when it was not spam. */
    async notSpam(viewer: StaffUser, lead: LeadRecord) {
      const at = now();
      const plan = confirmationPlan(
        { formId: lead.formId as LeadFormId, state: "pending", fields: lead.fields },
        deps.confirmations,
      );
      if (!(await deps.store.intake.releaseSpam(lead.id, viewer.id, plan, at))) return false;
      await audit.record({ actorId: viewer.id, action: "marked_not_spam", leadId: lead.id }, at);
      deps.onOutboxWork?.();
      const released = await leadWork.lead(lead.id);
      return released ? { lead: await detailOf(released) } : false;
    },

    /**
     * Changes status and/or assignee, each change in the history and the audit; a string names what was
     * refused: a status outside the lead's workflow, or someone who may not see the lead.
     */
    async update(viewer: StaffUser, lead: LeadRecord, change: LeadChange) {
      if (change.status !== undefined && !statusesOf(lead.formId).includes(change.status))
        return "bad_status" as const;
      let assignee: { id: string; name: string; email: string } | null | undefined;
      if (change.assigneeId === null) assignee = null;
      else if (change.assigneeId !== undefined) {
        const candidate = (await people(viewer)).find((person) => person.id === change.assigneeId);
        const spam = lead.state === "spam";
        if (!candidate || !maySeeLead(candidate.role, { formId: lead.formId, spam }))
          return "bad_assignee" as const;
        assignee = candidate;
      }
      const at = now();
      const notice = assignee ? await noticeFor(viewer, lead, assignee) : undefined;
      const changed = await leadWork.change(
        lead.id,
        viewer.id,
        { status: change.status, assignee, notice },
        at,
      );
      if (changed.assignee && notice?.recipientId === changed.assignee.to) deps.onOutboxWork?.();
      const record = { actorId: viewer.id, leadId: lead.id };
      if (changed.status)
        await audit.record(
          { ...record, action: "status_changed", detail: `${changed.status.from} -> ${changed.status.to}` },
          at,
        );
      if (changed.assignee)
        await audit.record(
          {
            ...record,
            action: "assignee_changed",
            detail: `${changed.assignee.from ?? "none"} -> ${changed.assignee.to ?? "none"}`,
          },
          at,
        );
      return { lead: await detailOf(lead) };
    },

    /**
     * "Log a call": the call on the lead's thread (its first response if it is the earliest), in the history
     * and the audit (never its note).
     */
    async logCall(
      viewer: StaffUser,
      lead: LeadRecord,
      call: z.output<typeof callRequest>,
    ): Promise<CallAnswer> {
      const at = now();
      const callId = newId(at);
      await leadWork.logCall({ id: callId, leadId: lead.id, ...call }, viewer.id, at);
      await audit.record(
        { actorId: viewer.id, action: "call_logged", leadId: lead.id, detail: call.outcome },
        at,
      );
      return {
        message: {
          kind: "call",
          id: callId,
          at: new Date(at).toISOString(),
          author: { id: viewer.id, name: viewer.name, email: viewer.email },
          outcome: call.outcome,
          note: call.note,
        },
      };
    },

    async addNote(viewer: StaffUser, lead: LeadRecord, text: string) {
      const at = now();
      const noteId = await leadWork.addNote(lead.id, viewer.id, text, at);
      await audit.record({ actorId: viewer.id, action: "note_added", leadId: lead.id }, at);
      return {
        note: toNote({
          id: noteId,
          created_at: at,
          author_id: viewer.id,
          name: viewer.name,
          email: viewer.email,
          text,
        }),
      };
    },

    people,
  };
}

export type Inbox = ReturnType<typeof createInbox>;
