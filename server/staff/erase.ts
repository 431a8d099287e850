import { formLabelOf } from "../../staff/labels.ts";
import type { LeadStore } from "../store/lead-store.ts";
import { audit } from "./audit.ts";
import { leadField } from "./inbox.ts";
import type { StaffDb } from "./staff-db.ts";

/**
 * A person's erasure request: every lead whose e-mail is theirs, with its resume, deliveries, work state, notes
 * and history. The API (admin) and `leads erase --email` both come here. The audit entry says how much went,
 * never whose.
 */
export function createEraser(deps: { staffDb: StaffDb; store: LeadStore }) {
  const { staffDb, store } = deps;
  const { db, dialect } = staffDb;

  const leadsOf = (email: string) =>
    db
      .selectFrom("leads as l")
      .select(["l.id", "l.form_id", "l.created_at", "l.resume_kind"])
      .where((eb) => eb(eb.fn("lower", [leadField(dialect, "email")]), "=", email.trim().toLowerCase()))
      .orderBy("l.created_at")
      .execute();

  const notesOf = async (ids: string[]) =>
    ids.length === 0
      ? 0
      : Number(
          (
            await db
              .selectFrom("lead_notes")
              .select((eb) => eb.fn.countAll<number>().as("count"))
              .where("lead_id", "in", ids)
              .executeTakeFirstOrThrow()
          ).count,
        );

  return {
    async preview(email: string) {
      const leads = await leadsOf(email);
      return {
        email: email.trim(),
        leads: leads.map((lead) => ({
          id: lead.id,
          formLabel: formLabelOf(lead.form_id),
          createdAt: new Date(Number(lead.created_at)).toISOString(),
        })),
        files: leads.filter((lead) => lead.resume_kind).length,
        notes: await notesOf(leads.map((lead) => lead.id)),
      };
    },

    async erase(email: string, actorId: string | null) {
      const ids = (await leadsOf(email)).map((lead) => lead.id);
      const notes = await notesOf(ids);
      const { leads, files } = await store.erase(ids);
      await audit(db, {
        actorId,
        action: "erase",
        detail: `${leads} lead(s), ${files} file(s), ${notes} note(s)`,
      });
      return { leads, files, notes };
    },
  };
}

export type Eraser = ReturnType<typeof createEraser>;
