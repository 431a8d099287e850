import type { ChecklistItem, Credential } from "../../../leads/credential-checklist.ts";
import type { CredentialRequestsTable } from "../credential-rows.ts";
import type { LeadDb } from "../database.ts";
import type { Engine } from "../engine.ts";
import { newId } from "../ids.ts";
import { refreshDocumentSummaries } from "./document-summary.ts";

export interface CredentialRequest {
  id: string;
  leadId: string;
  credential: Credential;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/**
 * The private links a recruiter sends a nurse for her documents (the staff side, and the nurse's page, which finds
 * its link by the token's hash: the token itself is never stored).
 */
export interface CredentialLinks {
  /**
   * A new private link for the lead, by its token's hash: the lead's links still open are revoked in the same
   * transaction (a renewal), and the checklist is copied in from `items` when the lead has none yet.
   */
  openRequest(request: {
    leadId: string;
    credential: Credential;
    tokenHash: string;
    items: readonly ChecklistItem[];
    by: string | null;
    now: number;
    expiresAt: number;
  }): Promise<CredentialRequest>;
  /** Revokes the lead's open links; how many there were. */
  revoke(leadId: string, now: number): Promise<number>;
  /** The link a token's hash names while it is neither revoked nor expired; null for any other. */
  requestByTokenHash(tokenHash: string, now: number): Promise<CredentialRequest | null>;
  /** The lead's newest link, whatever its state. */
  latestRequest(leadId: string): Promise<CredentialRequest | null>;
}

const requestOf = (row: Omit<CredentialRequestsTable, "token_hash" | "created_by">): CredentialRequest => ({
  id: row.id,
  leadId: row.lead_id,
  credential: row.credential,
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
});

/** Revokes the lead's open links and adds a new one, within the caller's transaction (a request, a renewal). */
export async function replaceLink(
  trx: LeadDb,
  link: {
    id: string;
    leadId: string;
    credential: Credential;
    tokenHash: string;
    by: string | null;
    now: number;
    expiresAt: number;
  },
) {
  await trx
    .updateTable("credential_requests")
    .set({ revoked_at: link.now })
    .where("lead_id", "=", link.leadId)
    .where("revoked_at", "is", null)
    .execute();
  await trx
    .insertInto("credential_requests")
    .values({
      id: link.id,
      lead_id: link.leadId,
      credential: link.credential,
      token_hash: link.tokenHash,
      created_at: link.now,
      expires_at: link.expiresAt,
      revoked_at: null,
      created_by: link.by,
    })
    .execute();
}

const REQUEST_COLUMNS = ["id", "lead_id", "credential", "created_at", "expires_at", "revoked_at"] as const;

export function credentialLinkQueries(engine: Engine, validId: (id: string) => boolean): CredentialLinks {
  const { db } = engine;
  const valid = (...ids: string[]) => ids.every(validId);
  return {
    async openRequest({ leadId, credential, tokenHash, items, by, now, expiresAt }) {
      const id = newId(now);
      await engine.write(async (trx) => {
        await replaceLink(trx, { id, leadId, credential, tokenHash, by, now, expiresAt });
        const existing = await trx
          .selectFrom("credential_items")
          .select("id")
          .where("lead_id", "=", leadId)
          .limit(1)
          .executeTakeFirst();
        if (existing || items.length === 0) return;
        await trx
          .insertInto("credential_items")
          .values(
            items.map((item, position) => ({
              id: newId(now),
              lead_id: leadId,
              item_key: item.key,
              position,
              definition: JSON.stringify(item),
              review: null,
              reject_reason: null,
              valid_through: null,
              submission_id: null,
              reviewed_at: null,
              reviewed_by: null,
            })),
          )
          .execute();
        await refreshDocumentSummaries(trx, [leadId], engine.sql);
      });
      return { id, leadId, credential, createdAt: now, expiresAt, revokedAt: null };
    },

    async revoke(leadId, now) {
      if (!valid(leadId)) return 0;
      const result = await engine.write((trx) =>
        trx
          .updateTable("credential_requests")
          .set({ revoked_at: now })
          .where("lead_id", "=", leadId)
          .where("revoked_at", "is", null)
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows);
    },

    async requestByTokenHash(tokenHash, now) {
      const row = await db
        .selectFrom("credential_requests")
        .select(REQUEST_COLUMNS)
        .where("token_hash", "=", tokenHash)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return row ? requestOf(row) : null;
    },

    async latestRequest(leadId) {
      if (!valid(leadId)) return null;
      const row = await db
        .selectFrom("credential_requests")
        .select(REQUEST_COLUMNS)
        .where("lead_id", "=", leadId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return row ? requestOf(row) : null;
    },
  };
}
