import type { SiteConfig } from "../config/site.ts";
import type { LeadFormId } from "./catalog.ts";
import { atMost, plainLine } from "./plain-text.ts";
import { promiseInWords, RESPONSE_PROMISES } from "./promises.ts";

/**
 * The confirmation e-mail each form's sender gets. It echoes nothing they typed but their first
 * name: a contact form must not become a way to send someone else arbitrary text. `{promise}` becomes the
 * form's response promise in words (leads/promises.ts). An application from an opening's page also names the
 * opening's title, which staff wrote and the site publishes: in the body, as one plain line, never in a header.
 */
export interface ConfirmationCopy {
  subject: string;
  /** The first paragraph: thanks, in the words of the form's own success notice where it has one. */
  thanks: string;
  /** What happens next, and by when. */
  next: string;
}

export const CONFIRMATIONS: Record<LeadFormId, ConfirmationCopy> = {
  "chartassist-demo": {
    subject: "We received your ChartAssist demo request",
    thanks: "Thank you for your interest in ChartAssist.",
    next: "We'll contact you {promise} to schedule your demo.",
  },
  "careworks-demo": {
    subject: "We received your CareWorks demo request",
    thanks: "Thank you for your interest in CareWorks.",
    next: "We'll contact you {promise} to schedule your demo.",
  },
  "nurse-application": {
    subject: "We received your application",
    thanks: "Thank you for your application. We will review it shortly.",
    next: "Our recruiting team will be in touch {promise} about the next steps.",
  },
  "staffing-request": {
    subject: "We received your staffing request",
    thanks: "Thank you for your staffing request.",
    next: "Our staffing team will respond {promise} to confirm the nurses and shifts you need.",
  },
  "payroll-info": {
    subject: "We received your pass-through payroll request",
    thanks: "Thank you for your interest in pass-through payroll.",
    next: "We will reply {promise} with the information you asked for.",
  },
};

/** How an application from an opening's page is thanked for: `{title}` is the opening's title. */
export const OPENING_THANKS =
  'Thank you for your application for the position "{title}". We will review it shortly.';

/** The longest opening title a confirmation names (staff/openings.ts bounds titles to 120). */
export const OPENING_TITLE_MAX = 120;

/** The longest first name a confirmation greets. */
export const FIRST_NAME_MAX = 40;

// Letters and marks, with an apostrophe or a hyphen between them (O'Brien, Jean-Luc): no digits, dots, slashes
// or @, so neither a link nor an address can pass for a name.
const NAME_WORD = /^[\p{L}\p{M}]+(?:['\u2019-][\p{L}\p{M}]+)*$/u;

/**
 * The first word of the form's `firstName` (the application) or `name` (every other form), when it reads as a
 * name; null otherwise, and the greeting then names nobody. One word, so a sentence cannot ride along.
 */
export function firstNameOf(fields: Readonly<Record<string, string | undefined>>): string | null {
  const typed = fields.firstName || fields.name || "";
  const [word = ""] = plainLine(typed, FIRST_NAME_MAX * 4).split(" ");
  return NAME_WORD.test(word) ? atMost(word, FIRST_NAME_MAX).replace(/['\u2019-]+$/, "") : null;
}

/** The company facts a confirmation signs with (config/site.ts). */
export type ConfirmationCompany = Pick<SiteConfig["company"], "name" | "phone" | "address">;

export interface ConfirmationMessage {
  subject: string;
  text: string;
}

/**
 * The confirmation for one lead of `formId`, greeting the first name its fields give (if any).
 * `hoursPerBusinessDay`: the business calendar's (undefined when its days differ), for the promise's words.
 * `opening`: the opening an application was for, named in the thanks.
 */
export function confirmationFor(
  formId: LeadFormId,
  fields: Readonly<Record<string, string | undefined>>,
  company: ConfirmationCompany,
  hoursPerBusinessDay: number | undefined,
  opening?: { title: string },
): ConfirmationMessage {
  const copy = CONFIRMATIONS[formId];
  const title = opening && plainLine(opening.title, OPENING_TITLE_MAX);
  const thanks = title ? OPENING_THANKS.replace("{title}", title) : copy.thanks;
  const firstName = firstNameOf(fields);
  const next = copy.next.replace("{promise}", promiseInWords(RESPONSE_PROMISES[formId], hoursPerBusinessDay));
  const text = [
    firstName ? `Hello ${firstName},` : "Hello,",
    "",
    `${thanks} ${next}`,
    "",
    `If you need us sooner, call us at ${company.phone}.`,
    "",
    "If you did not send this request, you can ignore this message.",
    "",
    company.name,
    company.address,
    company.phone,
  ].join("\n");
  return { subject: copy.subject, text: `${text}\n` };
}
