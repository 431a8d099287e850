import { createHash } from "node:crypto";

export const IDEMPOTENCY_KEY_MAX = 255;

/** Visible ASCII only, at most 255 characters: what a UUID or any sane client key looks like. */
export const isValidIdempotencyKey = (key: string) =>
  key.length > 0 && key.length <= IDEMPOTENCY_KEY_MAX && /^[\x21-\x7e]+$/.test(key);

/** The canonical payload: form, every field sorted by name, and the resume's digest. */
export function payloadHash(
  formId: string,
  fields: Record<string, string>,
  resumeSha256: string | null,
): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return createHash("sha256")
    .update(JSON.stringify([formId, sorted, resumeSha256]))
    .digest("hex");
}
