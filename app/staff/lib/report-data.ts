import type { LeadFormId } from "../../../leads/catalog.ts";
import { NO_SOURCE_VALUE } from "../../../leads/source-labels.ts";
import { formLabelOf } from "../../../staff/labels.ts";
import type { ReportsAnswer } from "../../../staff/reports.ts";
import { APPLICATION_STATUSES, REQUEST_STATUSES } from "../../../staff/workflow.ts";
import { siteName } from "./format";

/**
 * The reports page's numbers as tables (issue 28): each chart draws one, shows it as a <table> and downloads it
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
        numbers?.medianFirstResponseMinutes ?? null,
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
        : `${percent(within, leads)}% of ${leads} leads were answered within their promise; each form's weekly share and median time to first response are in the table.`,
    columns: [
      "Week of",
      "Form",
      "Leads",
      "Answered",
      "Within promise",
      "Within promise (%)",
      "Median first response (min)",
    ],
    rows,
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
  const top = rows[0];
  return {
    id: source,
    title: source === "campaigns" ? "By campaign" : "By referring site",
    summary: top
      ? `${rows.length} ${source === "campaigns" ? "campaigns" : "sites"}; the most leads came from ${top[0]}: ${top[1]} leads, ${top[2]} won or hired.`
      : "No leads in this range.",
    columns: [name, "Leads", "Won or hired", "Conversion (%)"],
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
