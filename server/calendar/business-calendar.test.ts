import { describe, expect, it } from "vitest";
import { LEAD_FORM_IDS } from "../../leads/catalog.ts";
import { RESPONSE_PROMISES, type ResponsePromise } from "../../leads/promises.ts";
import {
  type BusinessCalendar,
  businessCalendar,
  businessDayStart,
  dueAt,
  missedDigestWindow,
  nextBusinessDayStart,
} from "./business-calendar.ts";
import { parseBusinessHours } from "./business-hours.ts";
import { businessCalendarEnvSchema, businessCalendarFromEnv } from "./calendar-env.ts";

// Every instant below is written with the offset in force at that moment (EST -05:00, EDT -04:00), and every
// expectation as an instant too: an implementation that assumed one fixed offset would miss by an hour.

const calendarOf = (env: Record<string, string>) =>
  businessCalendarFromEnv(businessCalendarEnvSchema.parse(env));
const newYork = calendarOf({});
const business = (hours: number): ResponsePromise => ({ hours, clock: "business" });
const calendarHours = (hours: number): ResponsePromise => ({ hours, clock: "calendar" });
const iso = (ms: number) => new Date(ms).toISOString();

/** When a lead that arrives at `arrival` (ISO 8601 with its offset) is due, as a UTC ISO string. */
const due = (arrival: string, promise: ResponsePromise, calendar: BusinessCalendar = newYork) =>
  iso(dueAt(Date.parse(arrival), promise, calendar));
const utc = (instant: string) => iso(Date.parse(instant));

/** The wall-clock time of an instant in a zone, as Intl (not the code under test) reads it: "Mon 09:30". */
const wallClock = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  })
    .format(ms)
    .replace(",", "");

describe("when a lead is due, by business hours (New York, Mon-Fri 09:00-17:00, federal holidays)", () => {
  it("counts 1 business hour from Friday 16:25 into 09:25 on Monday", () => {
    expect(due("2026-01-09T16:25:00-05:00", business(1))).toBe(utc("2026-01-12T09:25:00-05:00"));
  });

  it("counts within open hours, and is due at closing time when the hour ends there", () => {
    expect(due("2026-01-13T10:00:00-05:00", business(1))).toBe(utc("2026-01-13T11:00:00-05:00"));
    expect(due("2026-01-13T16:00:00-05:00", business(1))).toBe(utc("2026-01-13T17:00:00-05:00"));
  });

  it("starts the clock at the next opening for a lead that arrives outside hours", () => {
    expect(due("2026-01-13T07:10:00-05:00", business(1))).toBe(utc("2026-01-13T10:00:00-05:00"));
    expect(due("2026-01-13T18:30:00-05:00", business(1))).toBe(utc("2026-01-14T10:00:00-05:00"));
    expect(due("2026-01-13T17:00:00-05:00", business(1))).toBe(utc("2026-01-14T10:00:00-05:00"));
  });

  it("skips the weekend", () => {
    expect(due("2026-01-10T12:00:00-05:00", business(1))).toBe(utc("2026-01-12T10:00:00-05:00"));
    expect(due("2026-01-11T23:59:00-05:00", business(4))).toBe(utc("2026-01-12T13:00:00-05:00"));
  });

  it("skips a federal holiday: Martin Luther King Jr. Day, Thanksgiving, an observed Independence Day", () => {
    expect(due("2026-01-16T16:30:00-05:00", business(1))).toBe(utc("2026-01-20T09:30:00-05:00"));
    expect(due("2026-11-25T16:30:00-05:00", business(1))).toBe(utc("2026-11-27T09:30:00-05:00"));
    expect(due("2026-07-02T16:30:00-04:00", business(1))).toBe(utc("2026-07-06T09:30:00-04:00"));
  });

  it("follows BUSINESS_HOLIDAYS instead when it is set", () => {
    const own = calendarOf({ BUSINESS_HOLIDAYS: "2026-11-27" });
    expect(due("2026-11-25T16:30:00-05:00", business(1), own)).toBe(utc("2026-11-26T09:30:00-05:00"));
    expect(due("2026-11-26T16:30:00-05:00", business(1), own)).toBe(utc("2026-11-30T09:30:00-05:00"));
    const none = calendarOf({ BUSINESS_HOLIDAYS: "none" });
    expect(due("2026-01-16T16:30:00-05:00", business(1), none)).toBe(utc("2026-01-19T09:30:00-05:00"));
  });

  it("carries a lead over the March change: due at 09:30 EDT, an hour earlier in UTC than 09:30 EST", () => {
    const dueTime = due("2026-03-06T16:30:00-05:00", business(1));
    expect(dueTime).toBe("2026-03-09T13:30:00.000Z");
    expect(wallClock(Date.parse(dueTime), "America/New_York")).toBe("Mon 09:30");
  });

  it("carries a lead over the November change: due at 09:30 EST", () => {
    const dueTime = due("2026-10-30T16:30:00-04:00", business(1));
    expect(dueTime).toBe("2026-11-02T14:30:00.000Z");
    expect(wallClock(Date.parse(dueTime), "America/New_York")).toBe("Mon 09:30");
  });

  it("counts 2 business days for a nurse application across the March change", () => {
    // Friday 13:00-17:00, Monday 09:00-17:00, Tuesday 09:00-13:00 (EDT by then).
    expect(due("2026-03-06T13:00:00-05:00", business(16))).toBe(utc("2026-03-10T13:00:00-04:00"));
  });

  it("counts the real length of open hours that a clock change shortens or lengthens", () => {
    const sundayNight = calendarOf({
      BUSINESS_HOURS: "Sun 00:00-06:00, Mon 09:00-17:00",
      BUSINESS_HOLIDAYS: "none",
    });
    // 8 March: 00:00-06:00 lasts 5 hours (02:00 EST jumps to 03:00 EDT).
    expect(due("2026-03-08T00:00:00-05:00", business(3), sundayNight)).toBe("2026-03-08T08:00:00.000Z");
    expect(due("2026-03-08T00:00:00-05:00", business(6), sundayNight)).toBe(utc("2026-03-09T10:00:00-04:00"));
    // 1 November: 00:00-06:00 lasts 7 hours (01:00-02:00 happens twice).
    expect(due("2026-11-01T00:00:00-04:00", business(3), sundayNight)).toBe("2026-11-01T07:00:00.000Z");
    expect(due("2026-11-01T00:00:00-04:00", business(7), sundayNight)).toBe(utc("2026-11-01T06:00:00-05:00"));
    expect(due("2026-11-01T00:00:00-04:00", business(8), sundayNight)).toBe(utc("2026-11-02T10:00:00-05:00"));
  });

  it("opens at the moment after the gap when the opening time does not exist that day", () => {
    const lateOpening = calendarOf({ BUSINESS_HOURS: "Sun 02:30-05:00", BUSINESS_HOLIDAYS: "none" });
    expect(due("2026-03-08T00:00:00-05:00", business(1), lateOpening)).toBe(utc("2026-03-08T04:30:00-04:00"));
  });

  it("counts over a lunch break and through a midnight closing", () => {
    const lunch = calendarOf({ BUSINESS_HOURS: "Mon-Fri 09:00-12:00 13:00-17:00" });
    expect(due("2026-01-13T11:30:00-05:00", business(1), lunch)).toBe(utc("2026-01-13T13:30:00-05:00"));
    const lateShift = calendarOf({
      BUSINESS_HOURS: "Sat 20:00-24:00, Sun 00:00-01:00",
      BUSINESS_HOLIDAYS: "none",
    });
    expect(due("2026-01-10T23:30:00-05:00", business(1), lateShift)).toBe(utc("2026-01-11T00:30:00-05:00"));
  });

  it("keeps other zones' own clocks: Sydney's April change and Kolkata's half-hour offset", () => {
    const sydney = calendarOf({ BUSINESS_TIMEZONE: "Australia/Sydney", BUSINESS_HOLIDAYS: "none" });
    // Daylight time ends there on Sunday 5 April 2026: +11:00 on Friday, +10:00 on Monday.
    expect(due("2026-04-03T16:30:00+11:00", business(1), sydney)).toBe("2026-04-05T23:30:00.000Z");
    const kolkata = calendarOf({ BUSINESS_TIMEZONE: "Asia/Kolkata", BUSINESS_HOLIDAYS: "none" });
    expect(due("2026-01-12T16:30:00+05:30", business(1), kolkata)).toBe("2026-01-13T04:00:00.000Z");
  });

  it("gives up with an error, not a hang, on a calendar that never opens", () => {
    const mondays = Array.from({ length: 600 }, (_, week) =>
      new Date(Date.UTC(2026, 0, 5 + week * 7)).toISOString().slice(0, 10),
    );
    const closed = businessCalendar({
      timeZone: "America/New_York",
      hours: parseBusinessHours("Mon 09:00-17:00"),
      holidays: mondays,
    });
    expect(() => dueAt(Date.parse("2026-01-05T10:00:00-05:00"), business(1), closed)).toThrow(
      /no open hours within 3660 days after 2026-01-05T15:00:00.000Z/,
    );
  });
});

describe("when a lead is due, by calendar hours", () => {
  it("counts 24 real hours across the March change: 13:00 EDT the next day for a lead at 12:00 EST", () => {
    const dueTime = due("2026-03-07T12:00:00-05:00", calendarHours(24));
    expect(dueTime).toBe("2026-03-08T17:00:00.000Z");
    expect(wallClock(Date.parse(dueTime), "America/New_York")).toBe("Sun 13:00");
  });

  it("counts 24 real hours across the November change: 11:00 EST for a lead at 12:00 EDT", () => {
    const dueTime = due("2026-10-31T12:00:00-04:00", calendarHours(24));
    expect(dueTime).toBe("2026-11-01T16:00:00.000Z");
    expect(wallClock(Date.parse(dueTime), "America/New_York")).toBe("Sun 11:00");
  });

  it("ignores opening hours and holidays", () => {
    expect(due("2026-11-26T10:00:00-05:00", calendarHours(24))).toBe(utc("2026-11-27T10:00:00-05:00"));
  });
});

describe("each form's promise, for a lead on Friday 9 January 2026 at 15:00 in New York", () => {
  const expected: Record<(typeof LEAD_FORM_IDS)[number], string> = {
    "staffing-request": "2026-01-09T16:00:00-05:00",
    "payroll-info": "2026-01-10T15:00:00-05:00",
    "chartassist-demo": "2026-01-12T11:00:00-05:00",
    "careworks-demo": "2026-01-12T11:00:00-05:00",
    "nurse-application": "2026-01-13T15:00:00-05:00",
  };
  it.each(LEAD_FORM_IDS)("%s", (form) => {
    expect(due("2026-01-09T15:00:00-05:00", RESPONSE_PROMISES[form])).toBe(utc(expected[form]));
  });
});

describe("the start of a business day", () => {
  const start = (now: string, calendar = newYork) => iso(businessDayStart(Date.parse(now), calendar));
  const next = (now: string, calendar = newYork) => iso(nextBusinessDayStart(Date.parse(now), calendar));

  it("is today's opening once it has come, else the last open day's", () => {
    expect(start("2026-01-13T12:00:00-05:00")).toBe(utc("2026-01-13T09:00:00-05:00"));
    expect(start("2026-01-13T09:00:00-05:00")).toBe(utc("2026-01-13T09:00:00-05:00"));
    expect(start("2026-01-13T08:59:59-05:00")).toBe(utc("2026-01-12T09:00:00-05:00"));
    expect(start("2026-01-10T12:00:00-05:00")).toBe(utc("2026-01-09T09:00:00-05:00"));
    expect(start("2026-01-19T12:00:00-05:00")).toBe(utc("2026-01-16T09:00:00-05:00"));
  });

  it("comes next at the following open day's opening", () => {
    expect(next("2026-01-13T09:00:00-05:00")).toBe(utc("2026-01-14T09:00:00-05:00"));
    expect(next("2026-01-13T08:00:00-05:00")).toBe(utc("2026-01-13T09:00:00-05:00"));
    expect(next("2026-01-16T12:00:00-05:00")).toBe(utc("2026-01-20T09:00:00-05:00"));
    expect(next("2026-03-06T12:00:00-05:00")).toBe("2026-03-09T13:00:00.000Z");
  });
});

describe("the admins' digest of the promises missed the business day before", () => {
  const window = (now: string) => {
    const { businessDay, from, to } = missedDigestWindow(Date.parse(now), newYork);
    return { businessDay, from: iso(from), to: iso(to) };
  };

  it("on Monday covers Friday's opening to Monday's, the weekend included", () => {
    expect(window("2026-01-12T09:05:00-05:00")).toEqual({
      businessDay: "2026-01-12",
      from: utc("2026-01-09T09:00:00-05:00"),
      to: utc("2026-01-12T09:00:00-05:00"),
    });
  });

  it("after a holiday covers the days since the last business day, and before opening is still yesterday's", () => {
    expect(window("2026-01-20T10:00:00-05:00")).toEqual({
      businessDay: "2026-01-20",
      from: utc("2026-01-16T09:00:00-05:00"),
      to: utc("2026-01-20T09:00:00-05:00"),
    });
    expect(window("2026-01-13T08:00:00-05:00").businessDay).toBe("2026-01-12");
  });

  it("takes each window's ends from the clock in force: Friday in EST, Monday in EDT", () => {
    expect(window("2026-03-09T09:30:00-04:00")).toEqual({
      businessDay: "2026-03-09",
      from: "2026-03-06T14:00:00.000Z",
      to: "2026-03-09T13:00:00.000Z",
    });
  });

  it("puts every due time in exactly one digest: each window starts where the one before ended", () => {
    const windows = new Map<string, { from: number; to: number }>();
    for (
      let now = Date.parse("2026-02-25T00:00:00Z");
      now < Date.parse("2026-04-10T00:00:00Z");
      now += 3_600_000
    )
      windows.set(missedDigestWindow(now, newYork).businessDay, missedDigestWindow(now, newYork));
    const ordered = [...windows.values()];
    expect(ordered.length).toBeGreaterThan(25);
    for (const [index, current] of ordered.entries()) {
      expect(current.from).toBeLessThan(current.to);
      if (index > 0) expect(current.from).toBe(ordered[index - 1]?.to);
    }
  });
});

describe("business hours against a minute-by-minute count", () => {
  // An independent oracle: walk real minutes and ask Intl for each one's wall-clock day and time.
  const formats = new Map<string, Intl.DateTimeFormat>();
  const parts = (ms: number, timeZone: string) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone,
        weekday: "short",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
      formats.set(timeZone, format);
    }
    const values = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
    return {
      date: `${values.year}-${values.month}-${values.day}`,
      weekday: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(values.weekday ?? ""),
      minute: Number(values.hour) * 60 + Number(values.minute),
    };
  };
  const isOpen = (ms: number, calendar: BusinessCalendar) => {
    const { date, weekday, minute } = parts(ms, calendar.timeZone);
    if (calendar.isHoliday(date)) return false;
    return (calendar.hours[weekday] ?? []).some((span) => span.open <= minute && minute < span.close);
  };
  const openMinutesBetween = (from: number, to: number, calendar: BusinessCalendar) => {
    let count = 0;
    for (let minute = from; minute < to; minute += 60_000) if (isOpen(minute, calendar)) count++;
    return count;
  };

  /** A small seeded generator (mulberry32), so a failure names an arrival that fails again. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const calendars: [string, BusinessCalendar][] = [
    ["New York", newYork],
    ["New York, Sunday nights", calendarOf({ BUSINESS_HOURS: "Mon-Fri 09:00-17:00, Sun 00:00-06:00" })],
    [
      "London, split days",
      calendarOf({
        BUSINESS_TIMEZONE: "Europe/London",
        BUSINESS_HOURS: "Mon-Thu 08:00-18:00, Fri 08:00-12:00",
      }),
    ],
  ];
  // Fortnights around both changes and Thanksgiving.
  const periods = ["2026-03-01T00:00:00Z", "2026-10-24T00:00:00Z", "2026-11-20T00:00:00Z"].map(Date.parse);

  it.each(calendars)(
    "%s: the open minutes from arrival to due are the promise, and the last one is open",
    (_, calendar) => {
      const next = random(28);
      for (let sample = 0; sample < 12; sample++) {
        const period = periods[sample % periods.length] ?? 0;
        const arrival = period + Math.floor(next() * 14 * 24 * 60) * 60_000;
        const hours = [1, 4, 16][Math.floor(next() * 3)] ?? 1;
        const due = dueAt(arrival, business(hours), calendar);
        const label = `${hours} business hours from ${iso(arrival)}, due ${iso(due)}`;
        expect(openMinutesBetween(arrival, due, calendar), label).toBe(hours * 60);
        expect(isOpen(due - 60_000, calendar), label).toBe(true);
      }
    },
  );
});
