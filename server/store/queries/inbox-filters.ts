import type { DocumentFilter } from "../../../leads/credential-status.ts";
import type { DeliveryState } from "../store-records.ts";
import type { DocumentDay } from "./document-filters.ts";

/** The inbox's filters as the store applies them (the API reads them from the contract's inboxQuery). */
export interface LeadFilters {
  form?: string | undefined;
  status?: string | undefined;
  delivery?: DeliveryState | undefined;
  /** Created at or after (ms). */
  from?: number | undefined;
  /** Created before (ms). */
  to?: number | undefined;
  q?: string | undefined;
  /** The landing page's utm_campaign; null: leads without one. */
  campaign?: string | null | undefined;
  /** The referring site's origin; null: leads without one (direct, or a browser that sent none). */
  referrer?: string | null | undefined;
  /** "Awaiting us": the person wrote last. */
  awaiting?: boolean | undefined;
  /** "Mine": assigned to this staff member. */
  assigneeId?: string | undefined;
  /** "Overdue": unanswered and due before this instant (ms). */
  overdueAt?: number | undefined;
  /** "Spam" (admins): what the honeypot caught, instead of everything else. */
  spam?: boolean | undefined;
  /** Applications for this opening (by its id). */
  openingId?: string | undefined;
  /** "Documents": where the lead's credential checklist stands. */
  documents?: DocumentFilter | undefined;
  /** The business day item statuses are read on (the Documents filter, the rows' progress). */
  day?: DocumentDay | undefined;
}
