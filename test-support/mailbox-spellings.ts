import fc from "fast-check";
import { requiredEmail } from "../leads/fields.ts";

/** One mailbox: its local part and domain as the person would write them plainly. */
export interface Mailbox {
  local: string;
  domain: string;
}

const GMAIL_DOMAINS = ["gmail.com", "googlemail.com"];
const EMAIL = requiredEmail();
const LETTERS = [..."abcdefghijklmnopqrstuvwxyz"];
const DIGITS = [..."0123456789"];
/** What follows `+`: letters, digits, `_` and `-` (built once: building an arbitrary costs more than using it). */
const TAGS = fc.string({
  unit: fc.constantFrom(...LETTERS, ...DIGITS, "_", "-"),
  minLength: 1,
  maxLength: 10,
});

/** A mailbox at Gmail or at another domain, its local part two to twelve letters and digits. */
export const mailboxes: fc.Arbitrary<Mailbox> = fc.record({
  local: fc
    .tuple(
      fc.constantFrom(...LETTERS),
      fc.string({ unit: fc.constantFrom(...LETTERS, ...DIGITS), minLength: 1, maxLength: 11 }),
    )
    .map(([first, rest]) => `${first}${rest}`),
  domain: fc.constantFrom("gmail.com", "example.org", "northwind-clinic.example", "mail.hospital.example"),
});

const isGmail = (domain: string) => GMAIL_DOMAINS.includes(domain);

/** Each character in upper or lower case, as the flags say (cycled). */
const cased = (text: string, upper: boolean[]) =>
  [...text].map((char, index) => (upper[index % upper.length] ? char.toUpperCase() : char)).join("");

/**
 * Every way a lead's form could spell that one mailbox and still pass the form's check: any case, a `+tag` (on
 * any domain), spaces around it, and at Gmail single dots anywhere inside the local part and the
 * `googlemail.com` alias.
 */
export function spellingsOf(mailbox: Mailbox): fc.Arbitrary<string> {
  const gmail = isGmail(mailbox.domain);
  return fc
    .record({
      upper: fc.array(fc.boolean(), { minLength: 1, maxLength: 40 }),
      tag: fc.option(TAGS, { nil: undefined }),
      dots: fc.array(fc.boolean(), {
        minLength: mailbox.local.length - 1,
        maxLength: mailbox.local.length - 1,
      }),
      domain: gmail ? fc.constantFrom(...GMAIL_DOMAINS) : fc.constant(mailbox.domain),
      before: fc.constantFrom("", " ", "  "),
      after: fc.constantFrom("", " "),
    })
    .map(({ upper, tag, dots, domain, before, after }) => {
      const dotted = gmail
        ? [...mailbox.local].map((char, index) => (dots[index] ? `${char}.` : char)).join("")
        : mailbox.local;
      const address = `${dotted}${tag === undefined ? "" : `+${tag}`}@${domain}`;
      return `${before}${cased(address, upper)}${after}`;
    })
    .filter((spelling) => EMAIL.safeParse(spelling).success);
}

/** A mailbox and two to six of its spellings. */
export const spellingsOfOneMailbox: fc.Arbitrary<{ mailbox: Mailbox; spellings: string[] }> = mailboxes.chain(
  (mailbox) =>
    fc.record({
      mailbox: fc.constant(mailbox),
      spellings: fc.array(spellingsOf(mailbox), { minLength: 2, maxLength: 6 }),
    }),
);
