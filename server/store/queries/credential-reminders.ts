import type { ChecklistItem, Credential } from "../../../leads/credential-checklist.ts";
import { parseFields } from "../database-rows.ts";
import type { Engine } from "../engine.ts";
import type { NewMail } from "../store-records.ts";
import { replaceLink } from "./credential-links.ts";
import { queueMail } from "./mail-outbox.ts";

/**
 * The expiry reminders' bookkeeping (server/documents/reminder-sweep.ts). Every instance sweeps; a reminder is
 * claimed by the insert of its `credential_reminders` row (item, kind, the last valid day it is about) in the
 * transaction that renews the nurse's link and queues her mail, so only the instance whose inserts all landed
 * sends anything, and a restart finds the row and sends nothing again.
 */

/** A verified item whose last valid day is near or past. */
export interface ExpiringItem {
  itemId: string;
  leadId: string;
  name: string;
  validThrough: string;
  /** The kinds already sent about this last valid day. */
  sent: string[];
}

export interface ReminderLead {
  id: string;
  fields: Record<string, string>;
  /** The credential of the lead's latest link: a renewed link keeps it. */
  credential: Credential;
}

export interface ReminderClaim {
  leadId: string;
  reminders: readonly { itemId: string; kind: string; validThrough: string }[];
  /** The renewed link and the mail carrying it; null: recorded as decided, nothing sent (no usable address). */
  send: {
    link: { id: string; credential: Credential; tokenHash: string; expiresAt: number };
    mail: NewMail;
  } | null;
  now: number;
}

/** Another instance claimed one of the reminders first: the whole claim is rolled back. */
class ClaimLost extends Error {}

export function reminderQueries(engine: Engine) {
  const { db, write } = engine;
  return {
    /**
     * Verified items of leads not caught as spam whose last valid day is on or before `horizon`, and whose
     * "expired" reminder is not sent yet: up to `limit`, by lead after `afterLead`, whole leads only; `next` is
     * the lead to read on after when the page was full, null when it was the last.
     */
    async expiring(
      horizon: string,
      afterLead: string | null,
      limit: number,
    ): Promise<{ items: ExpiringItem[]; next: string | null }> {
      const rows = await db
        .selectFrom("credential_items as ci")
        .innerJoin("leads as l", "l.id", "ci.lead_id")
        .select(["ci.id", "ci.lead_id", "ci.definition", "ci.valid_through"])
        .where("ci.review", "=", "verified")
        .where("ci.valid_through", "is not", null)
        .where("ci.valid_through", "<=", horizon)
        .where("l.state", "!=", "spam")
        .$if(afterLead !== null, (query) => query.where("ci.lead_id", ">", afterLead ?? ""))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("credential_reminders as r")
                .select("r.item_id")
                .whereRef("r.item_id", "=", "ci.id")
                .whereRef("r.valid_through", "=", "ci.valid_through")
                .where("r.kind", "=", "expired"),
            ),
          ),
        )
        .orderBy("ci.lead_id")
        .orderBy("ci.position")
        .limit(limit)
        .execute();
      const full = rows.length === limit;
      const last = rows.at(-1)?.lead_id;
      // A full page may end inside a lead: that lead is read whole on the next page (a checklist is short).
      const whole =
        full && rows.some((row) => row.lead_id !== last) ? rows.filter((row) => row.lead_id !== last) : rows;
      const next = full ? (whole.at(-1)?.lead_id ?? null) : null;
      const sent =
        whole.length === 0
          ? []
          : await db
              .selectFrom("credential_reminders")
              .select(["item_id", "kind", "valid_through"])
              .where(
                "item_id",
                "in",
                whole.map((row) => row.id),
              )
              .execute();
      const items = whole.map((row) => ({
        itemId: row.id,
        leadId: row.lead_id,
        name: (JSON.parse(row.definition) as ChecklistItem).name,
        validThrough: row.valid_through ?? "",
        sent: sent
          .filter((entry) => entry.item_id === row.id && entry.valid_through === row.valid_through)
          .map((entry) => entry.kind),
      }));
      return { items, next };
    },

    /** The leads' fields and the credential of their latest link (a lead with no link is left out). */
    async leads(ids: readonly string[]): Promise<ReminderLead[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("leads as l")
        .innerJoin("credential_requests as q", "q.lead_id", "l.id")
        .select(["l.id", "l.fields", "q.credential", "q.created_at"])
        .where("l.id", "in", ids)
        .orderBy("q.created_at", "desc")
        .execute();
      const found = new Map<string, ReminderLead>();
      for (const row of rows)
        if (!found.has(row.id))
          found.set(row.id, { id: row.id, fields: parseFields(row.fields), credential: row.credential });
      return [...found.values()];
    },

    /**
     * Records the reminders and, with `send`, renews the lead's link and queues the mail, in one transaction;
     * false when any of the reminders was recorded already (another instance, an earlier run): nothing then.
     */
    async claim({ leadId, reminders, send, now }: ReminderClaim): Promise<boolean> {
      try {
        return await write(async (trx) => {
          for (const reminder of reminders) {
            const inserted = await trx
              .insertInto("credential_reminders")
              .values({
                item_id: reminder.itemId,
                lead_id: leadId,
                kind: reminder.kind,
                valid_through: reminder.validThrough,
                sent_at: now,
              })
              .onConflict((conflict) => conflict.columns(["item_id", "kind", "valid_through"]).doNothing())
              .executeTakeFirst();
            if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw new ClaimLost();
          }
          if (send) {
            await replaceLink(trx, { ...send.link, leadId, by: null, now });
            await queueMail(trx, send.mail, now);
          }
          return true;
        });
      } catch (error) {
        if (error instanceof ClaimLost) return false;
        throw error;
      }
    },
  };
}

export type ReminderQueries = ReturnType<typeof reminderQueries>;
