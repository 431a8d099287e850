import type { CallOutcome } from "../../../staff/conversation.ts";
import type { HistoryAction } from "../../../staff/leads-api.ts";
import type { Role } from "../../../staff/roles.ts";
import { NEW_STATUS } from "../../../staff/workflow.ts";
import type { LeadDb } from "../database.ts";
import type { Engine } from "../engine.ts";
import { newId } from "../ids.ts";
import { markAnswered } from "../response-clock.ts";
import type { NewMail } from "../store-records.ts";
import type { LeadReads } from "./lead-reads.ts";
import { queueMail } from "./mail-outbox.ts";
import { truthy } from "./staff-accounts.ts";

/** What changed in one update, as the history recorded it. */
export interface WorkChange {
  status?: { from: string; to: string };
  assignee?: { from: string | null; to: string | null };
}

/** One entry of a lead's history, in the transaction of the change it records. */
export const recordHistory = (
  trx: LeadDb,
  entry: {
    leadId: string;
    actorId: string;
    action: HistoryAction;
    from?: string | null;
    to?: string | null;
    at: number;
  },
) =>
  trx
    .insertInto("lead_history")
    .values({
      id: newId(),
      lead_id: entry.leadId,
      actor_id: entry.actorId,
      action: entry.action,
      from_value: entry.from ?? null,
      to_value: entry.to ?? null,
      at: entry.at,
    })
    .execute();

/**
 * A lead's work state in the inbox: its status, who has it, whether it was opened, its notes and its history.
 * Every change writes its history entry in the same transaction.
 */
export function leadWorkQueries(engine: Engine, reads: LeadReads) {
  const { db, write } = engine;

  return {
    /** The lead with its deliveries, or null. */
    lead: reads.get,
    /** The lead's resume as a Blob, or null. */
    resume: async (leadId: string) => (reads.validId(leadId) ? engine.resumes.read(db, leadId) : null),

    workOf: (leadId: string) =>
      db
        .selectFrom("leads as l")
        .leftJoin("staff_user as u", "u.id", "l.assignee_id")
        .leftJoin("openings as o", "o.id", "l.opening_id")
        .select([
          "l.status",
          "l.assignee_id",
          "l.first_opened_at",
          "u.name as assignee_name",
          "u.email as assignee_email",
          "l.due_at",
          "l.first_response_at",
          "l.email_key",
          "l.phone_key",
          "l.opening_id",
          "o.title as opening_title",
        ])
        .where("l.id", "=", leadId)
        .executeTakeFirst(),

    /** Marks the lead opened, with a history entry, unless someone opened it before. */
    markOpened: (leadId: string, actorId: string, at: number) =>
      write(async (trx) => {
        const opened = await trx
          .updateTable("leads")
          .set({ first_opened_at: at })
          .where("id", "=", leadId)
          .where("first_opened_at", "is", null)
          .executeTakeFirst();
        if (Number(opened.numUpdatedRows) === 1)
          await recordHistory(trx, { leadId, actorId, action: "viewed", at });
      }),

    /**
     * Sets the status and/or the assignee (`null`: nobody; `undefined`: unchanged) and records what changed
     * (the assignee by name in the history, by id in what it returns). `notice`, the new assignee's e-mail, is
     * queued in the same transaction, and only if the lead is newly theirs.
     */
    change: (
      leadId: string,
      actorId: string,
      change: {
        status?: string | undefined;
        assignee?: { id: string; name: string } | null | undefined;
        notice?: NewMail | undefined;
      },
      at: number,
    ) =>
      write(async (trx): Promise<WorkChange> => {
        const before = await trx
          .selectFrom("leads as l")
          .leftJoin("staff_user as u", "u.id", "l.assignee_id")
          .select(["l.status", "l.assignee_id", "u.name as assignee_name"])
          .where("l.id", "=", leadId)
          .executeTakeFirst();
        const fromStatus = before?.status ?? NEW_STATUS;
        const status = change.status ?? fromStatus;
        const fromAssignee = before?.assignee_id ?? null;
        const assigneeId = change.assignee === undefined ? fromAssignee : (change.assignee?.id ?? null);
        await trx
          .updateTable("leads")
          .set({ status, assignee_id: assigneeId })
          .where("id", "=", leadId)
          .execute();
        const changed: WorkChange = {};
        if (status !== fromStatus) {
          await recordHistory(trx, { leadId, actorId, action: "status", from: fromStatus, to: status, at });
          changed.status = { from: fromStatus, to: status };
          // Taking a lead out of New answers it (as migration 010 counted the leads before it); so does a reply.
          if (fromStatus === NEW_STATUS) await markAnswered(trx, leadId, at);
        }
        if (change.assignee !== undefined && assigneeId !== fromAssignee) {
          await recordHistory(trx, {
            leadId,
            actorId,
            action: "assignee",
            from: before?.assignee_name ?? null,
            to: change.assignee?.name ?? null,
            at,
          });
          changed.assignee = { from: fromAssignee, to: assigneeId };
          if (change.notice && change.notice.recipientId === assigneeId)
            await queueMail(trx, change.notice, at);
        }
        return changed;
      }),

    /**
     * Queues a staff reply in the mail outbox, with its history entry; a reply answers the lead (its first
     * response, if none came before) and the person no longer waits on us.
     */
    reply: (mail: NewMail & { leadId: string }, actorId: string, at: number) =>
      write(async (trx) => {
        await queueMail(trx, { ...mail, authorId: actorId }, at);
        await recordHistory(trx, { leadId: mail.leadId, actorId, action: "reply", at });
        await markAnswered(trx, mail.leadId, at);
        await trx.updateTable("leads").set({ awaiting_since: null }).where("id", "=", mail.leadId).execute();
      }),

    /**
     * Logs a call on the lead's thread, with its history entry; a call answers the lead (its first response, if
     * none came before), and one that reached the person means they no longer wait on us.
     */
    logCall: (
      call: { id: string; leadId: string; outcome: CallOutcome; note: string },
      actorId: string,
      at: number,
    ) =>
      write(async (trx) => {
        await trx
          .insertInto("lead_calls")
          .values({
            id: call.id,
            lead_id: call.leadId,
            author_id: actorId,
            outcome: call.outcome,
            note: call.note,
            at,
          })
          .execute();
        await recordHistory(trx, { leadId: call.leadId, actorId, action: "call", to: call.outcome, at });
        await markAnswered(trx, call.leadId, at);
        if (call.outcome === "reached")
          await trx
            .updateTable("leads")
            .set({ awaiting_since: null })
            .where("id", "=", call.leadId)
            .execute();
      }),

    /** Adds a note, with its history entry; returns the note's id. */
    addNote: (leadId: string, authorId: string, text: string, at: number) =>
      write(async (trx) => {
        const noteId = newId();
        await trx
          .insertInto("lead_notes")
          .values({ id: noteId, lead_id: leadId, author_id: authorId, text, created_at: at })
          .execute();
        await recordHistory(trx, { leadId, actorId: authorId, action: "note", to: noteId, at });
        return noteId;
      }),

    notes: (leadId: string) =>
      db
        .selectFrom("lead_notes as n")
        .leftJoin("staff_user as u", "u.id", "n.author_id")
        .select(["n.id", "n.created_at", "n.author_id", "u.name", "u.email", "n.text"])
        .where("n.lead_id", "=", leadId)
        .orderBy("n.created_at")
        .orderBy("n.id")
        .execute(),

    history: (leadId: string) =>
      db
        .selectFrom("lead_history as h")
        .leftJoin("staff_user as u", "u.id", "h.actor_id")
        .select(["h.id", "h.at", "h.actor_id", "u.name", "u.email", "h.action", "h.from_value", "h.to_value"])
        .where("h.lead_id", "=", leadId)
        .orderBy("h.at")
        .orderBy("h.id")
        .execute(),

    /** Active, enrolled staff of these roles, by name (who may be given a lead). */
    async assignable(roles: readonly Role[]) {
      const rows = await db
        .selectFrom("staff_user")
        .select(["id", "name", "email", "role", "disabled", "twoFactorEnabled"])
        .where("role", "in", roles)
        .orderBy("name")
        .execute();
      return rows
        .filter((row) => !truthy(row.disabled) && truthy(row.twoFactorEnabled))
        .map((row) => ({ id: row.id, name: row.name, email: row.email, role: row.role as Role }));
    },
  };
}

export type LeadWork = ReturnType<typeof leadWorkQueries>;
