import * as Plot from "@observablehq/plot";
import type { LeadFormId } from "../../../leads/catalog.ts";
import { formLabelOf } from "../../../staff/labels.ts";
import type { ReportsAnswer } from "../../../staff/reports-api.ts";
import { formsOf, type ReportTable, shortMinutes, weekLabel } from "./report-data";

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

/** Week labels that fit the width: every week on a desk, every second or third on a phone. */
function weekTicks(answer: ReportsAnswer, width: number) {
  const weeks = answer.weeks.map((week) => week.weekStart);
  const step = Math.ceil(weeks.length / Math.max(2, Math.floor((width - 16) / 52)));
  return weeks.filter((_, index) => (weeks.length - 1 - index) % step === 0);
}

/**
 * One panel per form, its name written in it (no legend to match colours against), every week on the x axis.
 * No y axis: each bar or point is labelled with its own number.
 */
function formPanels(answer: ReportsAnswer, marks: Plot.Markish[], y: Plot.ScaleOptions) {
  const forms = formsOf(answer);
  return (width: number) =>
    Plot.plot({
      width,
      height: 40 + forms.length * 100,
      marginTop: 28,
      marginLeft: 8,
      marginRight: 8,
      style: FONT,
      x: {
        type: "band",
        domain: answer.weeks.map((week) => week.weekStart),
        ticks: weekTicks(answer, width),
        tickFormat: weekLabel,
        label: null,
        padding: 0.2,
      },
      y: { ...y, axis: null, insetTop: 18 },
      fy: { domain: forms.map(formLabelOf), axis: null, padding: 0.35 },
      color: { domain: forms.map(formLabelOf), range: forms.map((form) => ACCENT[form]) },
      marks: [
        Plot.ruleY([0], { stroke: "#cbd5e1" }),
        Plot.text(forms.map(formLabelOf), {
          fy: (form: string) => form,
          text: (form: string) => form,
          frameAnchor: "top-left",
          dy: -20,
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
      Plot.ruleY([100], { stroke: "#e2e8f0", strokeDasharray: "3,3" }),
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
    { label: "Within promise (%)", domain: [0, 100] },
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
        text: (point: FormPoint) => shortMinutes(point.value),
        dy: -7,
        fill: INK_SOFT,
      }),
    ],
    { label: "Minutes", type: "sqrt" },
  );
}

interface Bar {
  label: string;
  value: number;
  inner: number;
}

/**
 * Horizontal bars, each with its number (and its conversions, drawn darker inside it, when `inner` names them).
 * The scale starts at zero and reaches at least 1, so a zero is no bar even when every bar is zero.
 */
function barPlot(data: Bar[], width: number, inner: string | undefined) {
  const marginLeft = Math.min(170, Math.round(width / 3));
  return Plot.plot({
    width,
    height: 24 + data.length * 26,
    marginLeft,
    marginRight: inner ? 120 : 48,
    marginTop: 8,
    style: FONT,
    x: { axis: null, domain: [0, Math.max(1, ...data.map((bar) => bar.value))] },
    y: {
      label: null,
      domain: data.map((bar) => bar.label),
      tickFormat: (label: string) => (label.length > 22 ? `${label.slice(0, 21)}…` : label),
    },
    marks: [
      Plot.barX(data, { x: "value", y: "label", fill: NAVY_SOFT }),
      ...(inner
        ? [Plot.barX(data, { x: "inner", y: "label", fill: NAVY, insetTop: 6, insetBottom: 6 })]
        : []),
      Plot.ruleX([0], { stroke: "#cbd5e1" }),
      Plot.text(data, {
        x: "value",
        y: "label",
        text: (bar: Bar) => (inner ? `${bar.value} · ${bar.inner} ${inner}` : String(bar.value)),
        textAnchor: "start",
        dx: 6,
        fill: INK_SOFT,
      }),
    ],
  });
}

/**
 * A table's rows as bars: label column, value column, optionally an inner value (with the word its number
 * takes) and a grouping column.
 */
function bars(
  table: ReportTable,
  columns: { group?: number; label: number; value: number; inner?: { column: number; word: string } },
) {
  const rows = columns.group === undefined ? table.rows.slice(0, SOURCE_BARS) : table.rows;
  const groups = new Map<string, Bar[]>();
  for (const row of rows) {
    const group = columns.group === undefined ? "" : String(row[columns.group]);
    const bar = {
      label: String(row[columns.label]),
      value: Number(row[columns.value]),
      inner: columns.inner === undefined ? 0 : Number(row[columns.inner.column]),
    };
    groups.set(group, [...(groups.get(group) ?? []), bar]);
  }
  return (width: number) => {
    const box = document.createElement("div");
    for (const [group, data] of groups) {
      if (group) {
        const title = document.createElement("p");
        title.textContent = group;
        title.className = "mt-2 text-sm font-semibold text-ink-soft";
        box.append(title);
      }
      box.append(barPlot(data, width, columns.inner?.word));
    }
    return box;
  };
}

export const pipelinePlot = (table: ReportTable): Draw => bars(table, { group: 0, label: 1, value: 2 });
export const sourcePlot = (table: ReportTable): Draw =>
  bars(table, { label: 0, value: 1, inner: { column: 2, word: "won/hired" } });
/** Each opening's applications, its hires drawn darker inside. */
export const openingPlot = (table: ReportTable): Draw =>
  bars(table, { label: 0, value: 1, inner: { column: 5, word: "hired" } });

/** The median days to fully verified, one bar per week with its number (weeks without any are left empty). */
export function daysToVerifiedPlot(answer: ReportsAnswer): Draw {
  const points = (answer.verification ?? []).flatMap((week) =>
    week.medianDays === null ? [] : [{ week: week.weekStart, value: week.medianDays }],
  );
  return (width: number) =>
    Plot.plot({
      width,
      height: 180,
      marginTop: 20,
      marginLeft: 8,
      marginRight: 8,
      style: FONT,
      x: {
        type: "band",
        domain: answer.weeks.map((week) => week.weekStart),
        ticks: weekTicks(answer, width),
        tickFormat: weekLabel,
        label: null,
        padding: 0.2,
      },
      y: { axis: null, insetTop: 18 },
      marks: [
        Plot.ruleY([0], { stroke: "#cbd5e1" }),
        Plot.barY(points, { x: "week", y: "value", fill: NAVY }),
        Plot.text(points, {
          x: "week",
          y: "value",
          text: (point) => `${point.value}d`,
          dy: -7,
          fill: INK_SOFT,
        }),
      ],
    });
}
