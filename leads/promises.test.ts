import { describe, expect, it } from "vitest";
import { LEAD_FORM_IDS } from "./catalog.ts";
import { promiseInWords, RESPONSE_PROMISES } from "./promises.ts";

describe("each form's response promise", () => {
  it("gives every form a promise of a whole number of hours", () => {
    expect(Object.keys(RESPONSE_PROMISES).sort()).toEqual([...LEAD_FORM_IDS].sort());
    for (const promise of Object.values(RESPONSE_PROMISES)) {
      expect(Number.isInteger(promise.hours) && promise.hours >= 1).toBe(true);
      expect(["business", "calendar"]).toContain(promise.clock);
    }
  });

  it("keeps the spec's two promises: staffing within 1 business hour, payroll info within 24 hours", () => {
    expect(RESPONSE_PROMISES["staffing-request"]).toEqual({ hours: 1, clock: "business" });
    expect(RESPONSE_PROMISES["payroll-info"]).toEqual({ hours: 24, clock: "calendar" });
  });

  it("promises demos within 4 business hours and nurse applications within 16 (2 business days)", () => {
    expect(RESPONSE_PROMISES["chartassist-demo"]).toEqual({ hours: 4, clock: "business" });
    expect(RESPONSE_PROMISES["careworks-demo"]).toEqual({ hours: 4, clock: "business" });
    expect(RESPONSE_PROMISES["nurse-application"]).toEqual({ hours: 16, clock: "business" });
  });
});

describe("a promise in words", () => {
  it("states each form's promise under the default 8-hour business days", () => {
    const words = Object.fromEntries(
      LEAD_FORM_IDS.map((form) => [form, promiseInWords(RESPONSE_PROMISES[form], 8)]),
    );
    expect(words).toEqual({
      "staffing-request": "within 1 business hour",
      "payroll-info": "within 24 hours",
      "chartassist-demo": "within 4 business hours",
      "careworks-demo": "within 4 business hours",
      "nurse-application": "within 2 business days",
    });
  });

  it("speaks of business days only when the calendar's days are that long, so the words stay true", () => {
    const nurses = RESPONSE_PROMISES["nurse-application"];
    expect(promiseInWords(nurses, 10)).toBe("within 16 business hours");
    expect(promiseInWords(nurses, undefined)).toBe("within 16 business hours");
    expect(promiseInWords(nurses, 4)).toBe("within 4 business days");
    expect(promiseInWords(nurses, 16)).toBe("within 1 business day");
    expect(promiseInWords({ hours: 4, clock: "business" }, 8)).toBe("within 4 business hours");
  });

  it("counts calendar hours in days only past one day, as the spec says 24 hours", () => {
    expect(promiseInWords({ hours: 1, clock: "calendar" }, 8)).toBe("within 1 hour");
    expect(promiseInWords({ hours: 24, clock: "calendar" }, 8)).toBe("within 24 hours");
    expect(promiseInWords({ hours: 48, clock: "calendar" }, 8)).toBe("within 2 days");
    expect(promiseInWords({ hours: 36, clock: "calendar" }, 8)).toBe("within 36 hours");
  });
});
