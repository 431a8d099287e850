import type { ColumnType, Generated, Kysely } from "kysely";
import type {
  CredentialChecklistsTable,
  CredentialDocumentsTable,
  CredentialItemsTable,
  CredentialRemindersTable,
  CredentialRequestsTable,
  CredentialSubmissionsTable,
  DocumentSummaryColumns,
} from "./credential-rows.ts";
import type { OpeningsTable } from "./openings-table.ts";
import type {
  Channel,
  DeliveryProblem,
  DeliveryState,
  LeadState,
  MailKind,
  StoreDialect,
} from "./store-records.ts";

/** Timestamps are milliseconds since the epoch: INTEGER on SQLite, BIGINT on PostgreSQL (read as numbers). */
type Millis = number;

export interface LeadsTable extends DocumentSummaryColumns {
  id: string;
  form_id: string;
  state: LeadState;
  /** TEXT holding JSON on SQLite, JSONB on PostgreSQL: written as a JSON string, read as either. */
  fields: ColumnType<string | Record<string, string>, string, string>;
  resume_name: string | null;
  resume_kind: string | null;
  resume_size: number | null;
  resume_sha256: string | null;
  created_at: Millis;
  delivered_at: Millis | null;
  /** The staff inbox's work state (migration 004): the workflow status, who has it, when it was first opened. */
  status: Generated<string>;
  assignee_id: string | null;
  first_opened_at: Millis | null;
  /** Lower-cased searched fields, kept by the database (a trigger on SQLite, a generated column on PostgreSQL). */
  search_text: Generated<string | null>;
  /** Where the lead came from (migration 005). */
  source_page: string | null;
  landing_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** The person keys that link one person's leads (migration 009): e-mail lower-cased, phone in E.164. */
  email_key: string | null;
  phone_key: string | null;
  /** The person wrote last ("Awaiting us"): since when. Null once staff replied or logged a call. */
  awaiting_since: Millis | null;
  /** The person's messages nobody has read: the lead page marks them read. */
  unread_replies: Generated<number>;
  /** The response clock (migration 010): due, first answered, escalation decided. */
  due_at: Millis | null;
  first_response_at: Millis | null;
  escalated_at: Millis | null;
  /** The opening an application was for (migration 015); null for any other lead. */
  opening_id: string | null;
}

/** One delivery of a lead over one channel (migration 003). */
/** The columns of a leased, retried delivery: the leads' outbox and the mail outbox both have them. */
interface LeasedAttemptColumns {
  enqueued_at: Millis;
  next_attempt_at: Millis | null;
  attempts: Generated<number>;
  lease_until: Millis | null;
  /** Who holds the lease: every outcome write must present it (migration 002). */
  lease_token: string | null;
  last_attempt_at: Millis | null;
  last_status: number | null;
  last_error: string | null;
  problem: DeliveryProblem | null;
}

export interface OutboxTable extends LeasedAttemptColumns {
  id: string;
  lead_id: string;
  channel: Channel;
  state: Generated<DeliveryState>;
}

/** PostgreSQL only: resumes live in the database so every instance can read them. */
export interface LeadFilesTable {
  lead_id: string;
  content: Uint8Array;
}

export interface IdempotencyKeysTable {
  key: string;
  payload_hash: string;
  lead_id: string;
  created_at: Millis;
}

/** An open alert incident, so a restart does not alert again (migration 003). */
export interface AlertIncidentsTable {
  kind: string;
  opened_at: Millis;
}

/** A better-auth user (migration 004): columns named as the library names them. Booleans are 0/1 on SQLite. */
export interface StaffUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  role: string;
  disabled: boolean | number | null;
  twoFactorEnabled: boolean | number | null;
  /** Wrong passwords or codes in a row (server/staff/auth/sign-in.ts). */
  failedSignIns: number | null;
}

export interface StaffSessionTable {
  id: string;
  token: string;
  userId: string;
}

export interface StaffAccountTable {
  id: string;
  userId: string;
  providerId: string;
  password: string | null;
}

export interface StaffTwoFactorTable {
  id: string;
  userId: string;
}

/** The last TOTP time step each account signed in with (migration 014). */
export interface StaffTotpStepsTable {
  user_id: string;
  step: number;
}

export interface StaffSecretTable {
  name: string;
  value: string;
}

export interface StaffSetupTokensTable {
  token_hash: string;
  user_id: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: Millis | null;
  enrol_cookie: string | null;
}

export interface LeadNotesTable {
  id: string;
  lead_id: string;
  author_id: string | null;
  text: string;
  created_at: Millis;
}

export interface LeadHistoryTable {
  id: string;
  lead_id: string;
  actor_id: string | null;
  action: string;
  from_value: string | null;
  to_value: string | null;
  at: Millis;
}

/** Ids only: never a lead's personal data. */
export interface StaffAuditTable {
  id: string;
  at: Millis;
  actor_id: string | null;
  action: string;
  lead_id: string | null;
  detail: string | null;
}

export type MailState = DeliveryState | "not_sent";

/** A message the server sends (migration 009): queued with its Message-ID, leased, retried, given up. */
export interface MailOutboxTable extends LeasedAttemptColumns {
  id: string;
  kind: MailKind;
  lead_id: string | null;
  author_id: string | null;
  recipient_id: string | null;
  to_address: string;
  subject: string;
  text: string;
  /** JSON: the From, Reply-To and threading headers the message was built with. */
  envelope: string;
  message_id: string | null;
  dedupe_key: string | null;
  /** Why a confirmation was not sent (state not_sent). */
  not_sent: string | null;
  /** A queued confirmation's mailbox (migration 013): what one confirmation per mailbox per day counts. */
  mailbox_key: string | null;
  state: Generated<MailState>;
  created_at: Millis;
}

/** The confirmations queued in one clock hour, to one recipient domain or (bucket `*`) in all (migration 013). */
export interface ConfirmationBudgetsTable {
  hour_start: Millis;
  bucket: string;
  sent: number;
}

/** A message someone sent in (POST /api/inbound/email); no lead: unmatched, kept until `expires_at`. */
export interface InboundMessagesTable {
  id: string;
  lead_id: string | null;
  message_id: string | null;
  from_name: string;
  from_address: string;
  subject: string;
  text: string;
  sent_at: Millis | null;
  received_at: Millis;
  read_at: Millis | null;
  expires_at: Millis | null;
}

export interface InboundAttachmentsTable {
  id: string;
  inbound_id: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  content: Uint8Array;
}

export interface LeadCallsTable {
  id: string;
  lead_id: string;
  author_id: string | null;
  outcome: string;
  note: string;
  at: Millis;
}

export interface StaffSettingsTable {
  user_id: string;
  assignment_emails: boolean | number;
}

export interface PromiseDigestsTable {
  business_day: string;
  at: Millis;
  missed: number;
}

export interface Database {
  alert_incidents: AlertIncidentsTable;
  lead_history: LeadHistoryTable;
  lead_notes: LeadNotesTable;
  staff_account: StaffAccountTable;
  staff_audit: StaffAuditTable;
  staff_secret: StaffSecretTable;
  staff_session: StaffSessionTable;
  staff_setup_tokens: StaffSetupTokensTable;
  staff_two_factor: StaffTwoFactorTable;
  staff_totp_steps: StaffTotpStepsTable;
  staff_user: StaffUserTable;
  leads: LeadsTable;
  outbox: OutboxTable;
  lead_files: LeadFilesTable;
  idempotency_keys: IdempotencyKeysTable;
  mail_outbox: MailOutboxTable;
  inbound_messages: InboundMessagesTable;
  inbound_attachments: InboundAttachmentsTable;
  lead_calls: LeadCallsTable;
  staff_settings: StaffSettingsTable;
  promise_digests: PromiseDigestsTable;
  confirmation_budgets: ConfirmationBudgetsTable;
  openings: OpeningsTable;
  credential_requests: CredentialRequestsTable;
  credential_items: CredentialItemsTable;
  credential_submissions: CredentialSubmissionsTable;
  credential_checklists: CredentialChecklistsTable;
  credential_reminders: CredentialRemindersTable;
  /** PostgreSQL only: each document's encrypted bytes (SQLite keeps them as files under DATA_DIR/documents). */
  credential_documents: CredentialDocumentsTable;
}

export type LeadDb = Kysely<Database>;
export type { StoreDialect };
