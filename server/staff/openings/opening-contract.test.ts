import { describe, expect, it } from "vitest";
import { addDays, parseOpeningAddress, slugOf, validThroughRefusal } from "../../../staff/openings.ts";
import { openingFields } from "../../../staff/openings-api.ts";
import { GOOD_OPENING } from "../../../test-support/openings.ts";

/** The first refusal of the opening with `change` applied, as the API answers it (or null when it is saved). */
function refusalOf(change: Record<string, unknown>) {
  const parsed = openingFields.safeParse({ ...GOOD_OPENING, ...change });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "?");
}

describe("an opening as staff write it", () => {
  it("is saved with every field of the form, the description as typed and no valid-through yet", () => {
    const parsed = openingFields.parse(GOOD_OPENING);
    expect(parsed).toEqual(GOOD_OPENING);
    expect(openingFields.parse({ ...GOOD_OPENING, validThrough: undefined }).validThrough).toBeNull();
    expect(openingFields.parse({ ...GOOD_OPENING, title: "  Night RN  " }).title).toBe("Night RN");
    expect(refusalOf({ payFrom: 45.25, payTo: 45.25 })).toBeNull();
    expect(refusalOf({ postalCode: "12207-1234", state: "PR", validThrough: "2027-02-01" })).toBeNull();
  });

  it.each([
    [{ title: undefined }, "Title is required."],
    [{ title: "   " }, "Title is required."],
    [{ title: "x".repeat(121) }, "Title must be at most 120 characters."],
    [{ title: "Night RN\nMed-Surg" }, "Title must be one line of text, without control characters."],
    [{ title: "Night \u202eNR" }, "Title must be one line of text, without control characters."],
    [{ credential: "MD" }, "Credential must be one of: RN, LPN, CNA, NP."],
    [{ credential: undefined }, "Credential must be one of: RN, LPN, CNA, NP."],
    [{ specialty: "" }, "Specialty is required."],
    [{ specialty: "x".repeat(81) }, "Specialty must be at most 80 characters."],
    [{ setting: "spa" }, "Setting must be one of: hospital, nursing-home, school, home-care, clinic, other."],
    [{ city: undefined }, "City is required."],
    [{ city: "Albany\u0007" }, "City must be one line of text, without control characters."],
    [{ state: "New York" }, "State must be a two-letter US state code, such as NY."],
    [{ state: "ny" }, "State must be a two-letter US state code, such as NY."],
    [{ state: "ZZ" }, "State must be a two-letter US state code, such as NY."],
    [{ postalCode: undefined }, "Postal code is required."],
    [{ postalCode: "1220" }, "Postal code must be a US ZIP code: 12207 or 12207-1234."],
    [{ postalCode: "SW1A 1AA" }, "Postal code must be a US ZIP code: 12207 or 12207-1234."],
    [{ employmentType: "gig" }, "Employment type must be one of: per-diem, contract, full-time, part-time."],
    [{ shift: "weekends" }, "Shift must be one of: days, evenings, nights, rotating."],
    [{ payFrom: undefined }, "Pay from is required, in USD per hour."],
    [{ payFrom: "48.50" }, "Pay from is required, in USD per hour."],
    [{ payTo: undefined }, "Pay to is required, in USD per hour."],
    [{ payFrom: 0 }, "Pay from must be at least 1 USD per hour."],
    [{ payTo: 1001 }, "Pay to must be at most 1000 USD per hour."],
    [{ payFrom: 48.125 }, "Pay from must be in whole cents."],
    [{ payFrom: 62.01, payTo: 62 }, "Pay to must be at least Pay from."],
    [{ startDate: undefined }, "Start date must be a date (YYYY-MM-DD)."],
    [{ startDate: "2027-02-30" }, "Start date must be a date (YYYY-MM-DD)."],
    [{ startDate: "04/01/2027" }, "Start date must be a date (YYYY-MM-DD)."],
    [{ description: undefined }, "Description is required."],
    [{ description: " \n\n " }, "Description is required."],
    [{ description: "x".repeat(10_001) }, "Description must be at most 10000 characters."],
    [
      { description: "Nights\tonly" },
      "Description may hold line breaks but no other control characters (tabs, direction marks).",
    ],
    [
      { description: "Nights\u0000only" },
      "Description may hold line breaks but no other control characters (tabs, direction marks).",
    ],
    [
      { description: "Nights \u2066only" },
      "Description may hold line breaks but no other control characters (tabs, direction marks).",
    ],
    [{ validThrough: "next month" }, "Valid through must be a date (YYYY-MM-DD)."],
    [{ salary: 50 }, 'Unrecognized key: "salary"'],
  ])("refuses %j: %s", (change, message) => {
    expect(refusalOf(change)).toBe(message);
  });
});

describe("valid through", () => {
  it("is today or later, and at most 180 days after publishing", () => {
    const today = "2026-11-30";
    expect(addDays(today, 180)).toBe("2027-05-29");
    expect(validThroughRefusal(today, today)).toBeNull();
    expect(validThroughRefusal("2027-05-29", today)).toBeNull();
    expect(validThroughRefusal("2027-05-30", today)).toBe(
      "Valid through must be at most 180 days after publishing.",
    );
    expect(validThroughRefusal("2026-11-29", today)).toBe("Valid through must be today or a later day.");
  });
});

describe("an opening's address", () => {
  it("is the title in lower-case letters, digits and hyphens, then the short id", () => {
    expect(slugOf("Night Shift RN, Med/Surg (Albany)")).toBe("night-shift-rn-med-surg-albany");
    expect(slugOf("  Pédiatrie -- CNA (2)  ")).toBe("pediatrie-cna-2");
    expect(slugOf("日本語")).toBe("opening");
    expect(slugOf("x".repeat(200))).toHaveLength(80);
  });

  it("is read back by its short id, whatever slug comes before it", () => {
    expect(parseOpeningAddress("night-shift-rn-abcd2345")).toEqual({
      slug: "night-shift-rn",
      shortId: "abcd2345",
    });
    expect(parseOpeningAddress("old-title-abcd2345")).toEqual({ slug: "old-title", shortId: "abcd2345" });
    expect(parseOpeningAddress("-abcd2345")).toEqual({ slug: "", shortId: "abcd2345" });
    for (const bad of ["abcd2345", "night-rn-abcd234", "night-rn-abcd2340", "Night-RN-abcd2345", "night-rn-"])
      expect([bad, parseOpeningAddress(bad)]).toEqual([bad, null]);
  });
});
