import type { LeadFormId } from "../../leads/catalog.ts";
import { RESPONSE_PROMISES } from "../../leads/promises.ts";
import { type BusinessCalendar, dueAt } from "./business-calendar.ts";

/**
 * A lead's response clock (decisions 025, 026), each rule in one place:
 * - the promise each form makes: leads/promises.ts (the confirmation e-mail states it in words);
 * - the due time: leadDueAt below, the form's promise counted on the business calendar from the lead's arrival;
 * - the promise's state (due, met, missed) and when a due time has passed: staff/due.ts, which the staff app
 *   shares;
 * - the same rules in SQL (overdue, answered in time, missed, escalation due) and marking a lead answered (its
 *   first response, set once): server/store/response-clock.ts, which every query of the store uses.
 * Migration 010 keeps its own frozen copy of the due time as it stood (migrations/frozen/).
 */

/** When a lead of `formId` that arrived at `createdAt` is due. */
export const leadDueAt = (lead: { formId: LeadFormId; createdAt: number }, calendar: BusinessCalendar) =>
  dueAt(lead.createdAt, RESPONSE_PROMISES[lead.formId], calendar);
