import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import normalizeEmail from "validator/lib/normalizeEmail.js";

/**
 * What links one person's leads (the lead page's "Other requests from this person"): the same e-mail address,
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

/** What validator's normalizeEmail folds, on the domains it knows (Gmail, Outlook.com, Yahoo, iCloud, Yandex). */
const PROVIDER_RULES = {
  all_lowercase: true,
  gmail_remove_dots: true,
  gmail_remove_subaddress: true,
  gmail_convert_googlemaildotcom: true,
  outlookdotcom_remove_subaddress: true,
  yahoo_remove_subaddress: true,
  icloud_remove_subaddress: true,
  yandex_convert_yandexru: true,
};

const GMAIL = "@gmail.com";

/**
 * The mailbox an address reaches, for counting the messages a mailbox is sent (one confirmation a day): the
 * address lower-cased, without a `+tag` on any domain (where a server does not strip it, counting `a+x@d` as
 * `a@d` only makes the count stricter), and each provider's own spellings folded by validator's normalizeEmail:
 * Gmail's dots and its `googlemail.com` alias, Yahoo's `-keyword`, Yandex's domains. Gmail ignores every dot,
 * so runs of dots go too (the library keeps them). Unlike emailKey, it links spellings a person may have used
 * to tell their mailboxes apart: it never links leads, it only counts mail. Null when there is no address.
 */
export function mailboxKey(email: string | null | undefined): string | null {
  const address = email?.trim();
  if (!address) return null;
  const at = address.lastIndexOf("@");
  if (at < 1 || at === address.length - 1) return address.toLowerCase();
  const local = address.slice(0, at);
  const plus = local.indexOf("+");
  const untagged = `${plus > 0 ? local.slice(0, plus) : local}@${address.slice(at + 1)}`;
  const key = (normalizeEmail(untagged, PROVIDER_RULES) || untagged).toLowerCase();
  return key.endsWith(GMAIL) ? `${key.slice(0, -GMAIL.length).replaceAll(".", "")}${GMAIL}` : key;
}

/** The domain of a mailbox key, the part after its last `@` (the recipient domain confirmations are capped by). */
export const domainOfMailbox = (key: string) => key.slice(key.lastIndexOf("@") + 1);

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
