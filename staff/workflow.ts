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

/** The status workflow of a lead's kind: applications have their own, every request the same one. */
export const statusesOf = (formId: string): readonly string[] =>
  formId === "nurse-application" ? APPLICATION_STATUSES : REQUEST_STATUSES;

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
