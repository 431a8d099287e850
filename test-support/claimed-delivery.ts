import type { ClaimedDelivery } from "../server/store/queries/outbox.ts";

/** A delivery as the relay claims it: a first attempt at a demo request, with whatever a test changes. */
export function claimedDelivery(overrides: Partial<ClaimedDelivery> = {}): ClaimedDelivery {
  return {
    id: "delivery-1",
    channel: "formservice",
    leadId: "0b6f3f6e-4f1c-4b43-9d6e-1d6f5b0c2a10",
    lease: "lease-1",
    formId: "chartassist-demo",
    fields: { name: "Ada Example", email: "ada@example.com" },
    resume: null,
    source: {},
    openingTitle: null,
    attempts: 0,
    enqueuedAt: 0,
    createdAt: 0,
    ...overrides,
  };
}
