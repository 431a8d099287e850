import { type Kysely, sql } from "kysely";

/**
 * Each lead's credential checklist summed up on the lead itself, so the inbox's Documents filter is a condition
 * on `leads` rather than a grouping of every checklist: how many items it has, how many were ever submitted
 * (reviewed: submitted, verified or rejected), how many were received (submitted or verified), and the earliest
 * last valid day among the received ones. The store keeps them in the transactions that change the items
 * (queries/document-summary.ts); this fills them in for the items already there.
 *
 * The filters read the leads that have a checklist through one partial index, newest first within a form and
 * with everything the list's counts group by, so neither the page nor the counts read a lead without a checklist.
 */
export const documentSummaries = {
  async up(db: Kysely<unknown>) {
    for (const column of ["documents_total", "documents_reviewed", "documents_received"])
      await db.schema
        .alterTable("leads")
        .addColumn(column, "integer", (c) => c.notNull().defaultTo(0))
        .execute();
    await db.schema.alterTable("leads").addColumn("documents_earliest_valid_through", "text").execute();

    // Frozen: the summary as it was defined when this was written (the live copy is queries/document-summary.ts).
    await sql`UPDATE leads SET
        documents_total = (SELECT count(*) FROM credential_items ci WHERE ci.lead_id = leads.id),
        documents_reviewed = (SELECT count(ci.review) FROM credential_items ci WHERE ci.lead_id = leads.id),
        documents_received = (SELECT count(*) FROM credential_items ci
          WHERE ci.lead_id = leads.id AND ci.review IN ('submitted', 'verified')),
        documents_earliest_valid_through = (SELECT min(ci.valid_through) FROM credential_items ci
          WHERE ci.lead_id = leads.id AND ci.review IN ('submitted', 'verified'))
      WHERE leads.id IN (SELECT lead_id FROM credential_items)`.execute(db);

    await db.schema
      .createIndex("leads_with_documents")
      .on("leads")
      .columns([
        "form_id",
        "created_at",
        "id",
        "state",
        "status",
        "utm_campaign",
        "referrer",
        "documents_total",
        "documents_reviewed",
        "documents_received",
        "documents_earliest_valid_through",
      ])
      .where(sql.ref("documents_total"), ">", sql.lit(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("leads_with_documents").execute();
    for (const column of [
      "documents_earliest_valid_through",
      "documents_received",
      "documents_reviewed",
      "documents_total",
    ])
      await db.schema.alterTable("leads").dropColumn(column).execute();
  },
};
