import type { AuditAction } from "../../../staff/api.ts";
import { AUDIT_PAGE_SIZE } from "../../../staff/limits.ts";
import { countOf, type Engine } from "../engine.ts";
import { newId } from "../ids.ts";

export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  leadId?: string | null;
  /** Counts, statuses, roles: never a name, an e-mail or a message. */
  detail?: string | null;
}

/** The staff audit log: who did what, when, to which lead at most; never a lead's personal data. */
export function auditLogQueries(engine: Engine) {
  const { db, write } = engine;
  return {
    record: (entry: AuditEntry, at = Date.now()) =>
      write((trx) =>
        trx
          .insertInto("staff_audit")
          .values({
            id: newId(),
            at,
            actor_id: entry.actorId,
            action: entry.action,
            lead_id: entry.leadId ?? null,
            detail: entry.detail ?? null,
          })
          .execute(),
      ).then(() => undefined),

    /** One page of entries, newest first, and how many there are in all. */
    async page(page: number) {
      const total = await db
        .selectFrom("staff_audit")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom("staff_audit as a")
        .leftJoin("staff_user as u", "u.id", "a.actor_id")
        .select(["a.id", "a.at", "a.actor_id", "u.email", "a.action", "a.lead_id", "a.detail"])
        .orderBy("a.at", "desc")
        .orderBy("a.id", "desc")
        .limit(AUDIT_PAGE_SIZE)
        .offset((page - 1) * AUDIT_PAGE_SIZE)
        .execute();
      return { rows, total: countOf(total.count) };
    },

    /** Deletes entries older than `before`; returns how many. */
    purgeBefore: (before: number) =>
      write(async (trx) => {
        const result = await trx.deleteFrom("staff_audit").where("at", "<", before).executeTakeFirst();
        return Number(result.numDeletedRows);
      }),
  };
}

export type AuditLog = ReturnType<typeof auditLogQueries>;
