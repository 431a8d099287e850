import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mailboxes, spellingsOfOneMailbox } from "../test-support/mailbox-spellings.ts";
import { domainOfMailbox, emailKey, mailboxKey, personKeysOf, phoneKey } from "./person-keys.ts";

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

describe("mailboxKey", () => {
  const canonical = ({ local, domain }: { local: string; domain: string }) =>
    `${local}@${domain === "googlemail.com" ? "gmail.com" : domain}`;

  it("gives every spelling of one mailbox one key: case, +tags, spaces, Gmail's dots and googlemail.com", () => {
    fc.assert(
      fc.property(spellingsOfOneMailbox, ({ mailbox, spellings }) => {
        for (const spelling of spellings) expect(mailboxKey(spelling)).toBe(canonical(mailbox));
      }),
      { numRuns: 500 },
    );
  });

  it("keeps two mailboxes apart", () => {
    fc.assert(
      fc.property(mailboxes, mailboxes, (one, other) => {
        fc.pre(canonical(one) !== canonical(other));
        expect(mailboxKey(canonical(one))).not.toBe(mailboxKey(canonical(other)));
      }),
    );
  });

  it.each([
    ["victim+1@Example.org", "victim@example.org"],
    ["Victim+2@example.ORG ", "victim@example.org"],
    ["v.i.c.t.i.m+x@googlemail.com", "victim@gmail.com"],
    ["first.last@example.org", "first.last@example.org"],
    ["someone-news@yahoo.com", "someone@yahoo.com"],
    ["+only@example.org", "+only@example.org"],
  ])("reads %s as %s", (spelling, key) => {
    expect(mailboxKey(spelling)).toBe(key);
  });

  it("gives no key for a missing or blank address, and names the domain of one", () => {
    expect(mailboxKey(undefined)).toBeNull();
    expect(mailboxKey("  ")).toBeNull();
    expect(domainOfMailbox("victim@gmail.com")).toBe("gmail.com");
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
