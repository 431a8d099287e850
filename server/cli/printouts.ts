import type { MailOutbox } from "../store/queries/mail-outbox.ts";
import type { WorkedLead } from "../store/queries/operations.ts";
import type { SourceCounts, StoreStatus } from "../store/queries/operator-counts.ts";
import type { LeadRecord } from "../store/store-records.ts";

// What the lead commands print: the status report with its hints, the sources report, a lead as JSON.

export const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

const ageText = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)}m`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)}h`;
  return `${Math.round(seconds / 86_400)}d`;
};

/** What to look at, by channel and problem (decision 014). */
const HINTS: Record<string, string> = {
  "formservice/activation":
    "the form service wants the mailbox activated: open its activation e-mail, then run `leads retry --dead` if any died",
  "formservice/configuration":
    "the form service refused the request: check FORM_SERVICE_URL, CONTACT_EMAIL and RECRUITING_EMAIL",
  "formservice/service": "the form service is failing or throttling; the relay keeps retrying",
  "formservice/network": "the form service could not be reached; the relay keeps retrying",
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

/** `leads status`: counts by form and state, the oldest waiting lead, each channel, each problem with a hint. */
export function statusReport(report: StoreStatus, store: string, now: number): string[] {
  const lines = [`store: ${store}`];
  if (report.counts.length === 0) lines.push("no leads yet");
  for (const row of report.counts)
    lines.push(`${row.formId.padEnd(20)} ${row.state.padEnd(10)} ${row.count}`);
  const total = (state: string) =>
    report.counts.filter((row) => row.state === state).reduce((sum, row) => sum + row.count, 0);
  const oldest = report.oldestPendingAt;
  lines.push(
    `waiting: ${total("pending")}${oldest === null ? "" : `, oldest ${ageText(now - oldest)} (${iso(oldest)})`}`,
  );
  const dead = total("dead");
  if (dead > 0) lines.push(`dead: ${dead} (never delivered; \`leads retry --dead\` sends them again)`);
  for (const channel of new Set(report.channels.map((row) => row.channel))) {
    const states = report.channels
      .filter((row) => row.channel === channel)
      .map((row) => `${row.state} ${row.count}`);
    lines.push(`channel ${channel.padEnd(12)} ${states.join(", ")}`);
  }
  for (const problem of report.problems) {
    const hint = HINTS[`${problem.channel}/${problem.problem}`] ?? "";
    lines.push(`PROBLEM ${problem.problem}: ${problem.count} lead(s) on ${problem.channel}; ${hint}`);
    if (problem.lastError) lines.push(`  last answer (${iso(problem.lastAttemptAt)}): ${problem.lastError}`);
  }
  return lines;
}

/**
 * `leads status`, the mail outbox (decision 024): messages by kind and state ("not_sent": a confirmation the
 * limits or the settings held back), and the last error of those still waiting or given up.
 */
export function mailStatusReport(rows: Awaited<ReturnType<MailOutbox["status"]>>): string[] {
  const lines: string[] = [];
  for (const kind of new Set(rows.map((row) => row.kind))) {
    const states = rows.filter((row) => row.kind === kind).map((row) => `${row.state} ${row.count}`);
    lines.push(`mail ${kind.padEnd(15)} ${states.join(", ")}`);
  }
  for (const row of rows)
    if (row.state === "dead" && row.lastError)
      lines.push(`PROBLEM mail: ${row.count} ${row.kind} message(s) given up; last error: ${row.lastError}`);
  return lines;
}

/** `leads sources`: one block per measure, a line per form and value, the most leads first. */
export function sourcesReport(counts: SourceCounts): string[] {
  const block = (title: string, none: string, rows: SourceCounts["campaigns"]) => [
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

/** A lead as `export --format json` prints it: `leadJson`'s with its status, assignee and response clock. */
export const workedLeadJson = ({ dueAt, firstResponseAt, ...lead }: WorkedLead) => ({
  ...leadJson(lead),
  dueAt: iso(dueAt) || null,
  firstResponseAt: iso(firstResponseAt) || null,
});

/** A lead as `show` and `export --format json` print it: times in ISO 8601. */
export const leadJson = (lead: LeadRecord) => ({
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
