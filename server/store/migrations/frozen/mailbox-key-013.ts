import normalizeEmail from "validator/lib/normalizeEmail.js";

/**
 * FROZEN: migration 013's mailbox key, as leads/person-keys.ts's mailboxKey read an address when 013 was written.
 * 013 keys the confirmations of its last day with it; changing the live key must not change what 013 did.
 */

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

export function mailboxKey013(email: string | null | undefined): string | null {
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
