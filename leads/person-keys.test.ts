import { describe, expect, it } from "vitest";
import { emailKey, personKeysOf, phoneKey } from "./person-keys.ts";

describe("emailKey", () => {
  it("compares addresses whatever their case and surrounding spaces", () => {
    expect(emailKey("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
    expect(emailKey("ada.lovelace@example.com")).toBe(emailKey("ADA.LOVELACE@EXAMPLE.COM"));
  });

  it("gives no key for a missing or blank address", () => {
    expect(emailKey(undefined)).toBeNull();
    expect(emailKey(null)).toBeNull();
    expect(emailKey("   ")).toBeNull();
  });

  it("keeps what distinguishes two mailboxes (dots and plus tags are the mail server's business)", () => {
    expect(emailKey("ada+jobs@example.com")).not.toBe(emailKey("ada@example.com"));
    expect(emailKey("a.da@example.com")).not.toBe(emailKey("ada@example.com"));
  });
});

describe("phoneKey", () => {
  it.each([
    "(212) 555-0142",
    "212.555.0142",
    "212 555 0142",
    "2125550142",
    "1-212-555-0142",
    "+1 212 555 0142",
    "+1 (212) 555-0142 x12",
    "212-555-0142 ext. 9",
  ])("reads %s as +12125550142", (phone) => {
    expect(phoneKey(phone)).toBe("+12125550142");
  });

  it("keeps a number written with its country code as that country's", () => {
    expect(phoneKey("+44 20 7946 0958")).toBe("+442079460958");
    expect(phoneKey("020 7946 0958", "GB")).toBe("+442079460958");
  });

  it.each([
    ["nothing", undefined],
    ["blank", ""],
    ["letters", "call me"],
    ["too short", "555-0142"],
    ["no such area code", "111-111-1111"],
    ["zeros", "000-000-0000"],
    ["the site's fictional 555-01xx numbers", "(555) 010-0142"],
    ["a national number of another country without its code", "020 7946 0958"],
  ])("gives no key for %s", (_, phone) => {
    expect(phoneKey(phone)).toBeNull();
  });
});

describe("personKeysOf", () => {
  it("reads a lead's e-mail and phone fields", () => {
    expect(personKeysOf({ name: "Ada", email: "Ada@Example.com", phone: "(212) 555-0142" })).toEqual({
      email: "ada@example.com",
      phone: "+12125550142",
    });
    expect(personKeysOf({ email: "ada@example.com" })).toEqual({ email: "ada@example.com", phone: null });
  });
});
