/**
 * A lead's response promise as staff see it: whether it is still due, was met or was missed, and how
 * long is left or how late it is, in words (never colour alone). No dependency, so the staff app can import it.
 * These are the response clock's rules in JavaScript, for the server too; server/store/response-clock.ts has
 * the same rules in SQL, and its test holds the two to each other.
 */

export const PROMISE_STATES = ["due", "met", "missed"] as const;
export type PromiseStateName = (typeof PROMISE_STATES)[number];

/** The staff API's `promise` of a lead: instants in epoch milliseconds (the API writes them as ISO 8601). */
export interface LeadPromise {
  dueAt: number;
  respondedAt: number | null;
  state: PromiseStateName;
}

/** The promise met: the first response came by the due time, that very millisecond included. */
const answeredInTime = (firstResponseAt: number, dueAt: number) => firstResponseAt <= dueAt;

/** Past due at `now`: from the millisecond after the due time on (unanswered, the lead is then overdue). */
const pastDue = (dueAt: number, now: number) => now > dueAt;

/**
 * A first response in time met the promise; one after it missed it, and stays missed. With no response the
 * promise is due until the due time has passed.
 */
export function promiseState(
  lead: { dueAt: number; firstResponseAt: number | null },
  now: number,
): LeadPromise {
  const { dueAt, firstResponseAt } = lead;
  if (firstResponseAt === null)
    return { dueAt, respondedAt: null, state: pastDue(dueAt, now) ? "missed" : "due" };
  const state = answeredInTime(firstResponseAt, dueAt) ? "met" : "missed";
  return { dueAt, respondedAt: firstResponseAt, state };
}

/** "due in 25 min", "due in 3 h", "2 h overdue", "3 d overdue": what an inbox row says of an unanswered lead. */
export function describeDue(dueAt: number, now: number): string {
  return pastDue(dueAt, now)
    ? `${shortDuration(now - dueAt)} overdue`
    : `due in ${shortDuration(dueAt - now)}`;
}

const MINUTE_MS = 60_000;

/**
 * A duration in its largest whole unit, rounded down so time left is never overstated: "less than 1 min",
 * "25 min" (under an hour), "3 h" (under a day), "2 d".
 */
export function shortDuration(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  if (minutes < 1) return "less than 1 min";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

/**
 * What the inbox and the lead page say of a promise: how long is left or how late it is while unanswered,
 * "Answered in time", or how late the first response came ("Answered 2 h late").
 */
export function describePromise(promise: LeadPromise, now: number): string {
  if (promise.state === "met") return "Answered in time";
  if (promise.respondedAt !== null)
    return `Answered ${shortDuration(promise.respondedAt - promise.dueAt)} late`;
  return describeDue(promise.dueAt, now);
}
