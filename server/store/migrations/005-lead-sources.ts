import type { Kysely } from "kysely";

/** Frozen: the source fields as leads/source.ts listed them when this was written; a new one is a new migration. */
const SOURCE_FIELDS = [
  "source_page",
  "landing_page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;

/**
 * Where each lead came from (decision 017): one nullable column per source field, named as the field is, so
 * the inbox can filter and count by campaign and referrer in either database. Numbered after the staff
 * tables' 004.
 */
export const leadSources = {
  async up(db: Kysely<unknown>) {
    for (const column of SOURCE_FIELDS) {
      await db.schema.alterTable("leads").addColumn(column, "text").execute();
    }
    await db.schema
      .createIndex("leads_by_campaign")
      .on("leads")
      .columns(["utm_campaign", "created_at"])
      .execute();
    await db.schema
      .createIndex("leads_by_referrer")
      .on("leads")
      .columns(["referrer", "created_at"])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex("leads_by_referrer").execute();
    await db.schema.dropIndex("leads_by_campaign").execute();
    for (const column of SOURCE_FIELDS) await db.schema.alterTable("leads").dropColumn(column).execute();
  },
};
