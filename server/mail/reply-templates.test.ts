// Tests staff/reply-templates.ts; it lives here because Vitest's node project does not collect staff/ yet.
import { describe, expect, it } from "vitest";
import { LEAD_FORM_IDS } from "../../leads/catalog.ts";
import {
  fillTemplate,
  REPLY_SUBJECT_MAX,
  REPLY_TEMPLATES,
  REPLY_TEXT_MAX,
  TEMPLATE_PLACEHOLDERS,
  templatesFor,
} from "../../staff/reply-templates.ts";
import { statusesOf } from "../../staff/workflow.ts";

describe("fillTemplate", () => {
  const values = { firstName: "Ada", staffName: "Sam Rivera", companyName: "Northwind Health Group" };

  it("fills every known placeholder, as often as it appears", () => {
    expect(fillTemplate("Hello {firstName}, {firstName}! {staffName} at {companyName}", values)).toBe(
      "Hello Ada, Ada! Sam Rivera at Northwind Health Group",
    );
  });

  it("leaves unknown placeholders, near misses and other braces untouched", () => {
    const text = "{lastName} {FirstName} { firstName } {{firstName} {} {firstName {companyName}} $& $1";
    expect(fillTemplate(text, values)).toBe(
      "{lastName} {FirstName} { firstName } {Ada {} {firstName Northwind Health Group} $& $1",
    );
  });

  it("leaves a placeholder without a value for staff to fill in", () => {
    expect(fillTemplate("Hello {firstName}, {staffName}", { staffName: "Sam", firstName: null })).toBe(
      "Hello {firstName}, Sam",
    );
    expect(fillTemplate("Hello {firstName}", { firstName: "" })).toBe("Hello {firstName}");
  });

  it("never reads a value for placeholders or replacement patterns", () => {
    expect(
      fillTemplate("{firstName} / {staffName}", { firstName: "{staffName} $& $'", staffName: "Sam" }),
    ).toBe("{staffName} $& $' / Sam");
  });
});

describe("REPLY_TEMPLATES", () => {
  it("offers at least one template for every status of every form's workflow", () => {
    for (const formId of LEAD_FORM_IDS)
      for (const status of statusesOf(formId))
        expect(templatesFor(formId, status).length, `${formId} / ${status}`).toBeGreaterThan(0);
  });

  it("offers the staff guide's three examples where they belong", () => {
    const labels = (formId: string, status: string) => templatesFor(formId, status).map((t) => t.label);
    expect(labels("nurse-application", "Screening")).toEqual(
      expect.arrayContaining(["Invite to interview", "Request more details"]),
    );
    expect(labels("chartassist-demo", "New")).toContain("Demo times");
    expect(labels("careworks-demo", "New")).toContain("Demo times");
    expect(labels("staffing-request", "New")).toContain("Request more details");
  });

  it("keeps each kind's templates to its own forms and statuses", () => {
    expect(templatesFor("staffing-request", "New").map((t) => t.id)).not.toContain("demo-times");
    expect(templatesFor("nurse-application", "Not selected").map((t) => t.id)).toEqual([
      "application-not-selected",
    ]);
    expect(templatesFor("no-such-form", "New")).toEqual([]);
  });

  it("names only statuses of its forms' workflows, and ids are unique", () => {
    for (const template of REPLY_TEMPLATES)
      for (const formId of template.forms)
        for (const status of template.statuses ?? []) expect(statusesOf(formId)).toContain(status);
    expect(new Set(REPLY_TEMPLATES.map((t) => t.id)).size).toBe(REPLY_TEMPLATES.length);
  });

  it("uses only known placeholders, and a filled template fits what the server sends", () => {
    const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
    const values = { firstName: "A".repeat(40), staffName: "S".repeat(100), companyName: "C".repeat(100) };
    for (const template of REPLY_TEMPLATES) {
      for (const [, name] of `${template.subject}${template.text}`.matchAll(/\{(\w+)\}/g))
        expect(known, `${template.id}: {${name}}`).toContain(name);
      const subject = fillTemplate(template.subject, values);
      expect(subject).not.toMatch(/[\r\n]/);
      expect(subject.length).toBeLessThanOrEqual(REPLY_SUBJECT_MAX);
      expect(fillTemplate(template.text, values).length).toBeLessThanOrEqual(REPLY_TEXT_MAX);
    }
  });
});
