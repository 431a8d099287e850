import { describePromise } from "../../../staff/due.ts";
import type { LeadPromiseAnswer } from "../../../staff/leads-api.ts";

/** How the staff pages write dates, sizes, sites and counts. */

const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/** "Nov 23, 2026, 9:05 AM" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** Today's leads show their time, older ones their date. */
export function formatListDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString()
    ? date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })
    : shortDate.format(date);
}

/** A referring site by its host name: the scheme says nothing to a person. */
export const siteName = (origin: string) => URL.parse(origin)?.host ?? origin;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "1 lead", "3 leads", "1,204 leads". */
export const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * A lead's promise as the inbox and the lead page say it ("due in 25 min", "2 h overdue", "Answered in time"),
 * at `now`: the clock is injected so tests can set it.
 */
export function promiseText(promise: LeadPromiseAnswer, now = Date.now()): string {
  const { dueAt, respondedAt, state } = promise;
  return describePromise(
    { dueAt: Date.parse(dueAt), respondedAt: respondedAt === null ? null : Date.parse(respondedAt), state },
    now,
  );
}

/** An unanswered lead whose due time has passed. */
export const isOverdue = (promise: LeadPromiseAnswer, now = Date.now()) =>
  promise.respondedAt === null && now > Date.parse(promise.dueAt);
