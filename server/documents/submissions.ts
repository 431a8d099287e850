import type { Readable } from "node:stream";
import { validThrough } from "../../leads/credential-status.ts";
import type { DocumentType } from "../store/credential-rows.ts";
import { newId } from "../store/ids.ts";
import type { CredentialItem } from "../store/queries/credential-files.ts";
import { removeQuietly } from "../store/resume-files.ts";
import type { Store } from "../store/store.ts";
import type { DocumentKeyring } from "./document-crypto.ts";
import { openSealed, sealToStaging } from "./sealed-files.ts";

/** A document on its way in: its bytes as they stream, and its type as the upload checked it from the content. */
export interface IncomingDocument {
  source: Readable | AsyncIterable<Uint8Array>;
  type: DocumentType;
}

/**
 * Records a submission of one item of the lead's checklist: its document, if any, encrypted as it streams into a
 * staging file, then kept with the row (a file moved into place before it on SQLite, bytes in its transaction on
 * PostgreSQL), which makes the item submitted and valid through the date its fields give. Returns the
 * submission's id, or null when the lead has no such item.
 */
export async function submitItem(
  store: Pick<Store, "credentials">,
  keyring: DocumentKeyring,
  submission: {
    leadId: string;
    item: CredentialItem;
    fields: Record<string, string>;
    document: IncomingDocument | null;
    now: number;
  },
): Promise<string | null> {
  const { leadId, item, fields, document, now } = submission;
  const id = newId(now);
  const sealed = document ? await sealToStaging(store.credentials, document.source, keyring, id) : null;
  const recorded = await store.credentials.submit({
    id,
    leadId,
    itemId: item.id,
    fields,
    file: document && sealed ? { type: document.type, ...sealed } : null,
    validThrough: validThrough(item.definition, fields),
    now,
  });
  // The store removed the staging file unless it refused the ids before looking.
  await removeQuietly(sealed?.staged);
  return recorded ? id : null;
}

/** A submission's document, decrypted as it is read. */
export const readSubmission = (
  store: Pick<Store, "credentials">,
  keyring: DocumentKeyring,
  submissionId: string,
) => openSealed(store.credentials, keyring, submissionId);
