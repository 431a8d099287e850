import { describe, expect, it } from "vitest";
import { readSiteConfig } from "../config/site.ts";
import { LEAD_FORM_IDS } from "./catalog.ts";
import { CONFIRMATIONS, confirmationFor, FIRST_NAME_MAX, firstNameOf } from "./confirmations.ts";

const company = readSiteConfig({}).company;

describe("firstNameOf", () => {
  it("takes the first word of `name`, or of `firstName` on the application", () => {
    expect(firstNameOf({ name: "  Ada   Lovelace " })).toBe("Ada");
    expect(firstNameOf({ firstName: "Mary Ann", lastName: "Evans", name: "ignored" })).toBe("Mary");
    expect(firstNameOf({ firstName: "", name: "Grace Hopper" })).toBe("Grace");
  });

  it("keeps names of any script, with apostrophes and hyphens", () => {
    expect(firstNameOf({ name: "Zoë Martín" })).toBe("Zoë");
    expect(firstNameOf({ name: "O'Brien" })).toBe("O'Brien");
    expect(firstNameOf({ name: "Jean-Luc Picard" })).toBe("Jean-Luc");
    expect(firstNameOf({ name: "Ōtsuka Ai" })).toBe("Ōtsuka");
  });

  it.each([
    ["a link", "https://evil.example/win"],
    ["a bare domain", "evil.example"],
    ["www", "www.evil.example"],
    ["an address", "ada@evil.example"],
    ["markup", "<b>Ada</b>"],
    ["a script", "Ada<script>alert(1)</script>"],
    ["digits", "Ada2"],
    ["an initial with a dot", "J."],
    ["nothing", ""],
    ["only spaces", "   "],
  ])("names nobody for %s", (_, name) => {
    expect(firstNameOf({ name })).toBeNull();
  });

  it("is at most 40 characters, whatever was typed", () => {
    expect(firstNameOf({ name: "A".repeat(10_000) })).toBe("A".repeat(FIRST_NAME_MAX));
    expect(firstNameOf({ name: `${"b".repeat(39)}-c` })).toBe("b".repeat(39));
  });

  it("reads a line break or a control character as the end of the first word", () => {
    expect(firstNameOf({ name: "Ada\r\nBcc: victim@example.com" })).toBe("Ada");
    expect(firstNameOf({ name: "Ada\u0000Bcc" })).toBe("AdaBcc");
    expect(firstNameOf({ name: "\u202eAda" })).toBe("Ada");
  });
});

describe("confirmationFor", () => {
  it("thanks, says what happens next and by when, and signs with the company's phone and address", () => {
    const { subject, text } = confirmationFor("staffing-request", { name: "Ada Lovelace" }, company, 8);
    expect(subject).toBe("We received your staffing request");
    expect(text).toBe(
      [
        "Hello Ada,",
        "",
        "Thank you for your staffing request. Our staffing team will respond within 1 business hour to confirm the nurses and shifts you need.",
        "",
        `If you need us sooner, call us at ${company.phone}.`,
        "",
        "If you did not send this request, you can ignore this message.",
        "",
        company.name,
        company.address,
        company.phone,
        "",
      ].join("\n"),
    );
  });

  it.each([
    ["chartassist-demo", "We'll contact you within 4 business hours to schedule your demo."],
    ["careworks-demo", "We'll contact you within 4 business hours to schedule your demo."],
    [
      "nurse-application",
      "Our recruiting team will be in touch within 2 business days about the next steps.",
    ],
    ["payroll-info", "We will reply within 24 hours with the information you asked for."],
  ] as const)("states the %s form's promise in words", (formId, next) => {
    expect(confirmationFor(formId, { name: "Ada" }, company, 8).text).toContain(next);
  });

  it("states an application's promise in business hours when the calendar's days are not all 8 hours", () => {
    expect(confirmationFor("nurse-application", {}, company, undefined).text).toContain(
      "within 16 business hours",
    );
    expect(confirmationFor("nurse-application", {}, company, 10).text).toContain("within 16 business hours");
  });

  it("names the opening an application came from in its thanks, as one plain line, and never in the subject", () => {
    const title = "Night RN\r\nBcc: x@evil.example\u202e <b>Med-Surg</b>";
    const { subject, text } = confirmationFor("nurse-application", {}, company, 8, { title });
    expect(subject).toBe("We received your application");
    expect(text).toContain(
      'Thank you for your application for the position "Night RN Bcc: x@evil.example <b>Med-Surg</b>". We will review it shortly. Our recruiting team',
    );
    expect(text.split("\n").filter((line) => line.includes("Bcc"))).toHaveLength(1);
    expect(confirmationFor("nurse-application", {}, company, 8).text).toContain(
      "Thank you for your application. We will review it shortly.",
    );
  });

  it("has copy for every form, none of it with a placeholder left", () => {
    expect(Object.keys(CONFIRMATIONS).sort()).toEqual([...LEAD_FORM_IDS].sort());
    for (const formId of LEAD_FORM_IDS) {
      const { subject, text } = confirmationFor(formId, {}, company, 8);
      expect(text.startsWith("Hello,\n")).toBe(true);
      expect(`${subject}${text}`).not.toMatch(/[{}]/);
      expect(subject).not.toMatch(/[\r\n]/);
    }
  });

  it("carries nothing a hostile name typed beyond a plain first name of at most 40 characters", () => {
    const company2 = { ...company, name: "Co", address: "Addr", phone: "555" };
    const baseline = confirmationFor("chartassist-demo", {}, company2, 8).text;
    const hostile = [
      "https://evil.example/claim-your-prize",
      "Ada\r\n\r\nClaim your prize at https://evil.example",
      "Ada <a href='https://evil.example'>prize</a>",
      `${"W".repeat(10_000)} https://evil.example`,
      "<script>alert(1)</script>",
    ];
    for (const name of hostile) {
      const fields = { name, email: "victim@example.com", message: "Buy now at https://evil.example" };
      const { subject, text } = confirmationFor("chartassist-demo", fields, company2, 8);
      const greeting = text.split("\n")[0] ?? "";
      // Everything but the greeting is what any lead gets; the greeting holds at most the 40-letter name.
      expect(text.slice(greeting.length)).toBe(baseline.slice("Hello,".length));
      expect(greeting).toMatch(/^Hello(?: \p{L}{1,40})?,$/u);
      expect(`${subject}\n${text}`).not.toMatch(/evil|prize|victim|Buy|<|>/);
    }
  });
});
