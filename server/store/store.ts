import type { LeadDb } from "./database.ts";
import { documentKeeper, sweepOrphanDocuments } from "./document-files.ts";
import { closable } from "./engine.ts";
import { openPostgresEngine } from "./postgres-engine.ts";
import { type AuditLog, auditLogQueries } from "./queries/audit-log.ts";
import { type ConversationQueries, conversationQueries } from "./queries/conversation.ts";
import { type ChecklistQueries, checklistQueries } from "./queries/credential-checklists.ts";
import { type CredentialQueries, credentialQueries } from "./queries/credential-files.ts";
import { type CredentialLinks, credentialLinkQueries } from "./queries/credential-links.ts";
import { type ReminderQueries, reminderQueries } from "./queries/credential-reminders.ts";
import { type Erasure, erasureQueries } from "./queries/erasure.ts";
import { type EscalationQueries, escalationQueries } from "./queries/escalations.ts";
import { type InboundQueries, inboundQueries } from "./queries/inbound.ts";
import { type InboxQueries, inboxQueries } from "./queries/inbox.ts";
import { type Incidents, incidentQueries } from "./queries/incidents.ts";
import { intakeQueries, type LeadIntake } from "./queries/intake.ts";
import { leadReads } from "./queries/lead-reads.ts";
import { type LeadWork, leadWorkQueries } from "./queries/lead-work.ts";
import { type MailOutbox, mailOutboxQueries } from "./queries/mail-outbox.ts";
import { type OpeningCountQueries, openingCountQueries } from "./queries/opening-counts.ts";
import { type OpeningQueries, openingQueries } from "./queries/openings.ts";
import { type Operations, operationQueries } from "./queries/operations.ts";
import { type Outbox, outboxQueries } from "./queries/outbox.ts";
import { type ReportQueries, reportQueries } from "./queries/report-counts.ts";
import { type StaffAccountRows, staffAccountQueries } from "./queries/staff-accounts.ts";
import { ensureDataDirs, sweepTempFiles } from "./resume-files.ts";
import { openSqliteEngine } from "./sqlite-engine.ts";
import type { Channel, StoreDialect } from "./store-records.ts";

export interface StoreOptions {
  dataDir: string;
  /** PostgreSQL when set; the embedded SQLite file in `dataDir` otherwise. */
  databaseUrl?: string | undefined;
  /** The channels each accepted lead is delivered over, one outbox delivery each (default: the form service). */
  channels?: readonly Channel[] | undefined;
  /**
   * PostgreSQL: how many applications may hold their resume's bytes in memory at once on their way into the
   * database (the file, and the driver's copy of it in its message); the others wait their turn. SQLite moves
   * resume files on disk and needs no limit.
   */
  resumesInMemory?: number | undefined;
  /** PostgreSQL: an idle pooled connection failed (the next query reports it too). */
  onPoolError?: (error: Error) => void;
}

/**
 * The lead database, whichever engine sits behind it: one connection (SQLite) or pool (PostgreSQL) that the
 * whole process shares, and one query module per consumer, each the narrow interface that consumer is given.
 */
export interface Store {
  readonly dialect: StoreDialect;
  /** The lead API's (server/leads). */
  readonly intake: LeadIntake;
  /** The relay's and its channels' (server/relay). */
  readonly outbox: Outbox;
  /** What people send back (POST /api/inbound/email) and its attachments (server/mail, server/staff). */
  readonly inbound: InboundQueries;
  /** The relay's mail messages (server/relay/mail-messages.ts), the delivery panel's and the CLI's. */
  readonly mail: MailOutbox;
  /** The operator's CLI and the periodic upkeep's (server/cli, server/leads/retention.ts). */
  readonly operations: Operations;
  /** A person's erasure request (the admin's API and `leads erase`). */
  readonly erasure: Erasure;
  /** The health endpoints' and the alerts' (server/health, server/alerts). */
  readonly incidents: Incidents;
  /** The staff inbox's list, counts and export (server/staff). */
  readonly inbox: InboxQueries;
  /** A lead's work state in the inbox: status, assignee, notes, history (server/staff). */
  readonly leadWork: LeadWork;
  /** A lead's conversation: messages sent and received, calls, the person's other leads (server/staff). */
  readonly conversation: ConversationQueries;
  /** The reports page's numbers (server/staff/reports). */
  readonly reports: ReportQueries;
  /** The promises' escalations and the admins' daily digest (server/staff/escalations/escalation-sweep.ts). */
  readonly escalations: EscalationQueries;
  /** The private links a nurse is sent for her credential documents (the staff side, the nurse's page). */
  readonly credentialLinks: CredentialLinks;
  /** A lead's credential checklist, its submissions and their encrypted files (server/documents, the staff side). */
  readonly credentials: CredentialQueries;
  /** The checklist admins chose per credential (server/documents/checklists.ts, the staff page). */
  readonly checklists: ChecklistQueries;
  /** The expiry reminders sent to nurses (server/documents/reminder-sweep.ts). */
  readonly reminders: ReminderQueries;
  /** The staff accounts' rows beside better-auth's (server/staff). */
  readonly staffAccounts: StaffAccountRows;
  readonly audit: AuditLog;
  /** The openings staff publish, the public pages' list, and their expiry (server/staff/openings). */
  readonly openings: OpeningQueries;
  /** The Openings page's counts of each opening's applications (server/staff/openings). */
  readonly openingCounts: OpeningCountQueries;
  /** better-auth's database: its adapter runs its own statements on the store's connection. */
  readonly authDatabase: { db: LeadDb; type: StoreDialect };
  /** Waits for the writes under way, then closes the connection; every call after it fails. */
  close(): Promise<void>;
}

const DEFAULT_CHANNELS: readonly Channel[] = ["formservice"];

/** Opens the store on PostgreSQL when `databaseUrl` is set, on the SQLite file in `dataDir` otherwise. */
export async function openStore(options: StoreOptions): Promise<Store> {
  // Uploads stream to DATA_DIR/tmp whichever database keeps them afterwards.
  await ensureDataDirs(options.dataDir);
  await sweepTempFiles(options.dataDir, Date.now());
  const engine = closable(
    options.databaseUrl
      ? await openPostgresEngine(options.databaseUrl, {
          onError: options.onPoolError,
          resumesInMemory: options.resumesInMemory,
        })
      : await openSqliteEngine(options.dataDir),
  );
  // A document written just before a crash, whose submission never committed.
  await sweepOrphanDocuments(engine.db, options.dataDir, Date.now());
  const reads = leadReads(engine, options.channels ?? DEFAULT_CHANNELS);
  const documents = documentKeeper(engine, options.dataDir);
  return {
    dialect: engine.dialect,
    intake: intakeQueries(engine, options.channels ?? DEFAULT_CHANNELS),
    outbox: outboxQueries(engine, reads.validId),
    mail: mailOutboxQueries(engine),
    inbound: inboundQueries(engine, reads.validId),
    operations: operationQueries(engine, reads, documents),
    erasure: erasureQueries(engine, reads.validId, documents),
    incidents: incidentQueries(engine),
    inbox: inboxQueries(engine),
    leadWork: leadWorkQueries(engine, reads),
    conversation: conversationQueries(engine),
    reports: reportQueries(engine),
    escalations: escalationQueries(engine),
    credentialLinks: credentialLinkQueries(engine, reads.validId),
    credentials: credentialQueries(engine, documents, reads.validId),
    checklists: checklistQueries(engine),
    reminders: reminderQueries(engine),
    staffAccounts: staffAccountQueries(engine),
    audit: auditLogQueries(engine),
    openings: openingQueries(engine),
    openingCounts: openingCountQueries(engine),
    authDatabase: { db: engine.db, type: engine.dialect },
    close: () => engine.close(),
  };
}
