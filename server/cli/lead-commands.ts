import { pipeline } from "node:stream/promises";
import { Temporal } from "temporal-polyfill";
import { LEAD_FORM_IDS } from "../../leads/catalog.ts";
import { exportColumns, leadsCsv } from "../leads/lead-export.ts";
import type { WorkedLead } from "../store/queries/operations.ts";
import { LEAD_STATES, type LeadState } from "../store/store-records.ts";
import { type CliIo, command, stringOption, UsageError, type Values } from "./command.ts";
import { iso, leadJson, mailStatusReport, sourcesReport, statusReport, workedLeadJson } from "./printouts.ts";

const HOUR_MS = 3_600_000;
/** `--since` reaches back a century at most: more is a typing mistake. */
const SINCE_MAX_HOURS = 36_500 * 24;

/** `--since`: an ISO date or date-time, or N days (Nd) or hours (Nh) ago; one line says what is wrong with it. */
export function parseSince(value: string, now: number): number {
  const relative = /^(\d+)([dh])$/.exec(value);
  if (relative) {
    const hours = Number(relative[1]) * (relative[2] === "d" ? 24 : 1);
    if (hours > SINCE_MAX_HOURS)
      throw new UsageError(`--since reaches back at most 36,500 days (876,000 hours), not "${value}"`);
    return now - hours * HOUR_MS;
  }
  const at = isoTime(value);
  if (at !== undefined) return at;
  throw new UsageError(
    `--since must be an ISO date (2025-01-31) or Nd / Nh, not "${value}"${impossible(value) ?? ""}`,
  );
}

const monthName = (month: number) =>
  new Date(Date.UTC(2000, month - 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });

/** What makes an ISO-shaped date or time impossible, if that is what it is: ": February 2025 has 28 days". */
function impossible(value: string): string | undefined {
  const parts = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2}))?)?/i.exec(value);
  if (!parts) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = parts
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (month < 1 || month > 12) return ": a month is 01 to 12";
  const days = Temporal.PlainYearMonth.from({ year, month }).daysInMonth;
  if (day < 1 || day > days) return `: ${monthName(month)} ${year} has ${days} days`;
  if (hour > 23) return ": an hour is 00 to 23";
  if (minute > 59) return ": a minute is 00 to 59";
  return undefined;
}

/**
 * An ISO 8601 date (midnight UTC) or date-time (at its offset, else in this machine's time zone), read with
 * Temporal: a day or a time that does not exist is refused, where Date.parse rolls 2025-02-31 into March.
 */
function isoTime(value: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}(?:$|[T ])/i.test(value)) return undefined;
  try {
    if (value.length === 10) return Temporal.PlainDate.from(value).toZonedDateTime("UTC").epochMilliseconds;
    try {
      return Temporal.Instant.from(value).epochMilliseconds;
    } catch {
      // No offset: the machine's time zone, as Date.parse read it.
      const local = Temporal.PlainDateTime.from(value);
      return local.toZonedDateTime(Temporal.Now.timeZoneId()).epochMilliseconds;
    }
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

const since = {
  type: "string",
  value: "T",
  description: "created since T: an ISO date, or Nd / Nh ago",
} as const;
const sinceOf = (values: Values, now: number) => {
  const value = stringOption(values, "since");
  return value === undefined ? undefined : parseSince(value, now);
};

function knownForm(form: string | undefined) {
  if (form !== undefined && !(LEAD_FORM_IDS as readonly string[]).includes(form))
    throw new UsageError(`--form must be one of ${LEAD_FORM_IDS.join(", ")}, not "${form}"`);
  return form;
}

function knownState(state: string | undefined) {
  if (state !== undefined && !(LEAD_STATES as readonly string[]).includes(state))
    throw new UsageError(`--state must be one of ${LEAD_STATES.join(", ")}, not "${state}"`);
  return state as LeadState | undefined;
}

/** A lead as the operator's CSV export reads it: its state is its delivery column. */
type OperatorLead = WorkedLead & { delivery: string };

/** Writes a stream of text to the command's output as it comes, leaving the output open. */
const streamTo = (io: CliIo, source: AsyncIterable<string | Uint8Array>) =>
  pipeline(source, io.stdout ?? process.stdout, { end: false });

/** The export's leads as a JSON array, one lead at a time. */
async function* leadsJson(batches: AsyncIterable<WorkedLead[]>) {
  let first = true;
  yield "[";
  for await (const batch of batches)
    for (const lead of batch) {
      yield `${first ? "\n" : ",\n"}${JSON.stringify(workedLeadJson(lead), null, 2)}`;
      first = false;
    }
  yield first ? "]\n" : "\n]\n";
}

/** The operator's view of the leads: counts and problems, lists, one lead, exports, sources. */
export const leadCommands = [
  command({
    name: "status",
    summary: "counts by form and state, the oldest waiting lead, delivery problems, the mail outbox",
    synopsis: "",
    needs: "store",
    read: () => undefined,
    async run(_, { store, io, now }) {
      for (const line of statusReport(await store.operations.status(), store.dialect, now)) io.out(line);
      for (const line of mailStatusReport(await store.mail.status())) io.out(line);
      return 0;
    },
  }),

  command({
    name: "list",
    summary: "leads, oldest first, with their deliveries",
    synopsis: "[--form ID] [--state S] [--since T]",
    options: {
      form: { type: "string", value: "ID", description: `one form: ${LEAD_FORM_IDS.join(", ")}` },
      state: { type: "string", value: "S", description: `one state: ${LEAD_STATES.join(", ")}` },
      since,
    },
    needs: "store",
    read: (values, _, now) => ({
      formId: knownForm(stringOption(values, "form")),
      state: knownState(stringOption(values, "state")),
      since: sinceOf(values, now),
    }),
    async run(query, { store, io }) {
      const leads = await store.operations.list(query);
      for (const lead of leads)
        io.out(
          [
            lead.id,
            iso(lead.createdAt),
            lead.formId,
            lead.state,
            `attempts=${lead.attempts}`,
            lead.deliveries.map((delivery) => `${delivery.channel}:${delivery.state}`).join(","),
            lead.fields.email ?? "",
          ].join("  "),
        );
      io.out(`${leads.length} lead(s)`);
      return 0;
    },
  }),

  command({
    name: "show",
    summary: "one lead with every field and its delivery history, as JSON",
    synopsis: "<id>",
    args: ["id"],
    needs: "store",
    read: (_, [id = ""]) => id,
    async run(id, { store, io }) {
      const lead = await store.operations.get(id);
      if (!lead) {
        io.err(`No lead with id ${id}.`);
        return 1;
      }
      io.out(JSON.stringify(leadJson(lead), null, 2));
      return 0;
    },
  }),

  command({
    name: "export",
    summary: "every lead and field with its source, streamed; resumes by path",
    synopsis: "--format csv|json [--since T]",
    options: {
      format: { type: "string", value: "csv|json", description: "CSV (UTF-8 with BOM, CRLF) or JSON" },
      since,
    },
    notes: ["The CSV has the inbox export's columns, with the operator's delivery and resume columns added."],
    needs: "store",
    read(values, _, now) {
      const format = stringOption(values, "format");
      if (format !== "csv" && format !== "json")
        throw new UsageError("export needs --format csv or --format json");
      return { format, since: sinceOf(values, now) };
    },
    async run({ format, since }, { store, io }) {
      const batches = store.operations.batches({ since });
      if (format === "json") {
        await streamTo(io, leadsJson(batches));
        return 0;
      }
      const columns = exportColumns<OperatorLead>(await store.operations.fieldNames({ since }), (lead) => ({
        deliveredAt: lead.deliveredAt,
        attempts: lead.attempts,
        lastError: lead.lastError,
        resumeName: lead.resume?.name ?? null,
        resumeLocation: lead.resumeLocation,
      }));
      const leads = async function* (): AsyncGenerator<OperatorLead[]> {
        for await (const batch of batches) yield batch.map((lead) => ({ ...lead, delivery: lead.state }));
      };
      await streamTo(io, leadsCsv(columns, leads()));
      return 0;
    },
  }),

  command({
    name: "sources",
    summary: "leads per form by campaign (utm_campaign) and by referring site",
    synopsis: "[--since T]",
    options: { since },
    needs: "store",
    read: (values, _, now) => sinceOf(values, now),
    async run(from, { store, io }) {
      for (const line of sourcesReport(await store.operations.sources(from))) io.out(line);
      return 0;
    },
  }),
];
