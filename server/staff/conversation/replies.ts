import type { z } from "../../../leads/zod.ts";
import type { StaffUser } from "../../../staff/api.ts";
import type { ConversationEntry, replyRequest } from "../../../staff/conversation.ts";
import { MailRefusal } from "../../checks/mail-checks.ts";
import type { ServerConfig } from "../../config.ts";
import { buildStaffReply } from "../../mail/outgoing-mail.ts";
import { newId } from "../../store/ids.ts";
import type { Store } from "../../store/store.ts";
import type { LeadRecord } from "../../store/store-records.ts";
import { type Refusal, refuse } from "../api/refusals.ts";
import { sentEntry } from "../inbox/conversation-views.ts";

type ReplyMessage = Extract<ConversationEntry, { kind: "reply" }>;

/**
 * Staff replies from the lead page: checked (a subject or an address with a line break, a message over
 * 20,000 characters: refused), queued in the mail outbox in one transaction with the lead's history, sent by the
 * mail worker from MAIL_FROM with Reply-To REPLY_TO or the staff member's own address, threaded after the lead's
 * earlier messages. The audit records the lead and the Message-ID, never the text.
 */
export function createReplies(deps: {
  config: Pick<ServerConfig, "SMTP_URL" | "MAIL_FROM" | "REPLY_TO">;
  store: Pick<Store, "leadWork" | "mail" | "conversation" | "audit">;
  /** New mail was queued: the in-process mail worker looks now. */
  onQueued?: () => void;
  now: () => number;
}) {
  const { config, store, onQueued, now } = deps;
  const from = config.SMTP_URL && config.MAIL_FROM ? config.MAIL_FROM : undefined;

  const mailOff = () => refuse(409, "mail_off", "No mail server is set up (SMTP_URL and MAIL_FROM).");
  /** Nobody writes to what the honeypot caught: an admin takes it out of Spam first. */
  const spamRefusal = () =>
    refuse(422, "bad_reply", "This lead is in Spam: choose Not spam before replying to it.");

  const answerOf = async (leadId: string, id: string): Promise<ReplyMessage> => {
    const row = await store.conversation.sentMessage(leadId, id);
    const entry = row && sentEntry(row);
    if (entry?.kind !== "reply") throw new Error("the reply just queued is gone");
    return entry;
  };

  return {
    async send(
      actor: StaffUser,
      lead: LeadRecord,
      reply: z.output<typeof replyRequest>,
    ): Promise<{ message: ReplyMessage } | Refusal> {
      if (lead.state === "spam") return spamRefusal();
      if (!from) return mailOff();
      let built: ReturnType<typeof buildStaffReply>;
      try {
        built = buildStaffReply({
          to: lead.fields.email ?? "",
          subject: reply.subject,
          text: reply.text,
          staff: { name: actor.name, email: actor.email },
          thread: await store.mail.threadIds(lead.id),
          settings: { from, ...(config.REPLY_TO && { replyTo: config.REPLY_TO }) },
        });
      } catch (error) {
        if (error instanceof MailRefusal) return refuse(422, "bad_reply", error.message);
        throw error;
      }
      const at = now();
      const id = newId(at);
      await store.leadWork.reply(
        {
          id,
          kind: "reply",
          leadId: lead.id,
          to: String(built.message.to),
          subject: String(built.message.subject),
          text: String(built.message.text),
          envelope: built.envelope,
          messageId: built.messageId,
        },
        actor.id,
        at,
      );
      await store.audit.record(
        { actorId: actor.id, action: "reply_sent", leadId: lead.id, detail: `message ${built.messageId}` },
        at,
      );
      onQueued?.();
      return { message: await answerOf(lead.id, id) };
    },

    /** Sends a reply that was given up again (its Message-ID unchanged). */
    async retry(
      actor: StaffUser,
      lead: LeadRecord,
      replyId: string,
    ): Promise<{ message: ReplyMessage } | Refusal> {
      if (lead.state === "spam") return spamRefusal();
      if (!from) return mailOff();
      const at = now();
      if (!(await store.mail.retryReply(lead.id, replyId, at)))
        return refuse(422, "bad_retry", "Only a reply that could not be sent can be retried.");
      const row = await store.conversation.sentMessage(lead.id, replyId);
      await store.audit.record(
        {
          actorId: actor.id,
          action: "reply_retried",
          leadId: lead.id,
          detail: `message ${row?.message_id ?? ""}`,
        },
        at,
      );
      onQueued?.();
      return { message: await answerOf(lead.id, replyId) };
    },
  };
}

export type Replies = ReturnType<typeof createReplies>;
