import { type Kysely, sql } from "kysely";
import { backfill } from "./backfill.ts";
import type { StoreDialect } from "./dialect.ts";
import { personKeysAt009 } from "./frozen/person-keys-009.ts";

/**
 * The conversation on a lead (decision 024): the mail outbox (confirmations, staff replies and the
 * staff's notices, each with its own lease, retries and give-up, and a unique Message-ID and key so several
 * instances send it once), the messages people send back with their attachments, logged calls, each staff
 * member's settings, and the count that keeps one confirmation per address per 24 hours. Each lead gets its
 * person keys (e-mail lower-cased, phone in E.164), computed for the existing leads here by the rule as it stood
 * (frozen/person-keys-009.ts), and the two marks the inbox filters on: whether the person wrote last, and how
 * many of their messages nobody has read.
 */
export function conversation(dialect: StoreDialect) {
  const pg = dialect === "postgres";
  const id = pg ? "uuid" : "text";
  const millis = pg ? "bigint" : "integer";
  const bool = pg ? "boolean" : "integer";
  const bytes = pg ? "bytea" : "blob";

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("mail_outbox")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("kind", "text", (c) =>
          c.notNull().check(sql`kind IN ('confirmation', 'reply', 'assignment', 'escalation', 'digest')`),
        )
        .addColumn("lead_id", id, (c) => c.references("leads.id").onDelete("cascade"))
        .addColumn("author_id", "text", (c) => c.references("staff_user.id").onDelete("set null"))
        .addColumn("recipient_id", "text", (c) => c.references("staff_user.id").onDelete("cascade"))
        .addColumn("to_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        // From, Reply-To, In-Reply-To, References and headers as built when queued: every attempt sends the same.
        .addColumn("envelope", "text", (c) => c.notNull())
        .addColumn("message_id", "text", (c) => c.unique())
        // One message per key (a lead's escalation to one person, one day's digest), whichever instance queues it.
        .addColumn("dedupe_key", "text", (c) => c.unique())
        .addColumn("not_sent", "text")
        .addColumn("state", "text", (c) =>
          c.notNull().defaultTo("pending").check(sql`state IN ('pending', 'delivered', 'dead', 'not_sent')`),
        )
        .addColumn("created_at", millis, (c) => c.notNull())
        .addColumn("enqueued_at", millis, (c) => c.notNull())
        .addColumn("next_attempt_at", millis)
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("lease_until", millis)
        .addColumn("lease_token", "text")
        .addColumn("last_attempt_at", millis)
        .addColumn("last_status", "integer")
        .addColumn("last_error", "text")
        .addColumn("problem", "text")
        .execute();
      await db.schema.createIndex("mail_outbox_by_due").on("mail_outbox").column("next_attempt_at").execute();
      await db.schema
        .createIndex("mail_outbox_by_lead")
        .on("mail_outbox")
        .columns(["lead_id", "created_at"])
        .execute();

      await db.schema
        .createTable("inbound_messages")
        .addColumn("id", id, (c) => c.primaryKey())
        // null: it matched no lead ("Unmatched mail", kept until expires_at).
        .addColumn("lead_id", id, (c) => c.references("leads.id").onDelete("cascade"))
        .addColumn("message_id", "text", (c) => c.unique())
        .addColumn("from_name", "text", (c) => c.notNull())
        .addColumn("from_address", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("sent_at", millis)
        .addColumn("received_at", millis, (c) => c.notNull())
        .addColumn("read_at", millis)
        .addColumn("expires_at", millis)
        .execute();
      await db.schema
        .createIndex("inbound_by_lead")
        .on("inbound_messages")
        .columns(["lead_id", "received_at"])
        .execute();
      await db.schema
        .createIndex("inbound_unmatched")
        .on("inbound_messages")
        .columns(["received_at"])
        .where(sql.ref("lead_id"), "is", null)
        .execute();

      await db.schema
        .createTable("inbound_attachments")
        .addColumn("id", id, (c) => c.primaryKey())
        .addColumn("inbound_id", id, (c) => c.notNull().references("inbound_messages.id").onDelete("cascade"))
        .addColumn("filename", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("sha256", "text", (c) => c.notNull())
        .addColumn("content", bytes, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("attachments_by_message")
        .on("inbound_attachments")
        .column("inbound_id")
        .execute();

      await db.schema
        .createTable("lead_calls")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("lead_id", id, (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("author_id", "text", (c) => c.references("staff_user.id").onDelete("set null"))
        .addColumn("outcome", "text", (c) => c.notNull())
        .addColumn("note", "text", (c) => c.notNull())
        .addColumn("at", millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("lead_calls_by_lead").on("lead_calls").columns(["lead_id", "at"]).execute();

      await db.schema
        .createTable("staff_settings")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("staff_user.id").onDelete("cascade"))
        .addColumn("assignment_emails", bool, (c) => c.notNull())
        .execute();

      // The SHA-256 of an address's key, not the address: this table outlives the leads it counted.
      await db.schema
        .createTable("confirmation_limits")
        .addColumn("address_hash", "text", (c) => c.primaryKey())
        .addColumn("confirmed_at", millis, (c) => c.notNull())
        .execute();

      await db.schema.alterTable("leads").addColumn("email_key", "text").execute();
      await db.schema.alterTable("leads").addColumn("phone_key", "text").execute();
      await db.schema.alterTable("leads").addColumn("awaiting_since", millis).execute();
      await db.schema
        .alterTable("leads")
        .addColumn("unread_replies", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await backfill(db, dialect, { email_key: "text", phone_key: "text" }, ({ fields }) => {
        const keys = personKeysAt009(fields);
        return [keys.email, keys.phone];
      });
      await db.schema.createIndex("leads_by_email_key").on("leads").column("email_key").execute();
      await db.schema.createIndex("leads_by_phone_key").on("leads").column("phone_key").execute();
      await db.schema
        .createIndex("leads_awaiting")
        .on("leads")
        .columns(["awaiting_since", "form_id", "state"])
        .where(sql.ref("awaiting_since"), "is not", null)
        .execute();
      await db.schema
        .createIndex("leads_by_assignee")
        .on("leads")
        .columns(["assignee_id", "form_id", "state", "created_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const index of ["leads_by_assignee", "leads_awaiting", "leads_by_phone_key", "leads_by_email_key"])
        await db.schema.dropIndex(index).execute();
      for (const column of ["unread_replies", "awaiting_since", "phone_key", "email_key"])
        await db.schema.alterTable("leads").dropColumn(column).execute();
      for (const table of [
        "confirmation_limits",
        "staff_settings",
        "lead_calls",
        "inbound_attachments",
        "inbound_messages",
        "mail_outbox",
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}
