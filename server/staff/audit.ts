import { errorKind } from "../error-kind.ts";
import type { Logger } from "../logger.ts";
import { startPeriodic } from "../periodic.ts";
import type { LeadDb } from "../store/database.ts";
import { newId } from "../store/ids.ts";
import type { StaffDb } from "./staff-db.ts";

/** What the audit log records; each entry has who, when and at most a lead id, never a lead's personal data. */
export type AuditAction =
  | "sign_in"
  | "sign_in_failed"
  | "locked"
  | "sign_out"
  | "setup_completed"
  | "lead_viewed"
  | "resume_downloaded"
  | "export"
  | "status_changed"
  | "assignee_changed"
  | "note_added"
  | "erase"
  | "staff_added"
  | "staff_role_changed"
  | "staff_disabled"
  | "staff_reset";

export interface AuditEntry {
  actorId: string | null;
  action: AuditAction;
  leadId?: string | null;
  /** Counts, statuses, roles: never a name, an e-mail or a message. */
  detail?: string | null;
}

export const AUDIT_PAGE_SIZE = 100;
const DAY_MS = 86_400_000;
const SWEEP_MS = 60 * 60 * 1000;

export async function audit(db: LeadDb, entry: AuditEntry, at = Date.now()): Promise<void> {
  await db
    .insertInto("staff_audit")
    .values({
      id: newId(),
      at,
      actor_id: entry.actorId,
      action: entry.action,
      lead_id: entry.leadId ?? null,
      detail: entry.detail ?? null,
    })
    .execute();
}

export async function listAudit(db: LeadDb, page: number) {
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
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: new Date(Number(row.at)).toISOString(),
      actor: row.actor_id ? { id: row.actor_id, email: row.email ?? "" } : null,
      action: row.action,
      leadId: row.lead_id,
      detail: row.detail,
    })),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total: Number(total.count),
  };
}

/** Deletes audit entries older than `before`; returns how many. */
export async function purgeAudit(db: LeadDb, before: number): Promise<number> {
  const result = await db.deleteFrom("staff_audit").where("at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The staff side's hourly upkeep, also at start-up: audit entries older than AUDIT_RETENTION_DAYS are deleted,
 * and the planner's statistics refreshed (staff-db.ts). Logs counts only.
 */
export function startStaffUpkeep(options: {
  staffDb: StaffDb;
  logger: Logger;
  retentionDays: number;
  now?: () => number;
}) {
  const { staffDb, logger, retentionDays, now = Date.now } = options;
  const { run, stop } = startPeriodic(
    async () => {
      const removed = await purgeAudit(staffDb.db, now() - retentionDays * DAY_MS);
      await staffDb.optimize();
      logger.info({ auditRetentionDays: retentionDays, auditEntriesRemoved: removed }, "staff upkeep");
    },
    SWEEP_MS,
    (error) => logger.error({ retentionDays, err: errorKind(error) }, "staff upkeep failed"),
  );
  return { sweep: run, stop };
}
