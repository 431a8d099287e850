import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * What links one person's leads (issue 27, "Other requests from this person"): the same e-mail address,
 * compared case-insensitively, or the same phone number in E.164. Each lead stores its keys; leads are linked,
 * never merged. Here, below the store, which computes them for every lead it keeps; the confirmation limit keys
 * an address the same way.
 */
export interface PersonKeys {
  email: string | null;
  phone: string | null;
}

/** The lead's e-mail address, trimmed and lower-cased; null when there is none. */
export function emailKey(email: string | null | undefined): string | null {
  const key = email?.trim().toLowerCase();
  return key ? key : null;
}

/**
 * The phone number in E.164 (+12125550142), read as a number of `country` unless it starts with +; an
 * extension does not count. Null unless the number is a valid one: "000-000-0000" or "555-0142" link nobody.
 */
export function phoneKey(phone: string | null | undefined, country: CountryCode = "US"): string | null {
  if (!phone) return null;
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed?.isValid() ? parsed.number : null;
}

/** A lead's keys from its fields (every form has `email`, most have `phone`). */
export function personKeysOf(
  fields: Readonly<Record<string, string | undefined>>,
  country: CountryCode = "US",
): PersonKeys {
  return { email: emailKey(fields.email), phone: phoneKey(fields.phone, country) };
}
