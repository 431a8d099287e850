import type { Kysely } from "kysely";

/**
 * The reports read a range of the role's leads by form and arrival: the index they search by carries
 * every column they count by, so none of them reads a lead's row (bench:inbox, decision 025). The campaign and
 * referring-site indexes carry the form, state and status for the same reason. Each keeps its name and its
 * leading columns, so the inbox's queries read them as before.
 */
const WIDENED = {
  leads_by_form_newest: {
    was: ["form_id", "created_at", "id"],
    now: [
      "form_id",
      "created_at",
      "id",
      "state",
      "status",
      "first_response_at",
      "due_at",
      "utm_campaign",
      "referrer",
    ],
  },
  leads_by_campaign: {
    was: ["utm_campaign", "created_at"],
    now: ["utm_campaign", "created_at", "form_id", "state", "status"],
  },
  leads_by_referrer: {
    was: ["referrer", "created_at"],
    now: ["referrer", "created_at", "form_id", "state", "status"],
  },
};

async function rebuild(db: Kysely<unknown>, version: "was" | "now") {
  for (const [name, columns] of Object.entries(WIDENED)) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on("leads").columns(columns[version]).execute();
  }
}

export const reportIndexes = {
  up: (db: Kysely<unknown>) => rebuild(db, "now"),
  down: (db: Kysely<unknown>) => rebuild(db, "was"),
};
