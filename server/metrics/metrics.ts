import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { LEAD_FORM_IDS } from "../../leads/forms.ts";
import { STAFF_API, STAFF_ENDPOINTS } from "../../staff/endpoints.ts";
import type { ServerConfig } from "../config.ts";
import type { ObservedRequest } from "../http/access-log.ts";
import type { LeadOutcome } from "../leads/lead-answers.ts";
import type { DeliveryOutcome, OutboxChannel } from "../relay/outbox-worker.ts";
import type { ChannelHealth } from "../store/queries/incidents.ts";
import type { LeadIntake } from "../store/queries/intake.ts";
import type { Store } from "../store/store.ts";
import { CHANNELS, type ConfirmationOutcome, type SkipReason } from "../store/store-records.ts";

export interface Metrics {
  /** The Prometheus text exposition of every metric, outbox gauges read from the store now. */
  exposition(): Promise<{ contentType: string; body: string }>;
  leadOutcome(formId: string, outcome: LeadOutcome): void;
  /** One outbox attempt: a lead's delivery over its channel, or a message of the mail outbox (`mail`). */
  delivery(channel: OutboxChannel, outcome: DeliveryOutcome, seconds: number): void;
  request(observed: ObservedRequest): void;
  /** A confirmation the store recorded as not sent, and why. */
  confirmationSkipped(reason: SkipReason): void;
}

/** Every reason a confirmation is recorded as not sent, each counted from 0. */
const SKIP_REASONS: readonly SkipReason[] = [
  "recently_confirmed",
  "domain_limit",
  "hourly_limit",
  "refused",
  "disabled",
  "no_mail_server",
  "spam",
];

/** The staff sign-in route and what each of its answers means (its contract: docs/staff-guide.md). */
const SIGN_IN_ROUTE = `${STAFF_API}${STAFF_ENDPOINTS.signIn.path}`;
const SIGN_IN_OUTCOMES: Partial<Record<number, string>> = {
  200: "signed_in",
  401: "refused",
  423: "locked",
  429: "rate_limited",
};

const KNOWN_FORMS = new Set<string>(LEAD_FORM_IDS);

/**
 * Every metric of one server, in a registry of its own (several servers share a test process). Labels hold
 * only values from fixed sets: form ids, channels, outcomes, route patterns, methods and status codes; never a
 * path, an address or anything a visitor typed. The outbox families count the leads' deliveries by channel and
 * the mail outbox's messages (confirmations, replies, notices) as `channel="mail"`, with the same meaning.
 */
export function createMetrics({
  config,
  store,
  now = Date.now,
}: {
  config: Pick<ServerConfig, "LEAD_CHANNELS">;
  store: Pick<Store, "incidents">;
  now?: () => number;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const accepted = new Counter({
    name: "leads_accepted_total",
    help: "Leads committed to the store (replays of an Idempotency-Key not counted).",
    labelNames: ["form"],
    registers,
  });
  const refused = new Counter({
    name: "leads_refused_total",
    help: "Posts to a form that stored no lead to deliver, by the API's error code (spam: a filled honeypot).",
    labelNames: ["form", "reason"],
    registers,
  });
  const deliveries = new Counter({
    name: "lead_deliveries_total",
    help: "Outbox attempts by channel (mail: the mail outbox) and outcome (delivered, failed and retried, dead, released at stop, lease_lost).",
    labelNames: ["channel", "outcome"],
    registers,
  });
  const deliveryDuration = new Histogram({
    name: "lead_delivery_duration_seconds",
    help: "How long one outbox attempt took, until the channel (mail: the mail server) answered or failed.",
    labelNames: ["channel"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const pending = new Gauge({
    name: "lead_outbox_pending",
    help: "Deliveries waiting in the outbox by channel, messages in the mail outbox as mail (read at each scrape).",
    labelNames: ["channel"],
    registers,
  });
  const dead = new Gauge({
    name: "lead_outbox_dead",
    help: "Deliveries given up by channel (until `leads retry`), messages given up as mail (read at each scrape).",
    labelNames: ["channel"],
    registers,
  });
  const oldestPending = new Gauge({
    name: "lead_outbox_oldest_pending_seconds",
    help: "Age of the oldest lead a channel still has to deliver, or message still to send (mail); 0 when none waits.",
    labelNames: ["channel"],
    registers,
  });
  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by route pattern, method and status.",
    labelNames: ["route", "method", "status"],
    registers,
  });
  const signIns = new Counter({
    name: "staff_sign_ins_total",
    help: "Staff sign-in attempts by outcome (signed_in, refused, locked, rate_limited, rejected).",
    labelNames: ["outcome"],
    registers,
  });

  const skipped = new Counter({
    name: "confirmations_skipped_total",
    help: "Confirmation e-mails recorded as not sent, by reason (recently_confirmed: the mailbox had its one today).",
    labelNames: ["reason"],
    registers,
  });
  for (const reason of SKIP_REASONS) skipped.inc({ reason }, 0);

  function setOutbox(channel: OutboxChannel, state: ChannelHealth | undefined, at: number) {
    pending.set({ channel }, state?.pending ?? 0);
    dead.set({ channel }, state?.dead ?? 0);
    const since = state?.oldestPendingAt ?? null;
    oldestPending.set({ channel }, since === null ? 0 : Math.max(0, (at - since) / 1000));
  }

  /** Sets the outbox gauges from one store read; a store that does not answer leaves them empty, not stale. */
  async function readOutbox(): Promise<void> {
    pending.reset();
    dead.reset();
    oldestPending.reset();
    const read = await Promise.all([store.incidents.health(), store.incidents.mailBacklog()]).catch(
      () => undefined,
    );
    if (!read) return;
    const [health, mail] = read;
    const at = now();
    const channels = CHANNELS.filter(
      (channel) => config.LEAD_CHANNELS.includes(channel) || health.channels[channel],
    );
    for (const channel of channels) setOutbox(channel, health.channels[channel], at);
    setOutbox("mail", mail, at);
  }

  return {
    async exposition() {
      await readOutbox();
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    leadOutcome(formId, outcome) {
      if (!KNOWN_FORMS.has(formId) || outcome === "replayed") return;
      if (outcome === "accepted") accepted.inc({ form: formId });
      else refused.inc({ form: formId, reason: outcome });
    },
    delivery(channel, outcome, seconds) {
      deliveries.inc({ channel, outcome });
      if (outcome !== "released") deliveryDuration.observe({ channel }, seconds);
    },
    request({ route, method, status, seconds }) {
      requests.observe({ route, method, status }, seconds);
      if (route === SIGN_IN_ROUTE && method === "POST")
        signIns.inc({ outcome: SIGN_IN_OUTCOMES[status] ?? "rejected" });
    },
    confirmationSkipped(reason) {
      skipped.inc({ reason });
    },
  };
}

/**
 * The store's intake, reporting each confirmation it records as not sent, whichever path queued it: a new lead
 * (the lead API) or one taken out of spam (the staff inbox).
 */
export function reportingSkips(intake: LeadIntake, onSkipped: (reason: SkipReason) => void): LeadIntake {
  const report = (outcome: ConfirmationOutcome | undefined) => {
    if (outcome && outcome !== "queued") onSkipped(outcome);
  };
  return {
    async acceptLead(lead, idempotency) {
      const outcome = await intake.acceptLead(lead, idempotency);
      if (outcome.kind === "created") report(outcome.confirmation);
      return outcome;
    },
    async releaseSpam(leadId, actorId, confirmation, at) {
      const released = await intake.releaseSpam(leadId, actorId, confirmation, at);
      if (released) report(released.confirmation);
      return released;
    },
  };
}
