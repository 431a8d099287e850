import { parseArgs } from "node:util";
import { LEAD_FORM_IDS } from "../leads/forms.ts";
import { SOURCE_FIELDS } from "../leads/source.ts";
import { runBackupCommand } from "./backup-command.ts";
import { loadConfig, type ServerConfig } from "./config.ts";
import { csvCell } from "./csv.ts";
import { createLogger } from "./logger.ts";
import { createRelayWorker } from "./relay/relay-worker.ts";
import { createStaffAccounts, StaffError } from "./staff/accounts.ts";
import { createEraser } from "./staff/erase.ts";
import { openStaff } from "./staff/open-staff.ts";
import { ROLES } from "./staff/roles.ts";
import { explainStartupFailure } from "./startup.ts";
import {
  LEAD_STATES,
  type LeadRecord,
  type LeadState,
  type LeadStore,
  type SourceCount,
} from "./store/lead-store.ts";
import { openLeadStore } from "./store/open-store.ts";

const USAGE = `Usage: npm run leads -- <command> [options]

  status                                   counts by form and state, oldest waiting lead, delivery problems
  list [--form ID] [--state S] [--since T] leads, oldest first (T: an ISO date or Nd / Nh ago)
  show <id>                                one lead with every field and its delivery history
  export --format csv|json [--since T]     every lead and field, with its source; resumes by path
  sources [--since T]                      leads per form by campaign (utm_campaign) and by referring site
  retry <id> | --dead                      send a pending or dead lead again now (or every dead one)
  purge --older-than <days>                delete delivered and spam leads older than that, with their files
  relay                                    run the relay worker alone until SIGTERM
  backup <dir> [--keep N]                  consistent copy of the SQLite store and every resume, while serving;
                                           --keep: then only the N newest backups beside it are kept
  restore <dir>                            verify a backup's checksums, then restore it into an empty DATA_DIR
  staff add --email <a> --role <r> [--name N]  a staff account; prints its one-time set-up link (24 h) last
  staff list                               staff accounts with role and state
  staff role <email> <role>                change a person's role
  staff disable <email>                    end a person's sessions and access
  staff reset <email>                      a new set-up link; ends the person's sessions, password and authenticator
  erase --email <address>                  delete every lead of this person, with files and notes (audited)

States: ${LEAD_STATES.join(", ")}. Forms: ${LEAD_FORM_IDS.join(", ")}. Roles: ${ROLES.join(", ")}.`;

/** A mistake in how the CLI was called: exit code 2 with a message. */
class UsageError extends Error {}

export function parseSince(value: string, now: number): number {
  const relative = /^(\d+)([dh])$/.exec(value);
  if (relative) return now - Number(relative[1]) * (relative[2] === "d" ? 86_400_000 : 3_600_000);
  const date = Date.parse(value);
  if (Number.isNaN(date))
    throw new UsageError(`--since must be an ISO date (2025-01-31) or Nd / Nh, not "${value}".`);
  return date;
}

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

const ageText = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)}h`;
  return `${Math.round(seconds / 86_400)}d`;
};

export function leadsToCsv(leads: LeadRecord[]): string {
  const fieldNames = [...new Set(leads.flatMap((lead) => Object.keys(lead.fields)))].sort();
  const header = [
    "id",
    "form",
    "state",
    "created_at",
    "delivered_at",
    "attempts",
    "last_error",
    "resume_name",
    "resume_path",
    ...SOURCE_FIELDS,
    ...fieldNames,
  ];
  const rows = leads.map((lead) => [
    lead.id,
    lead.formId,
    lead.state,
    iso(lead.createdAt),
    iso(lead.deliveredAt),
    String(lead.attempts),
    lead.lastError ?? "",
    lead.resume?.name ?? "",
    lead.resumeLocation ?? "",
    ...SOURCE_FIELDS.map((name) => lead.source[name] ?? ""),
    ...fieldNames.map((name) => lead.fields[name] ?? ""),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvCell).join(",")).join("\n")}\n`;
}

/** `leads sources`: one block per measure, a line per form and value, the most leads first. */
export function sourcesReport(counts: { campaigns: SourceCount[]; referrers: SourceCount[] }): string[] {
  const block = (title: string, none: string, rows: SourceCount[]) => [
    title,
    ...(rows.length === 0
      ? ["  no leads"]
      : rows.map(
          (row) => `  ${row.formId.padEnd(20)} ${String(row.count).padStart(6)}  ${row.value ?? none}`,
        )),
  ];
  return [
    ...block("by campaign (utm_campaign):", "(no campaign)", counts.campaigns),
    ...block("by referring site:", "(none: direct, or the same site)", counts.referrers),
  ];
}

const leadJson = (lead: LeadRecord) => ({
  ...lead,
  createdAt: iso(lead.createdAt),
  deliveredAt: iso(lead.deliveredAt) || null,
  nextAttemptAt: iso(lead.nextAttemptAt) || null,
  lastAttemptAt: iso(lead.lastAttemptAt) || null,
  deliveries: lead.deliveries.map((delivery) => ({
    ...delivery,
    nextAttemptAt: iso(delivery.nextAttemptAt) || null,
    lastAttemptAt: iso(delivery.lastAttemptAt) || null,
  })),
});

const PROBLEM_HINTS: Record<string, string> = {
  activation:
    "the form service wants the mailbox activated: open its activation e-mail, then run `leads retry --dead` if any died",
  configuration:
    "the form service refused the request: check FORM_SERVICE_URL, CONTACT_EMAIL and RECRUITING_EMAIL",
  service: "the form service is failing or throttling; the relay keeps retrying",
  network: "the form service could not be reached; the relay keeps retrying",
};

/** Hints for the other channels (decision 014), by channel and problem. */
const CHANNEL_HINTS: Record<string, string> = {
  "smtp/configuration":
    "the mail server refused the message (5xx): check SMTP_URL, MAIL_FROM and the mailboxes",
  "smtp/service": "the mail server deferred the message (4xx); the relay keeps retrying",
  "smtp/network": "the mail server could not be reached; the relay keeps retrying",
  "webhook/gone":
    "the webhook answered 410 Gone: the channel stopped for these leads; fix WEBHOOK_URL, then `leads retry --dead`",
  "webhook/configuration": "the webhook refused the request: check WEBHOOK_URL and WEBHOOK_SECRET",
  "webhook/service": "the webhook receiver is failing or throttling; the relay keeps retrying",
  "webhook/network": "the webhook receiver could not be reached; the relay keeps retrying",
};

async function status(store: LeadStore, now: number, out: (line: string) => void) {
  const report = await store.status();
  out(`store: ${store.dialect}`);
  if (report.counts.length === 0) out("no leads yet");
  for (const row of report.counts) out(`${row.formId.padEnd(20)} ${row.state.padEnd(10)} ${row.count}`);
  const pending = report.counts
    .filter((row) => row.state === "pending")
    .reduce((sum, row) => sum + row.count, 0);
  const dead = report.counts.filter((row) => row.state === "dead").reduce((sum, row) => sum + row.count, 0);
  out(
    `waiting: ${pending}${report.oldestPendingAt === null ? "" : `, oldest ${ageText(now - report.oldestPendingAt)} (${iso(report.oldestPendingAt)})`}`,
  );
  if (dead > 0) out(`dead: ${dead} (never delivered; \`leads retry --dead\` sends them again)`);
  const channels = [...new Set(report.channels.map((row) => row.channel))];
  for (const channel of channels) {
    const states = report.channels
      .filter((row) => row.channel === channel)
      .map((row) => `${row.state} ${row.count}`);
    out(`channel ${channel.padEnd(12)} ${states.join(", ")}`);
  }
  for (const problem of report.problems) {
    const hint =
      problem.channel === "formservice"
        ? PROBLEM_HINTS[problem.problem]
        : CHANNEL_HINTS[`${problem.channel}/${problem.problem}`];
    out(`PROBLEM ${problem.problem}: ${problem.count} lead(s) on ${problem.channel}; ${hint ?? ""}`);
    if (problem.lastError) out(`  last answer (${iso(problem.lastAttemptAt)}): ${problem.lastError}`);
  }
}

export async function runCli(
  argv: string[],
  io: { out: (line: string) => void; err: (line: string) => void; env: Record<string, string | undefined> },
): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(rest);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;

  let config: ServerConfig;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 2;
  }

  if (command === "backup" || command === "restore") {
    if (positionals.length !== 1 || !positionals[0]) {
      io.err(`${command} needs exactly one directory.\n\n${USAGE}`);
      return 2;
    }
    const keep = values.keep === undefined ? undefined : Number(values.keep);
    if (keep !== undefined && (command !== "backup" || !Number.isInteger(keep) || keep < 1)) {
      io.err(`--keep takes a whole number of backups to keep, with backup only.\n\n${USAGE}`);
      return 2;
    }
    return runBackupCommand(command, positionals[0], config, io, keep);
  }

  const commands: Record<string, (store: LeadStore, now: number) => Promise<number>> = {
    async status(store, now) {
      expectPositionals(positionals, 0);
      await status(store, now, io.out);
      return 0;
    },
    async list(store, now) {
      expectPositionals(positionals, 0);
      const leads = await store.list({
        formId: values.form ? knownForm(values.form) : undefined,
        state: values.state ? knownState(values.state) : undefined,
        since: values.since ? parseSince(values.since, now) : undefined,
      });
      for (const lead of leads) {
        const who = lead.fields.email ?? "";
        io.out(
          [
            lead.id,
            iso(lead.createdAt),
            lead.formId,
            lead.state,
            `attempts=${lead.attempts}`,
            lead.deliveries.map((delivery) => `${delivery.channel}:${delivery.state}`).join(","),
            who,
          ].join("  "),
        );
      }
      io.out(`${leads.length} lead(s)`);
      return 0;
    },
    async show(store) {
      expectPositionals(positionals, 1);
      const id = positionals[0] ?? "";
      const lead = await store.get(id);
      if (!lead) {
        io.err(`No lead with id ${id}.`);
        return 1;
      }
      io.out(JSON.stringify(leadJson(lead), null, 2));
      return 0;
    },
    async export(store, now) {
      expectPositionals(positionals, 0);
      if (values.format !== "csv" && values.format !== "json")
        throw new UsageError("export needs --format csv or --format json.");
      const leads = await store.list({ since: values.since ? parseSince(values.since, now) : undefined });
      if (values.format === "json") io.out(JSON.stringify(leads.map(leadJson), null, 2));
      else io.out(leadsToCsv(leads).trimEnd());
      return 0;
    },
    async sources(store, now) {
      expectPositionals(positionals, 0);
      const since = values.since ? parseSince(values.since, now) : undefined;
      for (const line of sourcesReport(await store.sources(since))) io.out(line);
      return 0;
    },
    async retry(store, now) {
      if (values.dead) {
        expectPositionals(positionals, 0);
        const count = await store.retryDead(now);
        io.out(`${count} dead lead(s) queued for delivery again.`);
        return 0;
      }
      expectPositionals(positionals, 1);
      const id = positionals[0] ?? "";
      if (!(await store.retry(id, now))) {
        const lead = await store.get(id);
        io.err(
          lead
            ? `Lead ${id} is ${lead.state}; only pending or dead leads can be retried.`
            : `No lead with id ${id}.`,
        );
        return 1;
      }
      io.out(`Lead ${id} queued for delivery now.`);
      return 0;
    },
    async purge(store, now) {
      expectPositionals(positionals, 0);
      const days = Number(values["older-than"]);
      if (values["older-than"] === undefined || !Number.isInteger(days) || days < 0) {
        throw new UsageError("purge needs --older-than <days>, a whole number of days (0 or more).");
      }
      const result = await store.purge(now - days * 86_400_000, now);
      io.out(`Purged ${result.leads} lead(s) and ${result.files} file(s) older than ${days} day(s).`);
      return 0;
    },
    async staff() {
      const [action, ...args] = positionals;
      const staff = await openStaff(config);
      try {
        const accounts = createStaffAccounts({ ...staff, siteUrl: config.site.url });
        if (action === "add") {
          expectArguments(args, 0);
          if (!values.email || !values.role)
            throw new UsageError("staff add needs --email <address> and --role admin|recruiting|sales.");
          const added = await accounts.add({ email: values.email, role: values.role, name: values.name });
          io.out(`Added ${values.email.trim().toLowerCase()} (${values.role}), id ${added.id}.`);
          io.out("Send this one-time set-up link to them (valid 24 hours):");
          io.out(added.link);
          return 0;
        }
        if (action === "list") {
          expectArguments(args, 0);
          const people = await accounts.list();
          for (const person of people) {
            const state = person.disabled ? "disabled" : person.enrolled ? "active" : "set-up pending";
            io.out([person.email.padEnd(32), person.role.padEnd(11), state, person.id].join("  "));
          }
          io.out(`${people.length} staff account(s)`);
          return 0;
        }
        if (action === "role") {
          expectArguments(args, 2);
          await accounts.setRole(args[0] ?? "", args[1] ?? "");
          io.out(`${args[0]} is now ${args[1]}.`);
          return 0;
        }
        if (action === "disable") {
          expectArguments(args, 1);
          await accounts.disable(args[0] ?? "");
          io.out(`${args[0]} is disabled; their sessions have ended.`);
          return 0;
        }
        if (action === "reset") {
          expectArguments(args, 1);
          const link = await accounts.reset(args[0] ?? "");
          io.out(`${args[0]}'s sessions, password and authenticator have been revoked.`);
          io.out("Send this one-time set-up link to them (valid 24 hours):");
          io.out(link);
          return 0;
        }
        throw new UsageError("staff needs add, list, role, disable or reset.");
      } catch (error) {
        if (!(error instanceof StaffError)) throw error;
        io.err(error.message);
        return 1;
      } finally {
        await staff.close();
      }
    },
    async erase(store) {
      expectPositionals(positionals, 0);
      if (!values.email) throw new UsageError("erase needs --email <address>.");
      const staff = await openStaff(config);
      try {
        const erased = await createEraser({ staffDb: staff.staffDb, store }).erase(values.email, null);
        io.out(`Erased ${erased.leads} lead(s), ${erased.files} file(s) and ${erased.notes} note(s).`);
        return 0;
      } finally {
        await staff.close();
      }
    },
    async relay(store) {
      expectPositionals(positionals, 0);
      const logger = createLogger(config.LOG_LEVEL);
      const worker = createRelayWorker({ config, logger, store });
      worker.start();
      logger.info({ store: store.dialect }, "relay running");
      await new Promise<void>((resolve) => {
        process.once("SIGTERM", () => resolve());
        process.once("SIGINT", () => resolve());
      });
      await worker.stop();
      logger.info("relay stopped");
      return 0;
    },
  };

  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!run) {
    io.err(`Unknown command "${command}".\n\n${USAGE}`);
    return 2;
  }
  // Argument mistakes are caught before the store opens, where they can be.
  try {
    if (values.form) knownForm(values.form);
    if (values.state) knownState(values.state);
    if (values.since) parseSince(values.since, Date.now());
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 2;
  }

  let store: LeadStore;
  try {
    store = await openLeadStore({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  } catch (error) {
    io.err(
      explainStartupFailure(
        { kind: "database", dataDir: config.dataDir, databaseUrl: config.DATABASE_URL },
        error,
      ),
    );
    return 1;
  }
  try {
    return await run(store, Date.now());
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  } finally {
    await store.close();
  }
}

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        form: { type: "string" },
        state: { type: "string" },
        since: { type: "string" },
        format: { type: "string" },
        dead: { type: "boolean" },
        "older-than": { type: "string" },
        email: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
        keep: { type: "string" },
      },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function expectPositionals(positionals: string[], count: number) {
  if (positionals.length !== count) {
    throw new UsageError(
      count === 0 ? `Unexpected argument "${positionals[0]}".` : "Give exactly one lead id.",
    );
  }
}

function expectArguments(args: string[], count: number) {
  if (args.length !== count)
    throw new UsageError(`Expected ${count} argument(s) after the staff command, got ${args.length}.`);
}

function knownForm(form: string): string {
  if (!(LEAD_FORM_IDS as string[]).includes(form)) {
    throw new UsageError(`--form must be one of ${LEAD_FORM_IDS.join(", ")}, not "${form}".`);
  }
  return form;
}

function knownState(state: string): LeadState {
  if (!(LEAD_STATES as readonly string[]).includes(state)) {
    throw new UsageError(`--state must be one of ${LEAD_STATES.join(", ")}, not "${state}".`);
  }
  return state as LeadState;
}

if (import.meta.main) {
  runCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
