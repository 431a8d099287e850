import type { LeadFormId } from "../leads/catalog.ts";

/** A lead's workflow: the statuses of its kind, and how its deliveries read to staff. */

export const REQUEST_STATUSES = ["New", "Contacted", "Qualified", "Won", "Lost"] as const;
export const APPLICATION_STATUSES = [
  "New",
  "Screening",
  "Interview",
  "Offer",
  "Hired",
  "Not selected",
] as const;
export type Status = (typeof REQUEST_STATUSES)[number] | (typeof APPLICATION_STATUSES)[number];

export const NEW_STATUS = "New";

/** The forms whose leads are applications (the recruiters' side); every other form's leads are requests. */
export const APPLICATION_FORMS: readonly LeadFormId[] = ["nurse-application"];

/** An application (its own workflow, the recruiters' side), not a request. */
export const isApplicationForm = (formId: string) =>
  (APPLICATION_FORMS as readonly string[]).includes(formId);

/** The status workflow of a lead's kind: applications have their own, every request the same one. */
export const statusesOf = (formId: string): readonly string[] =>
  isApplicationForm(formId) ? APPLICATION_STATUSES : REQUEST_STATUSES;

/** Every status the leads of these forms can have, in workflow order (for a status filter). */
export function statusesOfForms(forms: readonly string[]): string[] {
  const statuses = new Set<string>();
  if (forms.some((form) => !isApplicationForm(form))) for (const s of REQUEST_STATUSES) statuses.add(s);
  if (forms.some(isApplicationForm)) for (const s of APPLICATION_STATUSES) statuses.add(s);
  return [...statuses];
}

/** Every status any workflow has (the list filter accepts each). */
export const ALL_STATUSES = [...new Set<Status>([...REQUEST_STATUSES, ...APPLICATION_STATUSES])] as [
  Status,
  ...Status[],
];

/** A lead's delivery as the inbox shows it (spam never reaches the inbox). */
export const DELIVERY_STATES = ["pending", "delivered", "dead"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  pending: "Pending",
  delivered: "Delivered",
  dead: "Failed",
};
