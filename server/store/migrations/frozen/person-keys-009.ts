import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * Frozen: a lead's person keys as they were computed when migration 009 was written, for its backfill of the
 * leads stored before it (the e-mail address trimmed and lower-cased; the phone number in E.164, read as a U.S.
 * number unless it starts with +, and only when valid). Never edit it: a change would change what 009 does to a
 * database that has not run it yet. The live rule is leads/person-keys.ts.
 */
export function personKeysAt009(fields: Readonly<Record<string, string | undefined>>): {
  email: string | null;
  phone: string | null;
} {
  const email = fields.email?.trim().toLowerCase();
  const phone = fields.phone ? parsePhoneNumberFromString(fields.phone, "US") : undefined;
  return { email: email ? email : null, phone: phone?.isValid() ? phone.number : null };
}
