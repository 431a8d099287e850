import path from "node:path";
import proxyAddr from "proxy-addr";
import { z } from "zod";
import { readSiteConfig, type SiteConfig } from "../config/site.ts";
import { BUSINESS_CALENDAR_ENV } from "./calendar/calendar-env.ts";
import { MailRefusal, mailbox } from "./checks/mail-checks.ts";
import { httpOriginOf } from "./checks/origin.ts";
import { CHANNELS } from "./store/store-records.ts";

const flag = z
  .enum(["", "0", "1", "true", "false", "yes", "no"], { error: "must be true or false" })
  .transform((value) => ["1", "true", "yes"].includes(value));

/** `false`, a hop count, or proxy addresses and CIDR ranges (proxy-addr's forms, `loopback` and the like included). */
const trustProxy = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (["", "0", "false", "no"].includes(value)) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    try {
      proxyAddr.compile(entries);
    } catch {
      context.addIssue({
        code: "custom",
        message: "must be false, a hop count (1, 2, ...) or a comma list of proxy addresses or CIDR ranges",
      });
      return z.NEVER;
    }
    return entries;
  });

export type TrustProxy = false | number | string[];

/** One mailbox, `address` or `Name <address>`, parsed as a header carries it (server/checks/mail-checks.ts). */
const oneMailbox = (example: string) =>
  z.string().refine(
    (value) => {
      try {
        mailbox(value, "replyTo");
        return true;
      } catch (error) {
        if (error instanceof MailRefusal) return false;
        throw error;
      }
    },
    { error: `must be one e-mail address on one line, e.g. ${example}` },
  );

/** A bearer token a client presents: long, random, visible ASCII. */
const bearerToken = z
  .string()
  .regex(/^[\x21-\x7e]{16,256}$/, "must be 16 to 256 visible ASCII characters (e.g. openssl rand -hex 32)");

/** "30,7": distinct whole days from 1 to 365, read largest first. */
const reminderDays = z.string().transform((value, context) => {
  const days = value.split(",").map((entry) => Number(/^\s*\d{1,3}\s*$/.test(entry) ? entry : Number.NaN));
  const whole = days.every((day) => day >= 1 && day <= 365);
  if (whole && days.length <= 5 && new Set(days).size === days.length) return days.sort((a, b) => b - a);
  context.addIssue({
    code: "custom",
    message: "must be up to 5 distinct whole numbers of days from 1 to 365, separated by commas, e.g. 30,7",
  });
  return z.NEVER;
});

/** A key for the credential documents at rest: 32 random bytes in base64, as `openssl rand -base64 32` writes them. */
const documentsKey = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z0-9+/]{43}=$/,
    "must be 32 random bytes in base64: make one with `openssl rand -base64 32` (and keep it apart from the backups)",
  );

/**
 * The confirmation e-mail's limits on top of one per mailbox per day (server/mail/confirmation-plan.ts), each per
 * clock hour across every instance: to one recipient domain, and in all.
 */
const CONFIRMATION_LIMITS_ENV = {
  CONFIRMATIONS_PER_DOMAIN_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(50),
  CONFIRMATIONS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(200),
};

/** Every variable the server reads; README's configuration table and .env.example list exactly these (env-docs.test.ts). */
export const serverEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Directory of the built client (pre-rendered HTML and hashed assets). */
  BUILD_DIR: z.string().min(1).default("build/client"),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  /** Where the relay posts each lead; `{to}` becomes the form's mailbox, URL-encoded. */
  FORM_SERVICE_URL: z
    .string()
    .default("https://formsubmit.co/ajax/{to}")
    .refine(
      (value) => /^https?:$/.test(URL.parse(value.replaceAll("{to}", "x"))?.protocol ?? ""),
      "must be an http(s) URL, with {to} where the mailbox goes",
    ),
  /** The delivery channels, comma-separated (decision 014): formservice, smtp, webhook. */
  LEAD_CHANNELS: z
    .string()
    .default("formservice")
    .transform((value) => [
      ...new Set(
        value
          .split(",")
          .map((channel) => channel.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(CHANNELS, { error: `must list channels among ${CHANNELS.join(", ")}` })).min(1)),
  /** smtp channel and alerts: smtp://user:pass@host:587 or smtps://user:pass@host:465. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: oneMailbox("Website <leads@example.org>").optional(),
  /** false: the smtp channel's messages carry no personal data, only the form, the time and a staff inbox link. */
  MAIL_PERSONAL_DATA: flag.default(true),
  WEBHOOK_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** The Standard Webhooks secret: whsec_ and the base64 of 24 to 64 random bytes. */
  WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/, "must be whsec_ followed by base64 (24 to 64 bytes)")
    .optional(),
  /** Where alerts go (over the SMTP_URL settings): a dead delivery, or one pending past ALERT_PENDING_AFTER_S. */
  ALERT_EMAIL: z.email({ error: "must be one e-mail address, e.g. ops@example.org" }).optional(),
  RELAY_ENABLED: flag.default(true),
  /** Forward each lead's source fields to the outside form service too; webhooks always carry them. */
  RELAY_SOURCE_FIELDS: flag.default(false),
  RELAY_BASE_DELAY_MS: z.coerce.number().int().min(1).default(2000),
  RELAY_MAX_DELAY_MS: z.coerce.number().int().min(1).default(900_000),
  RELAY_GIVE_UP_AFTER_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60 * 60 * 1000),
  RELAY_POLL_MS: z.coerce.number().int().min(10).default(1000),
  RELAY_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Deliveries in flight at once per worker. */
  RELAY_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  /** Unset: keep every lead. Set: purge delivered and spam leads older than this many days, hourly. */
  RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(5),
  /** A staff session with no request for this long ends (the absolute limit is 12 h). */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  /** Staff audit entries older than this are deleted, hourly. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  /** /api/health/delivery answers 503 (and ALERT_EMAIL is e-mailed) once the oldest pending lead waits longer. */
  ALERT_PENDING_AFTER_S: z.coerce.number().int().min(1).default(3600),
  /** Which peers may tell us the client's address in X-Forwarded-For (see server/http/client-address.ts). */
  TRUST_PROXY: trustProxy.default(false),
  /** A client must send its request headers within this time, and the whole request within the next. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** How long an idle keep-alive connection stays open (longer than a proxy's own idle timeout, if any). */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** SIGTERM on a port of its own: /api/health answers 503 and it serves on this long, then closes (deploy/Caddyfile). */
  DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Resume uploads read at once; beyond this a new one gets 503 with Retry-After. */
  MAX_UPLOADS_IN_FLIGHT: z.coerce.number().int().min(1).default(32),
  /** Log lines waiting for a slow stdout reader; beyond this they are dropped (and counted). */
  LOG_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024)
    .default(4 * 1024 * 1024),
  /** GET /metrics answers only a request with `Authorization: Bearer <this>`; unset, it is a 404. */
  METRICS_TOKEN: bearerToken.optional(),
  /** false: no confirmation e-mail to the person who wrote in (otherwise sent whenever SMTP_URL and MAIL_FROM are set). */
  CONFIRMATION_EMAILS: flag.default(true),
  ...CONFIRMATION_LIMITS_ENV,
  /** false: no escalation e-mails and no admins' digest of missed promises (otherwise sent whenever SMTP_URL and MAIL_FROM are set). */
  ESCALATION_EMAILS: flag.default(true),
  /** How often each instance looks for leads past due and for the day's digest (tests and operations shorten it). */
  ESCALATION_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  /** A shared mailbox staff replies ask to be answered at (Reply-To), instead of the staff member's own address. */
  REPLY_TO: oneMailbox("Team <team@example.org>").optional(),
  /** POST /api/inbound/email answers only `Authorization: Bearer <this>`; unset, it is a 404. */
  INBOUND_EMAIL_TOKEN: bearerToken.optional(),
  ...BUSINESS_CALENDAR_ENV,
  /** Encrypts the credential documents at rest (server/documents); unset, the credential file is off. */
  DOCUMENTS_KEY: documentsKey.optional(),
  /** The key DOCUMENTS_KEY replaces, read while `leads documents rotate-key` re-encrypts the files under the new one. */
  DOCUMENTS_KEY_PREVIOUS: documentsKey.optional(),
  /** Days before a verified document's last valid day its nurse is reminded, each once (and once after it). */
  DOCUMENT_REMINDER_DAYS: reminderDays.default([30, 7]),
  /** Each an http(s) origin, read as its origin (https://partner.example.org:8443); anything else stops start-up. */
  ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((value, context) => {
      const entries = value.split(",").map((entry) => entry.trim());
      const wrong = entries.find((entry) => entry !== "" && httpOriginOf(entry) === undefined);
      if (wrong === undefined) return entries.flatMap((entry) => httpOriginOf(entry) ?? []);
      const message = `must be a comma-separated list of origins like https://www.example.com, each http(s) with no path (not ${JSON.stringify(wrong)})`;
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;
export type ServerConfig = ServerEnv & { site: SiteConfig; dataDir: string; buildDir: string };

/** Reads and validates every setting once, naming the variable that is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = serverEnvSchema
    .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
      path: ["HEADERS_TIMEOUT_MS"],
      message: "must not be longer than REQUEST_TIMEOUT_MS",
    })
    .superRefine((env, context) => {
      // A channel (or the alerts) without its settings stops start-up, naming what is missing.
      const need = (name: keyof typeof env, reason: string) => {
        if (env[name] === undefined)
          context.addIssue({ code: "custom", path: [name], message: `is required ${reason}` });
      };
      for (const channel of env.LEAD_CHANNELS) {
        const reason = `when LEAD_CHANNELS includes ${channel}`;
        if (channel === "smtp") for (const name of ["SMTP_URL", "MAIL_FROM"] as const) need(name, reason);
        if (channel === "webhook")
          for (const name of ["WEBHOOK_URL", "WEBHOOK_SECRET"] as const) need(name, reason);
      }
      if (env.ALERT_EMAIL)
        for (const name of ["SMTP_URL", "MAIL_FROM"] as const) need(name, "when ALERT_EMAIL is set");
      if (env.DOCUMENTS_KEY_PREVIOUS) need("DOCUMENTS_KEY", "when DOCUMENTS_KEY_PREVIOUS is set");
    })
    .safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")} ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return {
    ...parsed.data,
    site: readSiteConfig(env),
    dataDir: path.resolve(parsed.data.DATA_DIR),
    buildDir: path.resolve(parsed.data.BUILD_DIR),
  };
}
