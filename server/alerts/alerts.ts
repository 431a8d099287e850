import type { SendMailOptions } from "nodemailer";
import { bareAddress, type Mailbox, mailbox } from "../checks/mail-checks.ts";
import type { ServerConfig } from "../config.ts";
import { smtpTransport } from "../mail/smtp-transport.ts";
import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import type { IncidentKind, StoreHealth } from "../store/queries/incidents.ts";
import type { Store } from "../store/store.ts";

type AlertConfig = Pick<
  ServerConfig,
  "ALERT_EMAIL" | "MAIL_FROM" | "SMTP_URL" | "RELAY_TIMEOUT_MS" | "ALERT_PENDING_AFTER_S" | "site"
>;

export interface Alerts {
  /** Looks at the outbox now: opens (and mails) or resolves incidents. */
  check(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** Counts per channel and what to do; never a lead's fields. From MAIL_FROM, its address the envelope's sender. */
function alertMail(
  kind: IncidentKind,
  health: StoreHealth,
  config: AlertConfig & { from: Mailbox; to: string },
  now: number,
): SendMailOptions {
  const host = new URL(config.site.url).hostname;
  const age = health.oldestPendingAt === null ? 0 : Math.round((now - health.oldestPendingAt) / 1000);
  const subject =
    kind === "dead"
      ? `[${host}] Lead delivery failed: ${health.dead} lead(s) dead`
      : `[${host}] Lead delivery stuck: a lead has waited ${age} s`;
  const channels = Object.entries(health.channels).map(
    ([channel, state]) => `  ${channel}: ${state.pending} pending, ${state.dead} dead`,
  );
  const text = [
    kind === "dead"
      ? "A lead delivery gave up: the lead did not reach every channel."
      : `The oldest pending lead has waited ${age} s, more than ALERT_PENDING_AFTER_S (${config.ALERT_PENDING_AFTER_S} s).`,
    "",
    `Leads: ${health.pending} pending, ${health.dead} dead.`,
    "Deliveries by channel:",
    ...channels,
    "",
    "See `npm run leads -- status` on the server for the cause; `npm run leads -- retry --dead` sends dead leads again.",
    `Delivery health: ${config.site.url}/api/health/delivery`,
    "",
    "You get this once per incident; the next alert comes after it is resolved and a new one starts.",
  ].join("\n");
  return {
    from: config.from,
    to: config.to,
    envelope: { from: config.from.address, to: [config.to] },
    subject,
    text: `${text}\n`,
  };
}

/**
 * Alerts to ALERT_EMAIL (decision 014): one e-mail when a delivery goes dead, one when the oldest pending lead
 * waits longer than ALERT_PENDING_AFTER_S, each once per incident. Incidents are kept in the store, so a restart
 * or a second instance does not alert again; a failed alert e-mail reopens the incident for the next check.
 */
export function createAlerts(deps: {
  config: AlertConfig;
  logger: Logger;
  store: Pick<Store, "incidents">;
  now?: () => number;
  intervalMs?: number;
}): Alerts {
  const { config, logger, store, now = Date.now } = deps;
  const intervalMs = deps.intervalMs ?? Math.min(30_000, (config.ALERT_PENDING_AFTER_S * 1000) / 4);
  // Both checked before any alert is due (loadConfig refuses them first).
  const addressed = {
    ...config,
    from: mailbox(config.MAIL_FROM ?? "", "from"),
    to: bareAddress(config.ALERT_EMAIL ?? "", "to"),
  };
  const transport = smtpTransport(config);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function incident(kind: IncidentKind, active: boolean, health: StoreHealth, at: number) {
    if (!active) {
      if (await store.incidents.resolveIncident(kind))
        logger.info({ incident: kind }, "alert incident resolved");
      return;
    }
    if (!(await store.incidents.openIncident(kind, at))) return;
    try {
      await transport.sendMail(alertMail(kind, health, addressed, at));
      logger.warn({ incident: kind, dead: health.dead, pending: health.pending }, "alert e-mail sent");
    } catch (error) {
      await store.incidents.resolveIncident(kind);
      logger.error(
        { incident: kind, err: errorKind(error) },
        "alert e-mail failed; trying again at the next check",
      );
    }
  }

  async function run() {
    do {
      again = false;
      try {
        const at = now();
        const health = await store.incidents.health();
        const waited = health.oldestPendingAt === null ? 0 : at - health.oldestPendingAt;
        await incident("dead", health.dead > 0, health, at);
        await incident("stuck", waited > config.ALERT_PENDING_AFTER_S * 1000, health, at);
      } catch (error) {
        logger.error({ err: errorKind(error) }, "alert check failed");
      }
    } while (again);
  }

  return {
    check() {
      // One check at a time; a request during one runs once more after it.
      if (running) {
        again = true;
        return running;
      }
      running = run().finally(() => {
        running = undefined;
      });
      return running;
    },
    start() {
      void this.check();
      timer = setInterval(() => void this.check(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
