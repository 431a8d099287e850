import type { Readable } from "node:stream";
import { validThrough } from "../../leads/credential-status.ts";
import type { DocumentType } from "../store/credential-rows.ts";
import { newId } from "../store/ids.ts";
import type { CredentialItem } from "../store/queries/credential-files.ts";
import { removeQuietly } from "../store/resume-files.ts";
import type { Store } from "../store/store.ts";
import type { DocumentKeyring } from "./document-crypto.ts";
import { openSealedFile, sealToFile } from "./sealed-files.ts";

/** A document on its way in: its bytes as they stream, and its type and size as the upload checked them. */
export interface IncomingDocument {
  source: Readable | AsyncIterable<Uint8Array>;
  type: DocumentType;
  size: number;
}

/**
 * Records a submission of one item of the lead's checklist: its document, if any, encrypted to disk first (durable
 * before the row that names it, as a resume is), then the row, which makes the item submitted and valid through
 * the date its fields give. Returns the submission's id, or null when the lead has no such item.
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
  const file = store.credentials.fileOf(id);
  const sealed = document ? await sealToFile(document.source, file, keyring, id) : null;
  const recorded = await store.credentials.submit({
    id,
    leadId,
    itemId: item.id,
    fields,
    file: document && sealed ? { type: document.type, size: document.size, keyId: sealed.keyId } : null,
    validThrough: validThrough(item.definition, fields),
    now,
  });
  if (recorded) return id;
  if (sealed) await removeQuietly(file);
  return null;
}

/** A submission's document, decrypted as it is read. */
export const readSubmission = (
  store: Pick<Store, "credentials">,
  keyring: DocumentKeyring,
  submissionId: string,
) => openSealedFile(store.credentials.fileOf(submissionId), keyring, submissionId);
