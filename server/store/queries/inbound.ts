import type { Engine } from "../engine.ts";
import { newId } from "../ids.ts";
import type { InboundMail } from "../store-records.ts";
import { PERSON_MAIL_KINDS } from "./mail-outbox.ts";

/** How long a message that matched no lead is kept for admins ("Unmatched mail"), then deleted. */
export const UNMATCHED_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What people send back (`POST /api/inbound/email`): each message stored once (by its Message-ID, so a
 * provider's retry or a replay adds nothing) on the lead one of our Message-IDs names, or unmatched for 30 days,
 * with its attachments.
 */
export function inboundQueries(engine: Engine, validId: (id: string) => boolean) {
  const { db, write } = engine;

  return {
    /** The lead of the first of these Message-IDs the server sent (the likeliest first); null for none. */
    async leadOf(messageIds: readonly string[]): Promise<string | null> {
      if (messageIds.length === 0) return null;
      const rows = await db
        .selectFrom("mail_outbox")
        .select(["message_id", "lead_id"])
        .where("message_id", "in", [...messageIds])
        // A staff notice names a lead too, but an answer to it is no message from the person.
        .where("kind", "in", PERSON_MAIL_KINDS)
        .where("lead_id", "is not", null)
        .execute();
      const byId = new Map(rows.map((row) => [row.message_id, row.lead_id]));
      for (const id of messageIds) {
        const lead = byId.get(id);
        if (lead) return lead;
      }
      return null;
    },

    /**
     * Stores the message on `leadId` (the lead now awaits us, with one more unread message) or unmatched; false
     * when a message with its Message-ID is stored already.
     */
    keep(message: InboundMail, leadId: string | null, at: number): Promise<boolean> {
      return write(async (trx) => {
        const id = newId(at);
        const stored = await trx
          .insertInto("inbound_messages")
          .values({
            id,
            lead_id: leadId,
            message_id: message.messageId,
            from_name: message.from.name,
            from_address: message.from.address,
            subject: message.subject,
            text: message.text,
            sent_at: message.date?.getTime() ?? null,
            received_at: at,
            read_at: null,
            expires_at: leadId ? null : at + UNMATCHED_KEEP_MS,
          })
          .onConflict((conflict) => conflict.column("message_id").doNothing())
          .returning("id")
          .executeTakeFirst();
        if (!stored) return false;
        for (const file of message.attachments)
          await trx
            .insertInto("inbound_attachments")
            .values({
              id: newId(at),
              inbound_id: id,
              filename: file.filename,
              content_type: file.contentType,
              size: file.size,
              sha256: file.sha256,
              content: file.content,
            })
            .execute();
        if (leadId)
          await trx
            .updateTable("leads")
            .set((eb) => ({ awaiting_since: at, unread_replies: eb("unread_replies", "+", 1) }))
            .where("id", "=", leadId)
            .execute();
        return true;
      });
    },

    /**
     * A file with its bytes: of a message on this lead, or (admins' "Unmatched mail") of this message that matched
     * no lead; undefined when there is no such file there.
     */
    async attachmentOf(owner: { leadId: string } | { unmatchedId: string }, attachmentId: string) {
      if (!validId(attachmentId) || ("unmatchedId" in owner && !validId(owner.unmatchedId))) return undefined;
      const file = db
        .selectFrom("inbound_attachments as a")
        .innerJoin("inbound_messages as m", "m.id", "a.inbound_id")
        .select(["a.filename", "a.content_type", "a.size", "a.content"])
        .where("a.id", "=", attachmentId);
      return (
        "leadId" in owner
          ? file.where("m.lead_id", "=", owner.leadId)
          : file.where("m.id", "=", owner.unmatchedId).where("m.lead_id", "is", null)
      ).executeTakeFirst();
    },

    /** A page of the mail that matched no lead, newest first, with its attachments (no bytes) and the total. */
    async unmatchedPage(page: number, pageSize: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("inbound_messages")
          .select(["id", "from_name", "from_address", "subject", "text", "received_at"])
          .where("lead_id", "is", null)
          .orderBy("received_at", "desc")
          .orderBy("id", "desc")
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        db
          .selectFrom("inbound_messages")
          .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
          .where("lead_id", "is", null)
          .executeTakeFirstOrThrow(),
      ]);
      const files =
        rows.length === 0
          ? []
          : await db
              .selectFrom("inbound_attachments")
              .select(["id", "inbound_id", "filename", "content_type", "size"])
              .where(
                "inbound_id",
                "in",
                rows.map((row) => row.id),
              )
              .orderBy("id")
              .execute();
      return { rows, files, total: Number(total.count) };
    },

    /** Deletes the unmatched messages kept past their 30 days (with their attachments); how many went. */
    async purgeUnmatched(now: number): Promise<number> {
      const removed = await write((trx) =>
        trx
          .deleteFrom("inbound_messages")
          .where("lead_id", "is", null)
          .where("expires_at", "<=", now)
          .executeTakeFirst(),
      );
      return Number(removed.numDeletedRows);
    },
  };
}

export type InboundQueries = ReturnType<typeof inboundQueries>;
