import { createHash, randomBytes } from "node:crypto";
import type { Credential } from "../../leads/credential-checklist.ts";
import type { Store } from "../store/store.ts";
import { checklistFor } from "./checklists.ts";

/** 256 random bits: well past the 128 a link that opens someone's identity documents needs. */
const TOKEN_BYTES = 32;
/** How long a link works; a recruiter renews it with a new one. */
export const LINK_VALID_DAYS = 30;
const DAY_MS = 86_400_000;

/** The token as the store keeps it: its SHA-256, so a copy of the database opens no one's checklist. */
export const tokenHashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** A new link's token (for the e-mail only), its hash (for the store) and when it lapses. */
export function newLink(now: number) {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  return { token, tokenHash: tokenHashOf(token), expiresAt: now + LINK_VALID_DAYS * DAY_MS };
}

/**
 * Opens a private link to the lead's checklist (copied in from the credential's checklist the first time), revoking
 * the lead's links still open: a request and a renewal alike. The token is returned once, for the e-mail, and kept
 * nowhere.
 */
export async function requestDocuments(
  store: Pick<Store, "credentialLinks" | "checklists">,
  request: { leadId: string; credential: Credential; by: string | null; now: number },
): Promise<{ token: string; expiresAt: number }> {
  const { token, tokenHash, expiresAt } = newLink(request.now);
  await store.credentialLinks.openRequest({
    ...request,
    tokenHash,
    items: await checklistFor(store, request.credential),
    expiresAt,
  });
  return { token, expiresAt };
}

/** The link a token opens, or null when it is revoked, expired or was never made (the page answers 410 to all three). */
export const linkOf = (store: Pick<Store, "credentialLinks">, token: string, now: number) =>
  store.credentialLinks.requestByTokenHash(tokenHashOf(token), now);
