import type { Generated } from "kysely";
import type { Credential } from "../../leads/credential-checklist.ts";

/** Milliseconds since the epoch, as database.ts keeps every timestamp. */
type Millis = number;

/** The credential file's tables (migration 016). */

/** A private link sent to the nurse: only the token's SHA-256 is kept. */
export interface CredentialRequestsTable {
  id: string;
  lead_id: string;
  credential: Credential;
  token_hash: string;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: Millis | null;
  created_by: string | null;
}

export type ItemReview = "submitted" | "verified" | "rejected";

/** One item of a lead's checklist, its definition copied in when first requested. */
export interface CredentialItemsTable {
  id: string;
  lead_id: string;
  item_key: string;
  position: number;
  /** A ChecklistItem as JSON. */
  definition: string;
  review: ItemReview | null;
  reject_reason: string | null;
  /** YYYY-MM-DD, the last day the latest submission is valid. */
  valid_through: string | null;
  submission_id: string | null;
  reviewed_at: Millis | null;
  reviewed_by: string | null;
}

export type DocumentType = "pdf" | "jpeg" | "png" | "heic";

/** One submission of an item, kept as history; its encrypted file is DATA_DIR/documents/<id>.sealed on
 * SQLite, a credential_documents row on PostgreSQL (document-files.ts). */
export interface CredentialSubmissionsTable {
  id: string;
  item_id: string;
  lead_id: string;
  submitted_at: Millis;
  /** The item's fields as JSON. */
  fields: string;
  file_type: DocumentType | null;
  file_size: number | null;
  /** The key id the file is under, as last recorded (the file's own header is the truth while rotating). */
  key_id: string | null;
  decision: "verified" | "rejected" | null;
  reason: string | null;
  decided_at: Millis | null;
  decided_by: string | null;
}

/** One catalog item an admin put on a credential's checklist (migration 023). */
export interface CredentialChecklistsTable {
  credential: Credential;
  /** The item's id in the catalog (leads/checklist-catalog.ts). */
  item_id: string;
  position: number;
  updated_at: Millis;
  updated_by: string | null;
}

/** A reminder sent about an item: "30", "7" (days before `valid_through`) or "expired". */
export interface CredentialRemindersTable {
  item_id: string;
  lead_id: string;
  kind: string;
  valid_through: string;
  sent_at: Millis;
}

/**
 * A lead's checklist summed up on the lead (migration 024), kept with its items in the same transactions
 * (queries/document-summary.ts): the inbox's Documents filter is a condition on these.
 */
export interface DocumentSummaryColumns {
  /** How many items the checklist has; 0: none was requested. */
  documents_total: Generated<number>;
  /** How many have a review at all: submitted, verified or rejected (the others were never sent). */
  documents_reviewed: Generated<number>;
  /** How many were received: submitted or verified. */
  documents_received: Generated<number>;
  /** The earliest last valid day (YYYY-MM-DD) among the received items; null when none of them expires. */
  documents_earliest_valid_through: string | null;
}

/** A document's encrypted bytes, on PostgreSQL (migration 021); SQLite keeps them as files. */
export interface CredentialDocumentsTable {
  submission_id: string;
  content: Uint8Array;
}
