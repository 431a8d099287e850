import * as Plot from "@observablehq/plot";
import { formsOf, type ReportTable, weekLabel } from "~/staff/lib/report-data";
import type { LeadFormId } from "../../../leads/catalog.ts";
import { formLabelOf } from "../../../staff/labels.ts";
import type { ReportsAnswer } from "../../../staff/reports.ts";

/**
 * The reports' charts, drawn by Observable Plot (decision 025) as SVG from the same tables the page shows and
 * downloads. Colour is never alone: every bar and point carries its number, every panel its form's name.
 */

/** The service accents (app/styles.css): the form's colour, as the inbox marks it. */
const ACCENT: Record<LeadFormId, string> = {
  "chartassist-demo": "#2563eb",
  "careworks-demo": "#7c3aed",
  "nurse-application": "#0d9488",
  "staffing-request": "#0d9488",
  "payroll-info": "#0d9488",
};
const NAVY = "#1c3766";
const NAVY_SOFT = "#d9e4f5";
const INK_SOFT = "#334155";
const FONT = { fontSize: "12px" };

/** Charts with more rows than this show the first ones; the table has them all. */
export const SOURCE_BARS = 10;

export type Draw = (width: number) => SVGSVGElement | HTMLElement;

interface FormPoint {
  week: string;
  form: string;
  value: number;
}

/** One panel per form, its name written in it (no legend to match colours against). */
function formPanels(answer: ReportsAnswer, marks: Plot.Markish[], y: Plot.ScaleOptions) {
  const forms = formsOf(answer);
  return (width: number) =>
    Plot.plot({
      width,
      height: 40 + forms.length * 96,
      marginTop: 24,
      marginLeft: 40,
      style: FONT,
      x: { type: "band", tickFormat: weekLabel, label: null, padding: 0.2 },
      y: { ...y, grid: true, ticks: 3 },
      fy: { domain: forms.map(formLabelOf), axis: null, padding: 0.3 },
      color: { domain: forms.map(formLabelOf), range: forms.map((form) => ACCENT[form]) },
      marks: [
        Plot.frame({ anchor: "bottom", stroke: "#e2e8f0" }),
        Plot.text(forms.map(formLabelOf), {
          fy: (form: string) => form,
          text: (form: string) => form,
          frameAnchor: "top-left",
          dy: -16,
          fontWeight: 600,
          fill: INK_SOFT,
        }),
        ...marks,
      ],
    });
}

export function leadsPerWeekPlot(answer: ReportsAnswer): Draw {
  const points = answer.weeks.flatMap((week) =>
    formsOf(answer).map((form) => ({
      week: week.weekStart,
      form: formLabelOf(form),
      value: week.forms[form]?.leads ?? 0,
    })),
  );
  return formPanels(
    answer,
    [
      Plot.barY(points, { x: "week", y: "value", fy: "form", fill: "form" }),
      Plot.text(points, { x: "week", y: "value", fy: "form", text: "value", dy: -7, fill: INK_SOFT }),
    ],
    { label: "Leads" },
  );
}

export function promiseKeptPlot(answer: ReportsAnswer): Draw {
  const points = answer.weeks.flatMap((week) =>
    formsOf(answer).flatMap((form) => {
      const numbers = week.forms[form];
      if (!numbers || numbers.leads === 0) return [];
      return [
        {
          week: week.weekStart,
          form: formLabelOf(form),
          value: Math.round((numbers.answeredWithinPromise / numbers.leads) * 100),
        },
      ];
    }),
  );
  return formPanels(
    answer,
    [
      Plot.ruleY([100], { stroke: "#e2e8f0" }),
      Plot.lineY(points, { x: "week", y: "value", fy: "form", stroke: "form", strokeWidth: 2 }),
      Plot.dot(points, { x: "week", y: "value", fy: "form", fill: "form", r: 3.5 }),
      Plot.text(points, {
        x: "week",
        y: "value",
        fy: "form",
        text: (point: FormPoint) => `${point.value}%`,
        dy: -9,
        fill: INK_SOFT,
      }),
    ],
    { label: "Within promise (%)", domain: [0, 115], ticks: [0, 50, 100] },
  );
}

export function firstResponsePlot(answer: ReportsAnswer): Draw {
  const points = answer.weeks.flatMap((week) =>
    formsOf(answer).flatMap((form) => {
      const median = week.forms[form]?.medianFirstResponseMinutes;
      return median === null || median === undefined
        ? []
        : [{ week: week.weekStart, form: formLabelOf(form), value: median }];
    }),
  );
  return formPanels(
    answer,
    [
      Plot.barY(points, { x: "week", y: "value", fy: "form", fill: "form" }),
      Plot.text(points, {
        x: "week",
        y: "value",
        fy: "form",
        text: (point: FormPoint) => minutesLabel(point.value),
        dy: -7,
        fill: INK_SOFT,
      }),
    ],
    { label: "Minutes", type: "sqrt" },
  );
}

/** "45m", "3h", "2d": short enough to sit over a week's bar. */
const minutesLabel = (minutes: number) =>
  minutes < 90
    ? `${Math.round(minutes)}m`
    : minutes < 48 * 60
      ? `${Math.round(minutes / 60)}h`
      : `${Math.round(minutes / 1440)}d`;

/** Horizontal bars from a table's rows: label, value (and a second value drawn inside, darker). */
function bars(table: ReportTable, options: { group?: number; label: number; value: number; inner?: number }) {
  const rows = table.rows.slice(0, options.group === undefined ? SOURCE_BARS : undefined);
  const data = rows.map((row) => ({
    group: options.group === undefined ? "" : String(row[options.group]),
    label: String(row[options.label]),
    value: Number(row[options.value]),
    inner: options.inner === undefined ? 0 : Number(row[options.inner]),
  }));
  const groups = [...new Set(data.map((point) => point.group))];
  const perGroup = Math.max(
    ...groups.map((group) => data.filter((point) => point.group === group).length),
    1,
  );
  return (width: number) =>
    Plot.plot({
      width,
      height: 30 + groups.length * (perGroup * 28 + 36),
      marginLeft: Math.min(180, width / 3),
      marginRight: 80,
      marginTop: groups.length > 1 ? 24 : 8,
      style: FONT,
      x: { grid: true, ticks: 4, label: null },
      y: {
        label: null,
        tickFormat: (label: string) => (label.length > 24 ? `${label.slice(0, 23)}…` : label),
      },
      fy: { domain: groups, axis: null, padding: 0.25 },
      marks: [
        Plot.barX(data, { x: "value", y: "label", fy: "group", fill: NAVY_SOFT, sort: { y: null } }),
        ...(options.inner === undefined
          ? []
          : [
              Plot.barX(data, {
                x: "inner",
                y: "label",
                fy: "group",
                fill: NAVY,
                insetTop: 6,
                insetBottom: 6,
              }),
            ]),
        Plot.text(data, {
          x: "value",
          y: "label",
          fy: "group",
          text: (point: { value: number; inner: number }) =>
            options.inner === undefined ? String(point.value) : `${point.value} · ${point.inner} won/hired`,
          textAnchor: "start",
          dx: 6,
          fill: INK_SOFT,
        }),
        ...(groups.length > 1
          ? [
              Plot.text(groups, {
                fy: (group: string) => group,
                text: (group: string) => group,
                frameAnchor: "top-left",
                dy: -18,
                dx: -Math.min(180, width / 3),
                fontWeight: 600,
                fill: INK_SOFT,
              }),
            ]
          : []),
      ],
    });
}

export const pipelinePlot = (table: ReportTable): Draw => bars(table, { group: 0, label: 1, value: 2 });
export const sourcePlot = (table: ReportTable): Draw => bars(table, { label: 0, value: 1, inner: 2 });
