import type { LeadFormId } from "../../leads/catalog.ts";
import { promiseInWords, RESPONSE_PROMISES } from "../../leads/promises.ts";
import type { LeadChange, LeadList, LeadPage } from "../../staff/api.ts";
import { type CallAnswer, callRequest } from "../../staff/conversation.ts";
import { PAGE_SIZE } from "../../staff/limits.ts";
import { FORMS_OF_ROLE, mayAdminister, maySee, maySeeLead, ROLES, type Role } from "../../staff/roles.ts";
import { statusesOf } from "../../staff/workflow.ts";
import { assignmentNotice } from "../mail/assignment-notice.ts";
import { type ConfirmationSettings, confirmationPlan } from "../mail/confirmation-plan.ts";
import type { NoticeSettings } from "../mail/staff-notices.ts";
import { newId } from "../store/ids.ts";
import type { LeadRecord, NewMail } from "../store/lead-records.ts";
import type { InboxSort, LeadFilters } from "../store/queries/inbox.ts";
import type { Store } from "../store/store.ts";
import { confirmationDelivery, conversationOf, toOtherRequest } from "./conversation-views.ts";
import { countGroups } from "./inbox-counts.ts";
import { toExportedLead, toHistoryEntry, toLeadDetail, toLeadRow, toNote } from "./lead-views.ts";
import type { StaffUser } from "./session.ts";
import { settingsOf } from "./staff-settings.ts";

/**
 * The staff inbox over the store: what a role may see (a lead of another role's forms answers as if it did not
 * exist), opening, changing and annotating a lead, each audited.
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

  /**
   * The lead if it exists and the role may see it (spam: admins only); null otherwise (the caller answers 404
   * either way).
   */
  const visibleLead = async (role: Role, id: string): Promise<LeadRecord | null> => {
    const lead = await leadWork.lead(id);
    return lead && maySeeLead(role, lead) ? lead : null;
  };

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

  /** Active, enrolled staff whose role shares at least one form with `role` (who may be given such leads). */
  const people = (role: Role) =>
    leadWork.assignable(ROLES.filter((other) => FORMS_OF_ROLE[other].some((form) => maySee(role, form))));

  return {
    async list(viewer: StaffUser, filters: LeadFilters, page: number, sort?: InboxSort): Promise<LeadList> {
      const { role } = viewer;
      const at = now();
      const [found, views] = await Promise.all([
        inbox.list(role, filters, page, PAGE_SIZE, sort),
        inbox.views(role, { id: viewer.id, admin: mayAdminister(role) }, at),
      ]);
      const { total, counts } = countGroups(role, filters, found.groups);
      return {
        leads: found.rows.map((row) => toLeadRow(row, at)),
        page,
        pageSize: PAGE_SIZE,
        total,
        counts: { ...counts, views },
        latestId: found.latestId,
      };
    },

    /** How many leads the filters match for the role (what an export will carry). */
    async count(role: Role, filters: LeadFilters) {
      return countGroups(role, filters, await inbox.counts(role, filters)).total;
    },

    /** Every matching lead the role may see, newest first, with every field and its source, in batches. */
    async *exportRows(role: Role, filters: LeadFilters) {
      for await (const rows of inbox.exportBatches(role, filters)) yield rows.map(toExportedLead);
    },

    /**
     * The lead page with its conversation (what the person sent now counts as read) and the person's other
     * requests the role may see; opening it marks the lead not new and is audited. Null when missing or not
     * the role's.
     */
    async open(actor: StaffUser, id: string): Promise<LeadPage | null> {
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      const at = now();
      const work = await leadWork.workOf(lead.id);
      if (!work?.first_opened_at) await leadWork.markOpened(lead.id, actor.id, at);
      await audit.record({ actorId: actor.id, action: "lead_viewed", leadId: lead.id }, at);
      // Read before it is marked read: the page shows which messages are new to whoever opens it.
      const thread = await conversationOf(conversation, lead.id, actor.role);
      await conversation.markRead(lead.id, at);
      const others = await conversation.otherRequests(
        lead.id,
        { email: work?.email_key ?? null, phone: work?.phone_key ?? null },
        actor.role,
      );
      return {
        lead: await detailOf(lead),
        notes: (await leadWork.notes(lead.id)).map(toNote),
        history: (await leadWork.history(lead.id)).map(toHistoryEntry),
        conversation: thread,
        otherRequests: others.map(toOtherRequest),
      };
    },

    /** The resume of a lead the role may see, audited; null when there is none to give. */
    async resume(actor: StaffUser, id: string) {
      const lead = await visibleLead(actor.role, id);
      if (!lead?.resume) return null;
      const blob = await leadWork.resume(lead.id);
      if (!blob) return null;
      await audit.record({ actorId: actor.id, action: "resume_downloaded", leadId: lead.id });
      return { blob, resume: lead.resume };
    },

    /** A file that came with one of the person's messages on a lead the role may see, audited; or null. */
    async attachment(actor: StaffUser, id: string, attachmentId: string) {
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      const file = await deps.store.inbound.attachmentOf({ leadId: lead.id }, attachmentId);
      if (!file) return null;
      await audit.record({ actorId: actor.id, action: "attachment_downloaded", leadId: lead.id });
      return file;
    },

    /**
     * "Not spam" (admins): the lead goes into delivery and gets its confirmation, audited. Null when it is not
     * an admin's to see; false when it was not spam.
     */
    async notSpam(actor: StaffUser, id: string) {
      if (!mayAdminister(actor.role)) return null;
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      const at = now();
      const plan = confirmationPlan(
        { formId: lead.formId as LeadFormId, state: "pending", fields: lead.fields },
        deps.confirmations,
      );
      if (!(await deps.store.intake.releaseSpam(lead.id, actor.id, plan, at))) return false;
      await audit.record({ actorId: actor.id, action: "marked_not_spam", leadId: lead.id }, at);
      deps.onOutboxWork?.();
      const released = await leadWork.lead(lead.id);
      return released ? { lead: await detailOf(released) } : null;
    },

    /**
     * Changes status and/or assignee, each change in the history and the audit. Null when the lead is not
     * the role's; a string names what was refused.
     */
    async update(actor: StaffUser, id: string, change: LeadChange) {
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      if (change.status !== undefined && !statusesOf(lead.formId).includes(change.status))
        return "bad_status" as const;
      let assignee: { id: string; name: string; email: string } | null | undefined;
      if (change.assigneeId === null) assignee = null;
      else if (change.assigneeId !== undefined) {
        const candidate = (await people(actor.role)).find((person) => person.id === change.assigneeId);
        if (!candidate || !maySee(candidate.role, lead.formId)) return "bad_assignee" as const;
        assignee = candidate;
      }
      const at = now();
      const notice = assignee ? await noticeFor(actor, lead, assignee) : undefined;
      const changed = await leadWork.change(
        lead.id,
        actor.id,
        { status: change.status, assignee, notice },
        at,
      );
      if (changed.assignee && notice?.recipientId === changed.assignee.to) deps.onOutboxWork?.();
      const record = { actorId: actor.id, leadId: lead.id };
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
     * and the audit (never its note). Null when the lead is not the role's (checked before the body, so a
     * refusal tells nobody outside the role that the lead exists); "bad_call" for an outcome or note refused.
     */
    async logCall(actor: StaffUser, id: string, body: unknown): Promise<CallAnswer | "bad_call" | null> {
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      const parsed = callRequest.safeParse(body);
      if (!parsed.success) return "bad_call";
      const call = parsed.data;
      const at = now();
      const callId = newId(at);
      await leadWork.logCall({ id: callId, leadId: lead.id, ...call }, actor.id, at);
      await audit.record(
        { actorId: actor.id, action: "call_logged", leadId: lead.id, detail: call.outcome },
        at,
      );
      return {
        message: {
          kind: "call",
          id: callId,
          at: new Date(at).toISOString(),
          author: { id: actor.id, name: actor.name, email: actor.email },
          outcome: call.outcome,
          note: call.note,
        },
      };
    },

    async addNote(actor: StaffUser, id: string, text: string) {
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      const at = now();
      const noteId = await leadWork.addNote(lead.id, actor.id, text, at);
      await audit.record({ actorId: actor.id, action: "note_added", leadId: lead.id }, at);
      return {
        note: toNote({
          id: noteId,
          created_at: at,
          author_id: actor.id,
          name: actor.name,
          email: actor.email,
          text,
        }),
      };
    },

    people,
  };
}

export type Inbox = ReturnType<typeof createInbox>;
