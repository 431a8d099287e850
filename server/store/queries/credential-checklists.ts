import type { Credential } from "../../../leads/credential-checklist.ts";
import type { Engine } from "../engine.ts";

/** The checklists admins edit (the staff page, and the credential file's first request, through checklistFor). */
export interface ChecklistQueries {
  /** The catalog ids an admin chose for the credential, in order; null when none were (its defaults hold). */
  selection(credential: Credential): Promise<string[] | null>;
  /** Every credential's chosen ids, for those an admin edited. */
  selections(): Promise<Partial<Record<Credential, string[]>>>;
  /** Replaces the credential's checklist with `ids` (already checked against the catalog), in one transaction. */
  save(change: {
    credential: Credential;
    ids: readonly string[];
    by: string | null;
    now: number;
  }): Promise<void>;
}

export function checklistQueries(engine: Engine): ChecklistQueries {
  const { db } = engine;
  return {
    async selection(credential) {
      const rows = await db
        .selectFrom("credential_checklists")
        .select("item_id")
        .where("credential", "=", credential)
        .orderBy("position")
        .execute();
      return rows.length === 0 ? null : rows.map((row) => row.item_id);
    },

    async selections() {
      const rows = await db
        .selectFrom("credential_checklists")
        .select(["credential", "item_id"])
        .orderBy("credential")
        .orderBy("position")
        .execute();
      const chosen: Partial<Record<Credential, string[]>> = {};
      for (const row of rows) chosen[row.credential] = [...(chosen[row.credential] ?? []), row.item_id];
      return chosen;
    },

    async save({ credential, ids, by, now }) {
      await engine.write(async (trx) => {
        await trx.deleteFrom("credential_checklists").where("credential", "=", credential).execute();
        if (ids.length === 0) return;
        await trx
          .insertInto("credential_checklists")
          .values(
            ids.map((itemId, position) => ({
              credential,
              item_id: itemId,
              position,
              updated_at: now,
              updated_by: by,
            })),
          )
          .execute();
      });
    },
  };
}
