import type { ClaimedDelivery, Outbox } from "../../store/queries/outbox.ts";
import type { SendOutcome } from "../send-lead.ts";

/** One road a lead travels (decision 014): sends one claimed delivery and says how it went. */
export interface DeliveryChannel {
  /** `stop` aborts the attempt when the relay is stopping (SIGTERM), so its lease can be released. */
  send(delivery: ClaimedDelivery, stop: AbortSignal): Promise<SendOutcome>;
  /** Frees connections (an SMTP pool) when the relay stops. */
  close?(): void;
}

export const configurationProblem = (error: string): SendOutcome => ({
  ok: false,
  status: null,
  problem: "configuration",
  error,
  retryAfterMs: null,
});

/** The delivery's resume: none, the Blob, or a failure outcome when the store lost it. */
export async function resumeOf(
  store: { outbox: Pick<Outbox, "readResume"> },
  delivery: ClaimedDelivery,
): Promise<{ blob: Blob | null } | { failure: SendOutcome }> {
  if (!delivery.resume) return { blob: null };
  const blob = await store.outbox.readResume(delivery.leadId);
  return blob ? { blob } : { failure: configurationProblem("resume file missing") };
}
