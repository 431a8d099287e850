import { maskDocumentLinks } from "../../../leads/document-link-text.ts";
import type { Engine } from "../engine.ts";
import { PERSON_MAIL_KINDS } from "./mail-outbox.ts";

/**
 * The conversation on a lead as the store keeps it (decision 024): the messages the server sent about
 * it (the confirmation, staff replies; mail_outbox), the messages the person sent back (inbound_messages, with
 * their attachments), the calls staff logged, and the person's other leads.
 */
export function conversationQueries(engine: Engine) {
  const { db, write } = engine;

  const sentOf = (leadId: string) =>
    db
      .selectFrom("mail_outbox as m")
      .leftJoin("staff_user as u", "u.id", "m.author_id")
      .select([
        "m.id",
        "m.kind",
        "m.to_address",
        "m.subject",
        "m.text",
        "m.message_id",
        "m.not_sent",
        "m.state",
        "m.created_at",
        "m.attempts",
        "m.last_attempt_at",
        "m.last_error",
        "m.author_id",
        "u.name as author_name",
        "u.email as author_email",
      ])
      .where("m.lead_id", "=", leadId);

  const masked = <Row extends { text: string }>(row: Row): Row => ({
    ...row,
    text: maskDocumentLinks(row.text),
  });

  return {
    /**
     * The lead's messages sent and queued, oldest first, with their authors; a nurse's private link masked even
     * while its mail waits to be sent (staff never read a working token).
     */
    sent: async (leadId: string) =>
      (
        await sentOf(leadId)
          .where("m.kind", "in", PERSON_MAIL_KINDS)
          .orderBy("m.created_at")
          .orderBy("m.id")
          .execute()
      ).map(masked),

    /** One message sent about the lead, as its thread shows it; undefined when the lead has no such message. */
    sentMessage: async (leadId: string, id: string) => {
      const row = await sentOf(leadId).where("m.id", "=", id).executeTakeFirst();
      return row && masked(row);
    },

    /** The person's messages on the lead, oldest first. */
    received: (leadId: string) =>
      db
        .selectFrom("inbound_messages")
        .select(["id", "from_name", "from_address", "subject", "text", "received_at", "read_at"])
        .where("lead_id", "=", leadId)
        .orderBy("received_at")
        .orderBy("id")
        .execute(),

    /** The attachments of these messages, without their bytes. */
    attachmentsOf: async (messageIds: readonly string[]) =>
      messageIds.length === 0
        ? []
        : db
            .selectFrom("inbound_attachments")
            .select(["id", "inbound_id", "filename", "content_type", "size"])
            .where("inbound_id", "in", [...messageIds])
            .orderBy("id")
            .execute(),

    /** The calls logged on the lead, oldest first. */
    calls: (leadId: string) =>
      db
        .selectFrom("lead_calls as c")
        .leftJoin("staff_user as u", "u.id", "c.author_id")
        .select([
          "c.id",
          "c.outcome",
          "c.note",
          "c.at",
          "c.author_id",
          "u.name as author_name",
          "u.email as author_email",
        ])
        .where("c.lead_id", "=", leadId)
        .orderBy("c.at")
        .orderBy("c.id")
        .execute(),

    /**
     * The leads whose confirmation queued to `mailbox` after `since` and by `until`: those that used the mailbox's
     * one confirmation a day before one recorded as not sent at `until`.
     */
    confirmedBefore: (mailbox: string, since: number, until: number) =>
      db
        .selectFrom("mail_outbox as m")
        .innerJoin("leads as l", "l.id", "m.lead_id")
        .select(["l.form_id", "l.state"])
        .where("m.mailbox_key", "=", mailbox)
        .where("m.created_at", ">", since)
        .where("m.created_at", "<=", until)
        .execute(),

    /**
     * These messages of the person's on the lead have been read (those a staff member was shown); one that
     * arrived since stays unread. The lead's count of unread messages follows.
     */
    markRead: (leadId: string, messageIds: readonly string[], at: number) =>
      write(async (trx) => {
        if (messageIds.length > 0)
          await trx
            .updateTable("inbound_messages")
            .set({ read_at: at })
            .where("lead_id", "=", leadId)
            .where("id", "in", [...messageIds])
            .where("read_at", "is", null)
            .execute();
        await trx
          .updateTable("leads")
          .set((eb) => ({
            unread_replies: eb
              .selectFrom("inbound_messages")
              .select((count) => count.fn.countAll<number>().as("unread"))
              .where("lead_id", "=", leadId)
              .where("read_at", "is", null),
          }))
          .where("id", "=", leadId)
          .execute();
      }),

    /**
     * The other leads with the same e-mail key or phone key among `forms` (a role's scope; never spam), newest
     * first: a recruiter never learns that a nurse also asked for a demo.
     */
    async otherRequests(
      leadId: string,
      keys: { email: string | null; phone: string | null },
      forms: readonly string[],
    ) {
      if ((!keys.email && !keys.phone) || forms.length === 0) return [];
      return db
        .selectFrom("leads")
        .select(["id", "form_id", "created_at", "status"])
        .where("id", "!=", leadId)
        .where("state", "!=", "spam")
        .where("form_id", "in", [...forms])
        .where((eb) =>
          eb.or([
            ...(keys.email ? [eb("email_key", "=", keys.email)] : []),
            ...(keys.phone ? [eb("phone_key", "=", keys.phone)] : []),
          ]),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(OTHER_REQUESTS_MAX)
        .execute();
    },
  };
}

/** The most other requests a lead page lists. */
export const OTHER_REQUESTS_MAX = 50;

export type ConversationQueries = ReturnType<typeof conversationQueries>;
