import { siteName } from "~/staff/lib/format";
import type { LeadFormId } from "../../../leads/catalog.ts";
import { NO_SOURCE_VALUE } from "../../../leads/source-labels.ts";
import { formLabelOf } from "../../../staff/labels.ts";
import type { ReportsAnswer } from "../../../staff/reports-api.ts";
import { APPLICATION_STATUSES, REQUEST_STATUSES } from "../../../staff/workflow.ts";

/**
 * The reports page's numbers as tables: each chart draws one, shows it as a <table> and downloads it
 * as CSV, so the three never disagree. Pure: no chart library here, the page loads that on its own.
 */

export type Cell = string | number | null;

export interface ReportTable {
  /** The file name's stem and the element ids' prefix. */
  id: string;
  title: string;
  /** One sentence for the chart's text alternative. */
  summary: string;
  columns: string[];
  rows: Cell[][];
}

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
/** "Mar 2": a week by its Monday (a business date, so read in UTC to stay that date). */
export const weekLabel = (weekStart: string) => shortDate.format(new Date(`${weekStart}T00:00:00Z`));

/** "45m", "3h", "2d": short enough to sit over a week's bar. */
export const shortMinutes = (minutes: number) =>
  minutes < 90
    ? `${Math.round(minutes)}m`
    : minutes < 48 * 60
      ? `${Math.round(minutes / 60)}h`
      : `${Math.round(minutes / 1440)}d`;

/** "45 minutes", "3 hours", "2 days". */
const inWords = (minutes: number) =>
  shortMinutes(minutes).replace(/(\d+)([mhd])$/, (_, n: string, unit: string) => {
    const word = { m: "minute", h: "hour", d: "day" }[unit] ?? unit;
    return `${n} ${word}${n === "1" ? "" : "s"}`;
  });

/** The forms the answer covers (the viewer's), in its own order. */
export const formsOf = (answer: ReportsAnswer) => Object.keys(answer.weeks[0]?.forms ?? {}) as LeadFormId[];

const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 100));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

export function leadsPerWeek(answer: ReportsAnswer): ReportTable {
  const forms = formsOf(answer);
  const totals = forms.map((form) => sum(answer.weeks.map((week) => week.forms[form]?.leads ?? 0)));
  return {
    id: "leads-per-week",
    title: "Leads per week",
    summary: `${sum(totals)} leads in ${answer.weeks.length} weeks: ${forms
      .map((form, index) => `${formLabelOf(form)} ${totals[index]}`)
      .join(", ")}.`,
    columns: ["Week of", ...forms.map(formLabelOf)],
    rows: answer.weeks.map((week) => [week.weekStart, ...forms.map((form) => week.forms[form]?.leads ?? 0)]),
  };
}

/** Per form per week: answered within the promise (share of all the week's leads) and the median response. */
export function promiseKept(answer: ReportsAnswer): ReportTable {
  const forms = formsOf(answer);
  const rows = answer.weeks.flatMap((week) =>
    forms.map((form): Cell[] => {
      const numbers = week.forms[form];
      const leads = numbers?.leads ?? 0;
      const within = numbers?.answeredWithinPromise ?? 0;
      return [
        week.weekStart,
        formLabelOf(form),
        leads,
        numbers?.answered ?? 0,
        within,
        percent(within, leads),
      ];
    }),
  );
  const leads = sum(rows.map((row) => Number(row[2])));
  const within = sum(rows.map((row) => Number(row[4])));
  return {
    id: "promise-kept",
    title: "Answered within the promise",
    summary:
      leads === 0
        ? "No leads in this range."
        : `${percent(within, leads)}% of ${leads} leads were answered within their promise; each form's weekly share is in the table.`,
    columns: ["Week of", "Form", "Leads", "Answered", "Within promise", "Within promise (%)"],
    rows,
  };
}

/** Per form per week: the median minutes from arrival to first response of the answered leads. */
export function firstResponse(answer: ReportsAnswer): ReportTable {
  const forms = formsOf(answer);
  const medians = answer.weeks.flatMap((week) =>
    forms.flatMap((form) => {
      const median = week.forms[form]?.medianFirstResponseMinutes;
      return median === null || median === undefined ? [] : [median];
    }),
  );
  return {
    id: "first-response",
    title: "Median time to first response",
    summary:
      medians.length === 0
        ? "No lead in this range has been answered yet."
        : `Weekly medians from ${inWords(Math.min(...medians))} to ${inWords(Math.max(...medians))}; each form's weeks are in the table.`,
    columns: ["Week of", "Form", "Answered", "Median first response (min)"],
    rows: answer.weeks.flatMap((week) =>
      forms.map((form): Cell[] => [
        week.weekStart,
        formLabelOf(form),
        week.forms[form]?.answered ?? 0,
        week.forms[form]?.medianFirstResponseMinutes ?? null,
      ]),
    ),
  };
}

const KINDS = [
  { key: "requests", label: "Requests", statuses: REQUEST_STATUSES },
  { key: "applications", label: "Applications", statuses: APPLICATION_STATUSES },
] as const;

/** How many leads reached each status, per kind the viewer may see, in workflow order. */
export function pipeline(answer: ReportsAnswer): ReportTable {
  const rows: Cell[][] = [];
  for (const kind of KINDS) {
    const counts = answer.pipeline[kind.key];
    if (counts) for (const status of kind.statuses) rows.push([kind.label, status, counts[status] ?? 0]);
  }
  const kinds = KINDS.filter((kind) => answer.pipeline[kind.key]);
  return {
    id: "pipeline",
    title: "Pipeline",
    summary: kinds
      .map((kind) => {
        const counts = answer.pipeline[kind.key] ?? {};
        return `${kind.label}: ${kind.statuses.map((status) => `${counts[status] ?? 0} ${status}`).join(", ")}.`;
      })
      .join(" "),
    columns: ["Kind", "Status", "Leads that reached it"],
    rows,
  };
}

/** Leads and conversions (Won, Hired) by campaign or by referring site. */
export function bySource(answer: ReportsAnswer, source: "campaigns" | "referrers"): ReportTable {
  const name = source === "campaigns" ? "Campaign" : "Referring site";
  const rows = answer[source].map((row): Cell[] => [
    row.value === null ? NO_SOURCE_VALUE : source === "referrers" ? siteName(row.value) : row.value,
    row.leads,
    row.conversions,
    percent(row.conversions, row.leads),
  ]);
  const named = answer[source].filter((row) => row.value !== null);
  const top = rows[answer[source].findIndex((row) => row.value !== null)];
  const without = answer[source].find((row) => row.value === null)?.leads ?? 0;
  const kind = source === "campaigns" ? "campaign" : "referring site";
  return {
    id: source,
    title: source === "campaigns" ? "By campaign" : "By referring site",
    summary:
      rows.length === 0
        ? "No leads in this range."
        : `${named.length} ${kind}${named.length === 1 ? "" : "s"}${
            top ? `; the most leads came from ${top[0]}: ${top[1]}, ${top[2]} won or hired` : ""
          }; ${without} lead${without === 1 ? "" : "s"} without a ${kind}.`,
    columns: [name, "Leads", "Won or hired", "Conversion (%)"],
    rows,
  };
}

/**
 * Per opening with applications in the range: how many, answered within the promise, the median time to a first
 * response and hires. Null for a role that sees no applications (the page leaves the figure out).
 */
export function byOpening(answer: ReportsAnswer): ReportTable | null {
  if (!answer.byOpening) return null;
  const rows = answer.byOpening.map((row): Cell[] => [
    row.title,
    row.applications,
    row.answeredWithinPromise,
    percent(row.answeredWithinPromise, row.applications),
    row.medianFirstResponseMinutes,
    row.hired,
  ]);
  const applications = sum(answer.byOpening.map((row) => row.applications));
  const hired = sum(answer.byOpening.map((row) => row.hired));
  const openings = answer.byOpening.length;
  return {
    id: "by-opening",
    title: "By opening",
    summary:
      openings === 0
        ? "No applications for an opening in this range."
        : `${applications} application${applications === 1 ? "" : "s"} for ${openings} opening${
            openings === 1 ? "" : "s"
          }, ${hired} hired; the most came for ${answer.byOpening[0]?.title}.`,
    columns: [
      "Opening",
      "Applications",
      "Within promise",
      "Within promise (%)",
      "Median first response (min)",
      "Hired",
    ],
    rows,
  };
}

/** A cell as CSV; one starting like a formula (= + - @, tab, return) is prefixed with ' (CSV injection). */
export function csvCell(value: Cell): string {
  if (value === null) return "";
  const text = typeof value === "number" ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The table's numbers as CSV (RFC 4180: CRLF between rows). */
export const csvOf = (table: ReportTable) =>
  [table.columns, ...table.rows]
    .map((row) => row.map(csvCell).join(","))
    .join("\r\n")
    .concat("\r\n");

/** Per week, the applications that became fully verified and the median days it took; null without applications. */
export function daysToVerified(answer: ReportsAnswer): ReportTable | null {
  if (!answer.verification) return null;
  const verified = sum(answer.verification.map((week) => week.verified));
  return {
    id: "days-to-fully-verified",
    title: "Median days from application to fully verified",
    summary: `${verified} applications fully verified in ${answer.verification.length} weeks, each counted in the week its last document was verified.`,
    columns: ["Week of", "Fully verified", "Median days"],
    rows: answer.verification.map((week) => [week.weekStart, week.verified, week.medianDays]),
  };
}
