import type { LeadDb } from "../database.ts";
import type { Engine } from "../engine.ts";

/**
 * Deletes the leads `doomedOf` selects in one short transaction, with their deliveries, notes and history (ON
 * DELETE CASCADE), then their files: rows first, so a crash in between leaves orphan files, which the next start
 * sweeps. Purge (operations.ts) and erasure (erasure.ts) both delete this way.
 */
export async function deleteLeads(
  engine: Engine,
  doomedOf: (trx: LeadDb) => Promise<{ id: string; resume_kind: string | null }[]>,
): Promise<{ leads: number; files: number }> {
  const rows = await engine.write(async (trx) => {
    const doomed = await doomedOf(trx);
    if (doomed.length > 0)
      await trx
        .deleteFrom("leads")
        .where(
          "id",
          "in",
          doomed.map((row) => row.id),
        )
        .execute();
    return doomed;
  });
  return { leads: rows.length, files: await engine.resumes.remove(rows) };
}
