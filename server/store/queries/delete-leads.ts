import type { LeadDb } from "../database.ts";
import type { DocumentKeeper } from "../document-files.ts";
import type { Engine } from "../engine.ts";

/**
 * Deletes the leads `doomedOf` selects in one short transaction, with their deliveries, notes, history and
 * credential file (ON DELETE CASCADE), then their files, resumes and credential documents: rows first, so a
 * crash in between leaves orphan files, which the next start sweeps. Purge (operations.ts) and erasure
 * (erasure.ts) both delete this way.
 */
export async function deleteLeads(
  engine: Engine,
  documents: DocumentKeeper,
  doomedOf: (trx: LeadDb) => Promise<{ id: string; resume_kind: string | null }[]>,
): Promise<{ leads: number; files: number }> {
  const { rows, submissions } = await engine.write(async (trx) => {
    const doomed = await doomedOf(trx);
    if (doomed.length === 0) return { rows: doomed, submissions: [] };
    const ids = doomed.map((row) => row.id);
    const withFiles = await trx
      .selectFrom("credential_submissions")
      .select("id")
      .where("lead_id", "in", ids)
      .where("file_type", "is not", null)
      .execute();
    await trx.deleteFrom("leads").where("id", "in", ids).execute();
    return { rows: doomed, submissions: withFiles.map((row) => row.id) };
  });
  const files = (await engine.resumes.remove(rows)) + (await documents.remove(submissions));
  return { leads: rows.length, files };
}
