import { describe, expect, it } from "vitest";
import { reportsQuery } from "../../staff/reports.ts";
import { businessCalendarEnvSchema, businessCalendarFromEnv } from "../calendar/calendar-env.ts";
import { reportWeeks } from "../calendar/weeks.ts";
import { firstResponseMinutes, type LeadClock, medianOf, promiseWeeks } from "./promise-weeks.ts";

const newYork = businessCalendarFromEnv(businessCalendarEnvSchema.parse({}));
const MINUTE_MS = 60_000;

/** A lead at a New York wall-clock time, due `dueIn` minutes later, answered `answeredIn` minutes later (or not). */
function lead(form: LeadClock["form"], arrival: string, dueIn: number, answeredIn: number | null): LeadClock {
  const createdAt = Date.parse(arrival);
  return {
    form,
    createdAt,
    dueAt: createdAt + dueIn * MINUTE_MS,
    firstResponseAt: answeredIn === null ? null : createdAt + answeredIn * MINUTE_MS,
  };
}

describe("the median", () => {
  it("is the middle value, or the mean of the middle two, whatever the order", () => {
    expect(medianOf([7, 1, 3])).toBe(3);
    expect(medianOf([10, 2, 4, 8])).toBe(6);
    expect(medianOf([5])).toBe(5);
    expect(medianOf([])).toBeNull();
  });

  it("leaves its input unsorted", () => {
    const values = [3, 1, 2];
    medianOf(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("minutes to the first response", () => {
  it("counts from arrival, and is null until a response", () => {
    expect(firstResponseMinutes({ createdAt: 0, firstResponseAt: 90 * MINUTE_MS })).toBe(90);
    expect(firstResponseMinutes({ createdAt: 0, firstResponseAt: 30_000 })).toBe(0.5);
    expect(firstResponseMinutes({ createdAt: 0, firstResponseAt: null })).toBeNull();
  });

  it("counts a response stamped a moment before its lead as immediate", () => {
    expect(firstResponseMinutes({ createdAt: 5_000, firstResponseAt: 4_000 })).toBe(0);
  });
});

describe("the promise numbers per form per week", () => {
  const weeks = reportWeeks({ from: "2026-03-02", to: "2026-03-15" }, newYork);
  const forms = ["staffing-request", "payroll-info"] as const;

  it("counts each lead in the week it arrived (New York's Monday), answered or not, in time or not", () => {
    const leads = [
      lead("staffing-request", "2026-03-02T09:00:00-05:00", 60, 20),
      lead("staffing-request", "2026-03-04T10:00:00-05:00", 60, 60), // at the due time: within the promise
      lead("staffing-request", "2026-03-06T16:30:00-05:00", 60, 61), // a minute late
      lead("staffing-request", "2026-03-08T23:30:00-04:00", 60, null), // Sunday night: still the first week
      lead("staffing-request", "2026-03-09T00:00:00-04:00", 60, 5),
      lead("payroll-info", "2026-03-10T12:00:00-04:00", 1440, 1500),
    ];
    expect(promiseWeeks(leads, weeks, forms)).toEqual([
      {
        weekStart: "2026-03-02",
        forms: {
          "staffing-request": {
            leads: 4,
            answered: 3,
            answeredWithinPromise: 2,
            medianFirstResponseMinutes: 60,
          },
          "payroll-info": {
            leads: 0,
            answered: 0,
            answeredWithinPromise: 0,
            medianFirstResponseMinutes: null,
          },
        },
      },
      {
        weekStart: "2026-03-09",
        forms: {
          "staffing-request": {
            leads: 1,
            answered: 1,
            answeredWithinPromise: 1,
            medianFirstResponseMinutes: 5,
          },
          "payroll-info": {
            leads: 1,
            answered: 1,
            answeredWithinPromise: 0,
            medianFirstResponseMinutes: 1500,
          },
        },
      },
    ]);
  });

  it("leaves out leads outside the range and forms the role does not see", () => {
    const leads = [
      lead("staffing-request", "2026-03-01T23:59:00-05:00", 60, 1),
      lead("staffing-request", "2026-03-16T00:00:00-04:00", 60, 1),
      lead("nurse-application", "2026-03-03T10:00:00-05:00", 960, 30),
    ];
    const numbers = promiseWeeks(leads, weeks, ["staffing-request"]);
    expect(numbers.map((week) => week.forms)).toEqual([
      {
        "staffing-request": {
          leads: 0,
          answered: 0,
          answeredWithinPromise: 0,
          medianFirstResponseMinutes: null,
        },
      },
      {
        "staffing-request": {
          leads: 0,
          answered: 0,
          answeredWithinPromise: 0,
          medianFirstResponseMinutes: null,
        },
      },
    ]);
  });

  it("rounds the median to a tenth of a minute", () => {
    const leads = [
      lead("staffing-request", "2026-03-03T10:00:00-05:00", 60, 1 / 3),
      lead("staffing-request", "2026-03-03T11:00:00-05:00", 60, 2 / 3),
    ];
    expect(promiseWeeks(leads, weeks, ["staffing-request"])[0]?.forms["staffing-request"]).toMatchObject({
      medianFirstResponseMinutes: 0.5,
    });
  });
});

describe("the reports' date range", () => {
  it("takes both ends or neither", () => {
    expect(reportsQuery.parse({})).toEqual({});
    expect(reportsQuery.parse({ from: "2026-01-01", to: "2026-03-31" })).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
  });

  it.each([
    [{ from: "2026-01-01" }, "to give both from and to, or neither"],
    [{ to: "2026-01-01" }, "to give both from and to, or neither"],
    [{ from: "2026-03-02", to: "2026-03-01" }, "to must not be before from"],
    [{ from: "2024-01-01", to: "2026-01-01" }, "to must be less than 731 days after from"],
    [{ from: "2026-02-30", to: "2026-03-01" }, "from must be a date (YYYY-MM-DD)"],
  ])("refuses %o", (query, message) => {
    const issues = reportsQuery.safeParse(query).error?.issues ?? [];
    expect(issues.map((issue) => `${issue.path.join(".")} ${issue.message}`)).toEqual([message]);
  });
});
