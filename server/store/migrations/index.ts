import { type Kysely, sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { initialSchema } from "./001-initial-schema.ts";
import { leaseToken } from "./002-lease-token.ts";
import { deliveryChannels } from "./003-delivery-channels.ts";
import { staffInbox } from "./004-staff-inbox.ts";
import { leadSources } from "./005-lead-sources.ts";
import { inboxSourceCounts } from "./006-inbox-source-counts.ts";
import { postgresInboxCounts } from "./007-postgres-inbox-counts.ts";
import { rateLimitTable } from "./008-rate-limit-table.ts";
import { conversation } from "./009-conversation.ts";
import { responseClocks } from "./010-response-clocks.ts";
import { confirmationsCountedByLead } from "./011-confirmations-counted-by-lead.ts";
import { reportIndexes } from "./012-report-indexes.ts";
import { confirmationBudgets } from "./013-confirmation-budgets.ts";
import { totpSteps } from "./014-totp-steps.ts";
import { openings } from "./015-openings.ts";
import { credentialFiles } from "./016-credential-files.ts";
import { credentialDocuments } from "./021-credential-documents.ts";
import { checklistsAndReminders } from "./023-checklists-and-reminders.ts";
import { documentSummaries } from "./024-document-summaries.ts";
import type { StoreDialect } from "./dialect.ts";

/** One migration set for both databases, applied in name order; never edit a released one, add the next. */
export const migrationsFor = (dialect: StoreDialect): Record<string, Migration> => ({
  "001-initial-schema": initialSchema(dialect),
  "002-lease-token": leaseToken,
  "003-delivery-channels": deliveryChannels(dialect),
  "004-staff-inbox": staffInbox(dialect),
  "005-lead-sources": leadSources,
  "006-inbox-source-counts": inboxSourceCounts(dialect),
  "007-postgres-inbox-counts": postgresInboxCounts(dialect),
  "008-rate-limit-table": rateLimitTable(dialect),
  "009-conversation": conversation(dialect),
  "010-response-clocks": responseClocks(dialect),
  "011-confirmations-counted-by-lead": confirmationsCountedByLead(dialect),
  "012-report-indexes": reportIndexes,
  "013-confirmation-budgets": confirmationBudgets(dialect),
  "014-totp-steps": totpSteps(dialect),
  "015-openings": openings(dialect),
  "016-credential-files": credentialFiles(dialect),
  "021-credential-documents": credentialDocuments(dialect),
  "023-checklists-and-reminders": checklistsAndReminders(dialect),
  "024-document-summaries": documentSummaries,
});

/**
 * Brings the schema up to date. Instances that start together take turns through Kysely's lock table (whose own
 * creation Kysely makes safe against a concurrent one); migrations.test.ts starts six at once on a fresh schema.
 */
export async function migrateToLatest(db: Kysely<unknown>, dialect: StoreDialect): Promise<void> {
  // Kysely looks for its own tables in every schema it can see: pin them to the one this connection uses.
  const schema =
    dialect === "postgres"
      ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrationsFor(dialect) },
    ...(schema && { migrationTableSchema: schema }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
}
