import type { Readable } from "node:stream";
import type { ChecklistItem } from "../../../leads/credential-checklist.ts";
import type { DocumentType, ItemReview } from "../credential-rows.ts";
import type { DocumentKeeper } from "../document-files.ts";
import type { Engine } from "../engine.ts";
import { refreshDocumentSummaries } from "./document-summary.ts";

export interface CredentialItem {
  id: string;
  key: string;
  position: number;
  definition: ChecklistItem;
  /** null: nothing submitted yet. */
  review: ItemReview | null;
  rejectReason: string | null;
  validThrough: string | null;
  /** The latest submission, which the review is about. */
  submissionId: string | null;
  reviewedAt: number | null;
}

export interface SubmittedFile {
  type: DocumentType;
  size: number;
  /** The key the file was written under. */
  keyId: string;
}

export interface Submission {
  id: string;
  itemId: string;
  submittedAt: number;
  fields: Record<string, string>;
  file: SubmittedFile | null;
  decision: "verified" | "rejected" | null;
  reason: string | null;
  decidedAt: number | null;
  decidedBy: string | null;
}

/** A lead's credential file: its checklist and every submission, with their files (the staff side and the nurse's page). */
export interface CredentialQueries {
  /** The lead's checklist, in order. */
  items(leadId: string): Promise<CredentialItem[]>;
  /**
   * Records a submission of one of the lead's items, with its document's encrypted bytes when it has one (staged at
   * `stagingPathOf(id)`, kept with the row, the staging file gone afterwards): the item becomes submitted, valid
   * through `validThrough`. False when the lead has no such item.
   */
  submit(submission: {
    id: string;
    leadId: string;
    itemId: string;
    fields: Record<string, string>;
    file: (SubmittedFile & { staged: string }) | null;
    validThrough: string | null;
    now: number;
  }): Promise<boolean>;
  /** Verifies or rejects the item's latest submission; false when that is no longer `submissionId`. */
  review(review: {
    leadId: string;
    itemId: string;
    submissionId: string;
    decision: "verified" | "rejected";
    reason: string | null;
    by: string | null;
    now: number;
  }): Promise<boolean>;
  /** Every submission of the item, newest first. */
  history(leadId: string, itemId: string): Promise<Submission[]>;
  /** Where a submission's encrypted bytes are streamed before `submit` or `replaceSealed` keeps them. */
  stagingPathOf(submissionId: string): string;
  /** A submission's encrypted bytes as they stream (fails with code ENOENT when there are none). */
  sealedOf(submissionId: string): Readable;
  /** The first `bytes` of a submission's encrypted bytes: the header naming its key. */
  sealedHeadOf(submissionId: string, bytes: number): Promise<Buffer>;
  /** Puts the staged encrypted bytes in place of a submission's (rotation; `recordKey` records their key). */
  replaceSealed(submissionId: string, staged: string): Promise<void>;
  /** Submissions with a file recorded under another key than `keyId`, in id order after `after` (rotation). */
  filesNotUnder(
    keyId: string,
    after: string | null,
    limit: number,
  ): Promise<{ id: string; keyId: string | null }[]>;
  /** Records the key a submission's file is now under. */
  recordKey(submissionId: string, keyId: string): Promise<void>;
}

const orNull = (value: number | null) => (value === null ? null : Number(value));

export function credentialQueries(
  engine: Engine,
  documents: DocumentKeeper,
  validId: (id: string) => boolean,
): CredentialQueries {
  const { db } = engine;
  const valid = (...ids: string[]) => ids.every(validId);
  return {
    async items(leadId) {
      if (!valid(leadId)) return [];
      const rows = await db
        .selectFrom("credential_items")
        .selectAll()
        .where("lead_id", "=", leadId)
        .orderBy("position")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        key: row.item_key,
        position: row.position,
        definition: JSON.parse(row.definition) as ChecklistItem,
        review: row.review,
        rejectReason: row.reject_reason,
        validThrough: row.valid_through,
        submissionId: row.submission_id,
        reviewedAt: orNull(row.reviewed_at),
      }));
    },

    async submit({ id, leadId, itemId, fields, file, validThrough, now }) {
      if (!valid(id, leadId, itemId)) return false;
      return documents.keep(id, file?.staged ?? null, async (trx) => {
        const updated = await trx
          .updateTable("credential_items")
          .set({
            review: "submitted",
            reject_reason: null,
            valid_through: validThrough,
            submission_id: id,
            reviewed_at: null,
            reviewed_by: null,
          })
          .where("id", "=", itemId)
          .where("lead_id", "=", leadId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await refreshDocumentSummaries(trx, [leadId], engine.sql);
        await trx
          .insertInto("credential_submissions")
          .values({
            id,
            item_id: itemId,
            lead_id: leadId,
            submitted_at: now,
            fields: JSON.stringify(fields),
            file_type: file?.type ?? null,
            file_size: file?.size ?? null,
            key_id: file?.keyId ?? null,
            decision: null,
            reason: null,
            decided_at: null,
            decided_by: null,
          })
          .execute();
        return true;
      });
    },

    async review({ leadId, itemId, submissionId, decision, reason, by, now }) {
      if (!valid(leadId, itemId, submissionId)) return false;
      return engine.write(async (trx) => {
        const updated = await trx
          .updateTable("credential_items")
          .set({ review: decision, reject_reason: reason, reviewed_at: now, reviewed_by: by })
          .where("id", "=", itemId)
          .where("lead_id", "=", leadId)
          .where("submission_id", "=", submissionId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await refreshDocumentSummaries(trx, [leadId], engine.sql);
        await trx
          .updateTable("credential_submissions")
          .set({ decision, reason, decided_at: now, decided_by: by })
          .where("id", "=", submissionId)
          .execute();
        return true;
      });
    },

    async history(leadId, itemId) {
      if (!valid(leadId, itemId)) return [];
      const rows = await db
        .selectFrom("credential_submissions")
        .selectAll()
        .where("lead_id", "=", leadId)
        .where("item_id", "=", itemId)
        .orderBy("submitted_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        itemId: row.item_id,
        submittedAt: Number(row.submitted_at),
        fields: JSON.parse(row.fields) as Record<string, string>,
        file:
          row.file_type === null
            ? null
            : { type: row.file_type, size: Number(row.file_size), keyId: row.key_id ?? "" },
        decision: row.decision,
        reason: row.reason,
        decidedAt: orNull(row.decided_at),
        decidedBy: row.decided_by,
      }));
    },

    stagingPathOf: (submissionId) => documents.stagingPathOf(submissionId),
    sealedOf: (submissionId) => documents.open(submissionId),
    sealedHeadOf: (submissionId, bytes) => documents.head(submissionId, bytes),
    replaceSealed: (submissionId, staged) => documents.replace(submissionId, staged),

    async filesNotUnder(keyId, after, limit) {
      const rows = await db
        .selectFrom("credential_submissions")
        .select(["id", "key_id"])
        .where("file_type", "is not", null)
        .where((eb) => eb.or([eb("key_id", "is", null), eb("key_id", "!=", keyId)]))
        .$if(after !== null, (query) => query.where("id", ">", after ?? ""))
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, keyId: row.key_id }));
    },

    async recordKey(submissionId, keyId) {
      await engine.write((trx) =>
        trx
          .updateTable("credential_submissions")
          .set({ key_id: keyId })
          .where("id", "=", submissionId)
          .execute(),
      );
    },
  };
}
