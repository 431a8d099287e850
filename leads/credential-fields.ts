import type { ChecklistItem, ItemField } from "./credential-checklist.ts";
import { isIsoDate } from "./credential-status.ts";

/** The states, DC and the territories a US nursing board licenses in: two letters, as USPS writes them. */
export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
  "AS",
  "GU",
  "MP",
  "PR",
  "VI",
] as const;

/** The longest value a field takes: a name or a license number, never a letter. */
const MAX_FIELD_LENGTH = 200;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;

export type FieldCheck =
  | { ok: true; data: Record<string, string> }
  | { ok: false; errors: Record<string, string> };

/** Why one value does not do for its field, or undefined when it does (the page shows the message under the field). */
function problemWith(field: ItemField, value: string): string | undefined {
  if (value === "") return `Enter the ${field.label.toLowerCase()}.`;
  if (value.length > MAX_FIELD_LENGTH)
    return `Keep the ${field.label.toLowerCase()} under ${MAX_FIELD_LENGTH} characters.`;
  switch (field.kind) {
    case "date":
      return isIsoDate(value) ? undefined : "Enter a date as YYYY-MM-DD, for example 2027-03-31.";
    case "us-state":
      return (US_STATES as readonly string[]).includes(value)
        ? undefined
        : "Enter the state's two letters, for example NY.";
    case "yes-no":
      return value === "yes" || value === "no" ? undefined : "Choose yes or no.";
    case "phone-or-email":
      return EMAIL.test(value) || PHONE.test(value)
        ? undefined
        : "Enter a phone number or an e-mail address.";
    case "choice":
      return field.options.some((option) => option.value === value)
        ? undefined
        : "Choose one of the options.";
    default:
      return undefined;
  }
}

/**
 * An item's fields as the nurse sent them, checked: every field is required, dates are real YYYY-MM-DD dates, a
 * state is two letters (upper-cased), yes-no and choices one of their values. Only the item's own fields are kept.
 */
export function checkItemFields(item: ChecklistItem, sent: Readonly<Record<string, string>>): FieldCheck {
  const data: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const field of item.fields) {
    const raw = (sent[field.name] ?? "").trim();
    const value = field.kind === "us-state" ? raw.toUpperCase() : raw;
    const problem = problemWith(field, value);
    if (problem) errors[field.name] = problem;
    else data[field.name] = value;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data };
}
