import type { ServerConfig } from "../config.ts";
import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import type { Channel, DeliveryProblem } from "../store/store-records.ts";
import { nextAttemptAt } from "./backoff.ts";
import { outboxLoop } from "./outbox-loop.ts";
import type { SendOutcome } from "./send-lead.ts";

/** Where an attempt went, as logs and metrics name it: a lead's channel, or `mail` for the mail outbox. */
export type OutboxChannel = Channel | "mail";

/** What one attempt came to: `released` when a stop cut it short, `lease_lost` when another worker owns it now. */
export type DeliveryOutcome = "delivered" | "failed" | "dead" | "released" | "lease_lost";

/** A failed attempt as the store records it; `nextAttemptAt` null gives the entry up ("dead"). */
export interface FailureRecord {
  at: number;
  nextAttemptAt: number | null;
  /** The claim's `enqueuedAt`, from which `nextAttemptAt` was computed. */
  enqueuedAt: number;
  status: number | null;
  error: string;
  problem: DeliveryProblem;
}

/** One claimed entry of a kind: what the policy reads of it, and the kind's ways to send and settle it. */
export interface OutboxJob {
  channel: OutboxChannel;
  /** Attempts before this one. */
  attempts: number;
  enqueuedAt: number;
  /** When its wait began (a lead's acceptance, a message's queueing): the delivered line's `ageMs` counts from it. */
  waitingSince: number;
  /** What every log line of the attempt names: ids, kinds, the channel; never an address, a name or a text. */
  context: Record<string, string | null>;
  /** Resolves with the channel's answer; `stop` aborts it when the worker stops. */
  send(stop: AbortSignal): Promise<SendOutcome>;
  /** Each of these writes only while the claim's lease is held, and says whether it did. */
  markDelivered(at: number, status: number): Promise<boolean>;
  recordFailure(failure: FailureRecord): Promise<boolean>;
  release(): Promise<boolean>;
}

/** What the logs say of each outcome of a kind's entries. */
export interface OutcomeWords {
  delivered: string;
  retry: string;
  dead: string;
  released: string;
  leaseLost: string;
  unrecorded: string;
  unreadable: string;
  /** Problems the operator has to act on: a retry logged as a warning with these words, or a dead entry's. */
  problems?: Partial<Record<DeliveryProblem, { retry?: string; dead?: string }>>;
}

/** One table the worker serves: how its entries are claimed, sent and settled, and what its logs call them. */
export interface OutboxKind {
  /** `lead` (the leads' deliveries, table `outbox`) or `mail` (table `mail_outbox`). */
  name: "lead" | "mail";
  words: OutcomeWords;
  claimDue(now: number, limit: number, leaseMs: number): Promise<OutboxJob[]>;
  nextDueAt(): Promise<number | null>;
  /** Frees connections (an SMTP pool) when the worker stops. */
  close(): void;
}

export interface OutboxWorker {
  /** The kinds it serves, by name. */
  readonly kinds: readonly OutboxKind["name"][];
  start(): void;
  /** New work was committed: look now instead of at the next poll. */
  wake(): void;
  /**
   * Stops claiming; entries in flight get `graceMs` to finish, then are aborted and their leases released, so
   * they are due again at once for the next worker (no attempt is counted).
   */
  stop(graceMs?: number): Promise<void>;
}

type WorkerConfig = Pick<
  ServerConfig,
  | "RELAY_TIMEOUT_MS"
  | "RELAY_CONCURRENCY"
  | "RELAY_POLL_MS"
  | "RELAY_BASE_DELAY_MS"
  | "RELAY_MAX_DELAY_MS"
  | "RELAY_GIVE_UP_AFTER_MS"
>;

export interface OutboxWorkerDeps {
  config: WorkerConfig;
  logger: Logger;
  kinds: readonly OutboxKind[];
  now?: () => number;
  random?: () => number;
  /** An entry went dead (the alerts look at once when it was a lead's). */
  onDead?: ((kind: OutboxKind["name"]) => void) | undefined;
  /** Each attempt's outcome and how long it took (the metrics count them). */
  onAttempt?: ((channel: OutboxChannel, outcome: DeliveryOutcome, seconds: number) => void) | undefined;
}

/**
 * The one outbox worker (decisions 003 and 024): claims the due entries of every kind with a lease (so a crashed
 * worker's claims come back), sends each, and settles it by one policy: delivered only after its channel
 * confirmed; otherwise retried at the backoff (backoff.ts) until RELAY_GIVE_UP_AFTER_MS or a final answer, then
 * dead; released at a stop; and nothing recorded once the lease is lost. At least once, never at most once.
 */
export function createOutboxWorker({
  config,
  logger,
  kinds,
  now = Date.now,
  random = Math.random,
  onDead,
  onAttempt,
}: OutboxWorkerDeps): OutboxWorker {
  if (kinds.length === 0) throw new Error("an outbox worker needs at least one kind");
  // Long enough for the slowest attempt plus reading a file; after that another worker may take it.
  const leaseMs = config.RELAY_TIMEOUT_MS + 60_000;

  async function attempt(kind: OutboxKind, job: OutboxJob, stop: AbortSignal): Promise<void> {
    const started = performance.now();
    const context = { ...job.context, attempt: job.attempts + 1 };
    let outcome: SendOutcome;
    try {
      outcome = await job.send(stop);
    } catch (error) {
      outcome = {
        ok: false,
        status: null,
        problem: "network",
        error: errorKind(error).type,
        retryAfterMs: null,
      };
    }
    const at = now();
    const elapsed = performance.now() - started;
    const ms = Math.round(elapsed);
    const report = (result: DeliveryOutcome) => onAttempt?.(job.channel, result, elapsed / 1000);
    const { words } = kind;
    try {
      if (!outcome.ok && stop.aborted) {
        await job.release();
        report("released");
        logger.info({ ...context, outcome: "released", ms }, words.released);
        return;
      }
      if (outcome.ok) {
        if (!(await job.markDelivered(at, outcome.status))) {
          report("lease_lost");
          logger.warn({ ...context, status: outcome.status, ms }, words.leaseLost);
          return;
        }
        report("delivered");
        const ageMs = at - job.waitingSince;
        logger.info({ ...context, outcome: "delivered", status: outcome.status, ms, ageMs }, words.delivered);
        return;
      }
      const next = nextAttemptAt(outcome, job, at, config, random);
      const { status, error, problem } = outcome;
      const recorded = await job.recordFailure({
        at,
        nextAttemptAt: next,
        enqueuedAt: job.enqueuedAt,
        status,
        error,
        problem,
      });
      report(recorded ? (next === null ? "dead" : "failed") : "lease_lost");
      if (!recorded) {
        logger.warn({ ...context, status, ms }, words.leaseLost);
        return;
      }
      // The service's message stays in the store (leads status/show): it could echo what was sent.
      const details = { ...context, status, problem, ms };
      const asked = words.problems?.[problem];
      if (next === null) {
        logger.error({ ...details, outcome: "dead" }, asked?.dead ?? words.dead);
        onDead?.(kind.name);
      } else if (asked?.retry) {
        logger.warn({ ...details, outcome: "retry", retryInMs: next - at }, asked.retry);
      } else {
        logger.info({ ...details, outcome: "retry", retryInMs: next - at }, words.retry);
      }
    } catch (error) {
      // The lease runs out and the entry is tried again: a resend, never a loss.
      logger.error({ ...context, err: errorKind(error) }, words.unrecorded);
    }
  }

  const loop = outboxLoop<{ kind: OutboxKind; job: OutboxJob }>({
    concurrency: config.RELAY_CONCURRENCY,
    pollMs: config.RELAY_POLL_MS,
    now,
    sources: kinds.map((kind) => ({
      claim: async (free) => (await kind.claimDue(now(), free, leaseMs)).map((job) => ({ kind, job })),
      nextDueAt: () => kind.nextDueAt(),
      onClaimError: (error) =>
        logger.error({ outbox: kind.name, err: errorKind(error) }, kind.words.unreadable),
    })),
    deliver: ({ kind, job }, stop) => attempt(kind, job, stop),
  });
  return {
    kinds: kinds.map((kind) => kind.name),
    start: loop.start,
    wake: loop.wake,
    async stop(graceMs = config.RELAY_TIMEOUT_MS) {
      await loop.stop(graceMs);
      for (const kind of kinds) kind.close();
    },
  };
}
