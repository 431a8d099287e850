import type { DocumentKeeper } from "../document-files.ts";
import { BULK_BATCH, countOf, type Engine } from "../engine.ts";
import { deleteLeads } from "./delete-leads.ts";

export interface PersonsLeads {
  /** Oldest first. */
  leads: { id: string; formId: string; createdAt: number }[];
  /** Their files: resumes, and the documents of their credential files. */
  files: number;
  notes: number;
  /** The files that came with mail about them: on their leads' messages and on their unmatched mail. */
  attachments: number;
}

/** A person's erasure request (the admin's API and `leads erase`): every lead whose e-mail is theirs. */
export interface Erasure {
  /** The leads whose e-mail is this one, in any case, with how many resumes and notes they have. */
  leadsOf(email: string): Promise<PersonsLeads>;
  /**
   * Deletes these leads whatever their state, with their files, deliveries, notes and history; returns what
   * went. Unknown ids are skipped.
   */
  erase(ids: string[]): Promise<{ leads: number; files: number }>;
  /** Deletes the mail from this address that matched no lead ("Unmatched mail"), with its attachments. */
  eraseUnmatchedFrom(email: string): Promise<number>;
}

export function erasureQueries(
  engine: Engine,
  validId: (id: string) => boolean,
  documents: DocumentKeeper,
): Erasure {
  const { db } = engine;
  const key = (email: string) => email.trim().toLowerCase();
  const attachmentsOf = () =>
    db
      .selectFrom("inbound_attachments as a")
      .innerJoin("inbound_messages as m", "m.id", "a.inbound_id")
      .select((eb) => eb.fn.countAll<number>().as("count"));
  return {
    async leadsOf(email) {
      const rows = await db
        .selectFrom("leads as l")
        .select(["l.id", "l.form_id", "l.created_at", "l.resume_kind"])
        .where((eb) => eb(eb.fn("lower", [engine.sql.leadField("email")]), "=", key(email)))
        .orderBy("l.created_at")
        .execute();
      const ids = rows.map((row) => row.id);
      let notes = 0;
      let files = rows.filter((row) => row.resume_kind).length;
      let attachments = countOf(
        (
          await attachmentsOf()
            .where("m.lead_id", "is", null)
            .where((eb) => eb(eb.fn("lower", ["m.from_address"]), "=", key(email)))
            .executeTakeFirstOrThrow()
        ).count,
      );
      for (let start = 0; start < ids.length; start += BULK_BATCH) {
        const chunk = ids.slice(start, start + BULK_BATCH);
        const counted = await db
          .selectFrom("lead_notes")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("lead_id", "in", chunk)
          .executeTakeFirstOrThrow();
        notes += countOf(counted.count);
        const withFiles = await db
          .selectFrom("credential_submissions")
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .where("lead_id", "in", chunk)
          .where("file_type", "is not", null)
          .executeTakeFirstOrThrow();
        files += countOf(withFiles.count);
        attachments += countOf(
          (await attachmentsOf().where("m.lead_id", "in", chunk).executeTakeFirstOrThrow()).count,
        );
      }
      return {
        leads: rows.map((row) => ({ id: row.id, formId: row.form_id, createdAt: Number(row.created_at) })),
        files,
        notes,
        attachments,
      };
    },

    async eraseUnmatchedFrom(email) {
      const removed = await engine.write((trx) =>
        trx
          .deleteFrom("inbound_messages")
          .where("lead_id", "is", null)
          .where((eb) => eb(eb.fn("lower", ["from_address"]), "=", key(email)))
          .executeTakeFirst(),
      );
      return Number(removed.numDeletedRows);
    },

    async erase(ids) {
      const result = { leads: 0, files: 0 };
      const known = ids.filter(validId);
      for (let start = 0; start < known.length; start += BULK_BATCH) {
        const chunk = known.slice(start, start + BULK_BATCH);
        const removed = await deleteLeads(engine, documents, (trx) =>
          trx.selectFrom("leads").select(["id", "resume_kind"]).where("id", "in", chunk).execute(),
        );
        result.leads += removed.leads;
        result.files += removed.files;
      }
      return result;
    },
  };
}
