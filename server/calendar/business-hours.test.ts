import { describe, expect, it } from "vitest";
import { hoursPerBusinessDay, parseBusinessHours } from "./business-hours.ts";

const span = (open: string, close: string) => ({ open: minutes(open), close: minutes(close) });
const minutes = (time: string) => {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return hour * 60 + minute;
};
const nineToFive = [span("09:00", "17:00")];

describe("BUSINESS_HOURS", () => {
  it("reads the default, Monday to Friday 09:00-17:00, and leaves the weekend closed", () => {
    expect(parseBusinessHours("Mon-Fri 09:00-17:00")).toEqual([...Array(5).fill(nineToFive), [], []]);
  });

  it("reads several rules, a lunch break, one day alone, any letter case and spaces around - and ,", () => {
    expect(parseBusinessHours("Mon-Thu 08:00-18:00, Fri 08:00-12:00")).toEqual([
      ...Array(4).fill([span("08:00", "18:00")]),
      [span("08:00", "12:00")],
      [],
      [],
    ]);
    expect(parseBusinessHours(" mon - FRI 9:00 - 12:00  13:00-17:30 ,sat 10:00-14:00 ")).toEqual([
      ...Array(5).fill([span("09:00", "12:00"), span("13:00", "17:30")]),
      [span("10:00", "14:00")],
      [],
    ]);
  });

  it("closes at 24:00 at the end of the day, and opens at 00:00", () => {
    expect(parseBusinessHours("Sun 00:00-24:00")[6]).toEqual([{ open: 0, close: 24 * 60 }]);
  });

  it.each([
    ["Mon-Fri 9-5", /cannot read "Mon-Fri 9-5"/],
    ["Mon-Fri", /cannot read "Mon-Fri"/],
    ["Funday 09:00-17:00", /cannot read "Funday 09:00-17:00"/],
    ["Monday-Friday 09:00-17:00", /cannot read/],
    ["Mon-Fri 09:00-17:00,", /cannot read ""/],
    ["Mon-Fri 09:00-17:00 sharp", /cannot read/],
    ["Mon 09:60-17:00", /cannot read/],
    ["Mon 24:30-24:45", /cannot read/],
    ["", /cannot read ""/],
    ["Fri-Mon 09:00-17:00", /^must run each day range forward, Mon to Sun; Fri-Mon runs backward$/],
    ["Mon 17:00-09:00", /^must open before it closes \("Mon 17:00-09:00" opens at 17:00\)$/],
    ["Mon 09:00-09:00", /must open before it closes/],
    ["Mon 09:00-13:00 12:00-17:00", /must list a day's hours in order, without overlap/],
    ["Mon 13:00-17:00 09:00-12:00", /must list a day's hours in order/],
    ["Mon-Fri 09:00-17:00, Fri 08:00-12:00", /^must name each day once; Fri is in two rules$/],
  ])("refuses %j", (text, message) => {
    expect(() => parseBusinessHours(text)).toThrow(message);
  });

  it("quotes a long or multi-line value back on one short line", () => {
    const message = (() => {
      try {
        parseBusinessHours(`Mon\n${"x".repeat(500)}`);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).not.toMatch(/\n/);
    expect(message?.length).toBeLessThan(200);
  });
});

describe("hours per business day", () => {
  it("is the length of every open day when they are all alike, lunch breaks left out", () => {
    expect(hoursPerBusinessDay(parseBusinessHours("Mon-Fri 09:00-17:00"))).toBe(8);
    expect(hoursPerBusinessDay(parseBusinessHours("Mon-Fri 08:00-12:00 13:00-17:00"))).toBe(8);
    expect(hoursPerBusinessDay(parseBusinessHours("Mon-Thu 08:00-18:00, Fri 09:00-19:00"))).toBe(10);
  });

  it("is undefined when open days differ in length", () => {
    expect(hoursPerBusinessDay(parseBusinessHours("Mon-Thu 08:00-18:00, Fri 08:00-12:00"))).toBeUndefined();
  });
});
