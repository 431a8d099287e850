import { findLeadForm, recipientFor } from "../../leads/forms.ts";
import type { ServerConfig } from "../config.ts";
import { errorKind } from "../error-kind.ts";
import type { Logger } from "../logger.ts";
import type { ClaimedDelivery, LeadStore } from "../store/lead-store.ts";
import { backoffDelay } from "./backoff.ts";
import { type SendOutcome, sendLead } from "./send-lead.ts";

export interface RelayDeps {
  config: ServerConfig;
  logger: Logger;
  store: LeadStore;
  now?: () => number;
  random?: () => number;
  fetchImpl?: typeof fetch;
}

export interface RelayWorker {
  start(): void;
  /** New work was committed: look now instead of at the next poll. */
  wake(): void;
  /** Stops claiming and waits for deliveries in flight. */
  /**
   * Stops claiming; deliveries in flight get `graceMs` to finish, then are aborted and their leases released,
   * so the lead is due again at once for the next worker (no attempt is counted).
   */
  stop(graceMs?: number): Promise<void>;
}

/** Where the service URL template puts the mailbox. */
export const serviceUrlFor = (template: string, to: string) =>
  template.replaceAll("{to}", encodeURIComponent(to));

/**
 * The outbox relay: claims due leads with a lease (so a crashed worker's claims come back), posts each to
 * the form service, and marks it delivered only after the service confirmed. At least once, never at most once.
 */
export function createRelayWorker({
  config,
  logger,
  store,
  now = Date.now,
  random = Math.random,
  fetchImpl = fetch,
}: RelayDeps): RelayWorker {
  const concurrency = config.RELAY_CONCURRENCY;
  // Long enough for the slowest attempt plus reading the file; after that another worker may take it.
  const leaseMs = config.RELAY_TIMEOUT_MS + 60_000;
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let wakeRequested = false;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (wakeRequested) {
        wakeRequested = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  async function attempt(delivery: ClaimedDelivery): Promise<SendOutcome> {
    const form = findLeadForm(delivery.formId);
    if (!form) {
      return {
        ok: false,
        status: null,
        problem: "configuration",
        error: "unknown form id",
        retryAfterMs: null,
      };
    }
    let blob: Blob | null = null;
    if (delivery.resume) {
      blob = await store.readResume(delivery.leadId);
      if (!blob) {
        return {
          ok: false,
          status: null,
          problem: "configuration",
          error: "resume file missing",
          retryAfterMs: null,
        };
      }
    }
    const to = recipientFor(form, config.site.email);
    return sendLead(
      {
        url: serviceUrlFor(config.FORM_SERVICE_URL, to),
        leadId: delivery.leadId,
        to,
        subject: form.subject,
        fields: delivery.fields,
        resume: delivery.resume && blob ? { info: delivery.resume, blob } : null,
      },
      config.RELAY_TIMEOUT_MS,
      now,
      fetchImpl,
      stopping.signal,
    );
  }

  async function deliver(delivery: ClaimedDelivery): Promise<void> {
    const started = performance.now();
    const context = { leadId: delivery.leadId, formId: delivery.formId, attempt: delivery.attempts + 1 };
    let outcome: SendOutcome;
    try {
      outcome = await attempt(delivery);
    } catch (error) {
      outcome = {
        ok: false,
        status: null,
        problem: "network",
        error: errorKind(error).name,
        retryAfterMs: null,
      };
    }
    const at = now();
    const ms = Math.round(performance.now() - started);
    try {
      if (!outcome.ok && stopping.signal.aborted) {
        await store.releaseLease(delivery.leadId, delivery.lease);
        logger.info(
          { ...context, outcome: "released", ms },
          "relay stopped: delivery released for the next run",
        );
        return;
      }
      if (outcome.ok) {
        if (!(await store.markDelivered(delivery.leadId, delivery.lease, at))) {
          logger.warn(
            { ...context, status: outcome.status, ms },
            "relay lost its lease: outcome not recorded",
          );
          return;
        }
        logger.info(
          { ...context, outcome: "delivered", status: outcome.status, ms, ageMs: at - delivery.createdAt },
          "relay",
        );
        return;
      }
      const deadline = delivery.enqueuedAt + config.RELAY_GIVE_UP_AFTER_MS;
      const wait =
        outcome.retryAfterMs ??
        backoffDelay(delivery.attempts, config.RELAY_BASE_DELAY_MS, config.RELAY_MAX_DELAY_MS, random);
      const nextAttemptAt = at >= deadline ? null : Math.min(at + wait, deadline);
      const recorded = await store.recordFailure(delivery.leadId, delivery.lease, {
        at,
        nextAttemptAt,
        enqueuedAt: delivery.enqueuedAt,
        status: outcome.status,
        error: outcome.error,
        problem: outcome.problem,
      });
      if (!recorded) {
        logger.warn({ ...context, status: outcome.status, ms }, "relay lost its lease: outcome not recorded");
        return;
      }
      // The service's message stays in the store (leads status/show): it could echo what was sent.
      const details = { ...context, status: outcome.status, problem: outcome.problem, ms };
      if (nextAttemptAt === null) {
        logger.error(
          { ...details, outcome: "dead" },
          "relay gave up: lead not delivered, see `leads status`",
        );
      } else if (outcome.problem === "activation") {
        logger.warn(
          { ...details, outcome: "retry", retryInMs: nextAttemptAt - at },
          "form service needs activation: open the activation e-mail sent to the mailbox",
        );
      } else if (outcome.problem === "configuration") {
        logger.warn(
          { ...details, outcome: "retry", retryInMs: nextAttemptAt - at },
          "form service refused the lead: check FORM_SERVICE_URL and the mailboxes",
        );
      } else {
        logger.info({ ...details, outcome: "retry", retryInMs: nextAttemptAt - at }, "relay attempt failed");
      }
    } catch (error) {
      // The lease runs out and the lead is tried again: a resend, never a loss.
      logger.error({ ...context, err: errorKind(error) }, "relay could not record the outcome");
    }
  }

  async function run(): Promise<void> {
    while (running) {
      const free = concurrency - inFlight.size;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0) {
        try {
          claimed = await store.claimDue(now(), free, leaseMs);
        } catch (error) {
          logger.error({ err: errorKind(error) }, "relay could not read the outbox");
          await sleep(config.RELAY_POLL_MS);
          continue;
        }
      }
      for (const delivery of claimed) {
        const task: Promise<void> = deliver(delivery).finally(() => {
          inFlight.delete(task);
          // A slot is free, or a retry was just scheduled: let the loop look again.
          worker.wake();
        });
        inFlight.add(task);
      }
      if (!running) break;
      if (inFlight.size >= concurrency) {
        await Promise.race(inFlight);
        continue;
      }
      if (claimed.length > 0 && claimed.length === free) continue;
      let wait = config.RELAY_POLL_MS;
      try {
        const due = await store.nextDueAt();
        if (due !== null) wait = Math.min(wait, Math.max(5, due - now()));
      } catch {
        // The claim above will report a broken store.
      }
      await sleep(wait);
    }
  }

  const worker: RelayWorker = {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      if (wakeUp) wakeUp();
      else wakeRequested = true;
    },
    async stop(graceMs = config.RELAY_TIMEOUT_MS) {
      running = false;
      wakeUp?.();
      await loop;
      const finished = Promise.allSettled([...inFlight]);
      let grace: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        grace = setTimeout(resolve, graceMs);
      });
      await Promise.race([finished, timedOut]);
      clearTimeout(grace);
      stopping.abort();
      await finished;
    },
  };
  return worker;
}
