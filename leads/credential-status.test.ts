import { describe, expect, it } from "vitest";
import { type ChecklistItem, CREDENTIALS, DEFAULT_CHECKLISTS } from "./credential-checklist.ts";
import {
  addMonths,
  ITEM_STATUSES,
  isDone,
  isIsoDate,
  itemStatus,
  validThrough,
} from "./credential-status.ts";

const itemOf = (key: string): ChecklistItem => {
  const item = DEFAULT_CHECKLISTS.RN.find((candidate) => candidate.key === key);
  if (!item) throw new Error(`no RN item ${key}`);
  return item;
};

describe("an item's status on a given day", () => {
  it.each([
    [{ review: null, validThrough: null }, "2026-06-01", "missing"],
    [{ review: "submitted", validThrough: null }, "2026-06-01", "submitted"],
    [{ review: "verified", validThrough: null }, "2026-06-01", "verified"],
    [{ review: "verified", validThrough: "2026-08-01" }, "2026-06-01", "verified"],
    // 31 days left is not yet soon; 30 is.
    [{ review: "verified", validThrough: "2026-07-02" }, "2026-06-01", "verified"],
    [{ review: "verified", validThrough: "2026-07-01" }, "2026-06-01", "expiring-soon"],
    [{ review: "submitted", validThrough: "2026-06-10" }, "2026-06-01", "expiring-soon"],
    // Its last valid day still counts; the day after, it has expired.
    [{ review: "verified", validThrough: "2026-06-01" }, "2026-06-01", "expiring-soon"],
    [{ review: "verified", validThrough: "2026-05-31" }, "2026-06-01", "expired"],
    [{ review: "submitted", validThrough: "2025-01-01" }, "2026-06-01", "expired"],
  ] as const)("%o on %s is %s", (state, today, status) => {
    expect(itemStatus(state, today).status).toBe(status);
  });

  it("keeps a rejection's reason, whatever the dates say, until something new is submitted", () => {
    expect(
      itemStatus(
        { review: "rejected", rejectReason: "The card is cut off", validThrough: "2020-01-01" },
        "2026-06-01",
      ),
    ).toEqual({ status: "rejected", reason: "The card is cut off" });
  });

  it("counts expiring soon from the number of days given", () => {
    const state = { review: "verified", validThrough: "2026-06-08" } as const;
    expect(itemStatus(state, "2026-06-01", 7).status).toBe("expiring-soon");
    expect(itemStatus(state, "2026-06-01", 6).status).toBe("verified");
  });

  it("counts submitted and verified items as done, and the rest as still to do", () => {
    expect(ITEM_STATUSES.filter(isDone)).toEqual(["submitted", "verified"]);
  });
});

describe("until when a submission is valid", () => {
  it("reads a license's or a card's expiry date as its last valid day", () => {
    expect(validThrough(itemOf("license"), { expiresOn: "2027-03-31" })).toBe("2027-03-31");
    expect(validThrough(itemOf("bls"), { expiresOn: "2026-13-01" })).toBeNull();
  });

  it("gives a TB test 12 months and a chest X-ray 5 years from the day it was taken", () => {
    const tb = itemOf("tb");
    expect(validThrough(tb, { kind: "tb-test", takenOn: "2026-01-15" })).toBe("2027-01-14");
    expect(validThrough(tb, { kind: "chest-x-ray", takenOn: "2026-01-15" })).toBe("2031-01-14");
    expect(validThrough(tb, { kind: "mri", takenOn: "2026-01-15" })).toBeNull();
    expect(
      itemStatus(
        { review: "verified", validThrough: validThrough(tb, { kind: "tb-test", takenOn: "2025-05-01" }) },
        "2026-05-01",
      ).status,
    ).toBe("expired");
  });

  it("has no last day for what does not expire", () => {
    expect(validThrough(itemOf("photo-id"), {})).toBeNull();
    expect(validThrough(itemOf("reference-1"), { name: "Ada" })).toBeNull();
  });

  it("adds months to the month's last day when it is shorter, and checks dates are real", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
  });
});

describe("the default checklists", () => {
  it("ask every credential for its license, BLS, TB, photo ID, immunizations and two references, keys unique", () => {
    for (const credential of CREDENTIALS) {
      const keys = DEFAULT_CHECKLISTS[credential].map((item) => item.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const key of ["license", "bls", "tb", "photo-id", "mmr", "varicella", "hepatitis-b", "flu"])
        expect(keys).toContain(key);
      const references = DEFAULT_CHECKLISTS[credential].filter((item) => item.key.startsWith("reference-"));
      expect(references.map((item) => item.document)).toEqual(["none", "none"]);
    }
    const license = itemOf("license").fields.map((field) => field.name);
    expect(license).toEqual(["number", "state", "expiresOn", "multistate"]);
  });

  it("name only fields that exist in each item's validity rule", () => {
    for (const item of CREDENTIALS.flatMap((credential) => DEFAULT_CHECKLISTS[credential])) {
      const names = item.fields.map((field) => field.name);
      if (item.validity.kind === "until") expect(names).toContain(item.validity.field);
      if (item.validity.kind === "for-months") expect(names).toContain(item.validity.from);
    }
  });
});
