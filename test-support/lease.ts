import type { Store } from "../server/store/store.ts";

/**
 * Claims `leadId` at `now` as a relay worker would, and returns its lease; whatever else was due is given
 * back at once, so the test's other leads stay as they were.
 */
export async function leaseOf(store: Pick<Store, "outbox">, leadId: string, now: number): Promise<string> {
  const claimed = await store.outbox.claimDue(now, 1000, 60_000);
  for (const other of claimed)
    if (other.leadId !== leadId) await store.outbox.releaseLease(other.leadId, other.lease);
  const mine = claimed.find((delivery) => delivery.leadId === leadId);
  if (!mine) throw new Error(`Lead ${leadId} was not due at ${now}.`);
  return mine.lease;
}
