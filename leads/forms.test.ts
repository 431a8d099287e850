import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldLabelOf } from "./catalog.ts";
import { isoDay, LIMITS, optionalFutureDate } from "./fields.ts";
import {
  CREDENTIALS,
  careWorksDemo,
  chartAssistDemo,
  EXPERIENCE,
  fieldNames,
  findLeadForm,
  HONEYPOT_FIELD,
  LEAD_FORM_IDS,
  type LeadForm,
  NURSE_TYPES,
  nurseApplication,
  payrollInfo,
  recipientFor,
  requiredFieldNames,
  schemaFor,
  staffingRequest,
  validateLead,
} from "./forms.ts";
import { CONSENT_REQUIRED, MISSING_INFORMATION } from "./notices.ts";
import { checkResume, RESUME_ACCEPT, RESUME_MAX_BYTES, RESUME_MESSAGES, sniffResume } from "./resume.ts";

const today = isoDay(new Date());
const daysFromToday = (days: number) => isoDay(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

interface Case {
  form: LeadForm;
  fields: string[];
  required: string[];
  valid: Record<string, string>;
  /** Free-text fields and their upper bound. */
  bounds: Record<string, number>;
}

const cases: Case[] = [
  {
    form: chartAssistDemo,
    fields: ["name", "email", "company", "phone", "beds"],
    required: ["name", "email"],
    valid: {
      name: "Dana Whitfield",
      email: "dana@sunrise-snf.example",
      company: "Sunrise SNF",
      phone: "(555) 010-0199",
      beds: "120",
    },
    bounds: { name: 100, company: 200, beds: 100 },
  },
  {
    form: careWorksDemo,
    fields: ["name", "email", "company", "phone", "message"],
    required: ["name", "email"],
    valid: {
      name: "Ravi Patel",
      email: "ravi@billing.example",
      company: "Patel Billing",
      phone: "+1 555 010 0123",
      message: "We need two people for prior authorizations.\nNights preferred.",
    },
    bounds: { name: 100, company: 200, message: 5000 },
  },
  {
    form: nurseApplication,
    fields: [
      "firstName",
      "lastName",
      "email",
      "phone",
      "credential",
      "experience",
      "message",
      "consent",
      "opening",
    ],
    required: ["firstName", "lastName", "email", "consent"],
    valid: {
      firstName: "Maria",
      lastName: "Lopez",
      email: "maria.lopez@example.com",
      phone: "555-010-0177",
      credential: "RN",
      experience: "3-5",
      message: "Available for night shifts.",
      consent: "true",
      opening: "k7m2p9qx",
    },
    bounds: { firstName: 100, lastName: 100, message: 5000 },
  },
  {
    form: staffingRequest,
    fields: ["facility", "name", "email", "phone", "nurse_type", "date"],
    required: ["name", "email"],
    valid: {
      facility: "Maple Grove Care Center",
      name: "Tom Reyes",
      email: "tom@maplegrove.example",
      phone: "555.010.0155",
      nurse_type: "School Nurse",
      date: daysFromToday(7),
    },
    bounds: { facility: 200, name: 100 },
  },
  {
    form: payrollInfo,
    fields: ["name", "email", "phone", "organization", "message"],
    required: ["name", "email"],
    valid: {
      name: "Lee Chen",
      email: "lee@clinic.example",
      phone: "(555) 010-0111 x12",
      organization: "Chen Family Clinic",
      message: "Three per-diem nurses.",
    },
    bounds: { name: 100, organization: 200, message: 5000 },
  },
];

describe("shared limits", () => {
  it("keeps the agreed bounds", () => {
    expect(LIMITS).toMatchObject({ name: 100, email: 254, phone: 40, organization: 200, message: 5000 });
  });
});

describe.each(cases)("$form.id", ({ form, fields, required, valid, bounds }) => {
  it("has the spec's fields, in order, and required ones", () => {
    expect(fieldNames(form)).toEqual(fields);
    expect(requiredFieldNames(form)).toEqual(required);
    expect(findLeadForm(form.id)).toBe(form);
  });

  it("declares the same fields and required fields as its schema enforces", () => {
    // The catalog is what the browser renders from without loading zod; it must not drift from the schema.
    const shape = schemaFor(form).shape;
    expect(fieldNames(form)).toEqual(Object.keys(shape));
    const enforced = Object.entries(shape as Record<string, z.ZodType>)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name);
    expect(requiredFieldNames(form)).toEqual(enforced);
  });

  it("accepts a complete, valid lead and trims it", () => {
    const padded = Object.fromEntries(
      Object.entries(valid).map(([key, value]) => [key, key === "consent" ? value : ` ${value} `]),
    );
    const result = validateLead(form, padded);
    expect(result).toEqual({ ok: true, data: valid, fields: {} });
  });

  it("accepts only the required fields, the rest empty or absent", () => {
    const minimal = Object.fromEntries(required.map((name) => [name, valid[name] ?? ""]));
    expect(validateLead(form, minimal).ok).toBe(true);
    const blanks = Object.fromEntries(
      fields.map((name) => [name, required.includes(name) ? valid[name] : "  "]),
    );
    const result = validateLead(form, blanks);
    expect(result.ok).toBe(true);
    expect(Object.keys(result.data ?? {}).sort()).toEqual([...required].sort());
  });

  it.each(required)("refuses a lead without %s (absent, empty or blank)", (name) => {
    for (const missing of [undefined, "", "   "]) {
      const values: Record<string, unknown> = { ...valid, [name]: missing };
      const result = validateLead(form, values);
      expect(result.ok).toBe(false);
      expect(Object.keys(result.fields)).toEqual([name]);
    }
  });

  it.each(Object.entries(bounds))("bounds %s at %i characters", (name, max) => {
    expect(validateLead(form, { ...valid, [name]: "a".repeat(max) }).ok).toBe(true);
    const over = validateLead(form, { ...valid, [name]: "a".repeat(max + 1) });
    expect(over.ok).toBe(false);
    expect(over.fields[name]).toMatch(`at most ${max} characters`);
  });

  it("refuses a malformed or overlong email", () => {
    for (const email of ["not-an-email", "a@", "@example.com", "a b@example.com"]) {
      expect(validateLead(form, { ...valid, email }).fields.email).toBe(
        "Enter a valid email address, like name@example.com.",
      );
    }
    const long = `${"a".repeat(64)}@${"b".repeat(LIMITS.email - 64 - 5)}.com`;
    expect(long.length).toBe(LIMITS.email);
    expect(validateLead(form, { ...valid, email: `${long}m` }).fields.email).toMatch("at most 254");
  });

  it("bounds the phone number and its characters", () => {
    expect(validateLead(form, { ...valid, phone: "1".repeat(LIMITS.phone) }).ok).toBe(true);
    expect(validateLead(form, { ...valid, phone: "1".repeat(LIMITS.phone + 1) }).fields.phone).toBeDefined();
    expect(validateLead(form, { ...valid, phone: "call me" }).fields.phone).toBeDefined();
    expect(validateLead(form, { ...valid, phone: "12345" }).fields.phone).toBeDefined();
  });

  it("ignores fields it does not know", () => {
    const result = validateLead(form, { ...valid, to: "x@example.com", [HONEYPOT_FIELD]: "" });
    expect(result.ok).toBe(true);
    expect(result.data).toEqual(valid);
  });
});

describe("recipients, subjects and notices", () => {
  const mailboxes = { contact: "contact@example.com", recruiting: "careers@example.com" };

  it("names the five forms", () => {
    expect(LEAD_FORM_IDS).toEqual([
      "chartassist-demo",
      "careworks-demo",
      "nurse-application",
      "staffing-request",
      "payroll-info",
    ]);
    expect(findLeadForm("toString")).toBeUndefined();
  });

  it.each([
    [chartAssistDemo, "contact@example.com", "New ChartAssist Demo Request"],
    [careWorksDemo, "contact@example.com", "New CareWorks Demo Request"],
    [nurseApplication, "careers@example.com", "New Online Nursing Application Submission"],
    [staffingRequest, "contact@example.com", "New CareStaff Staffing Request"],
    [payrollInfo, "contact@example.com", "New Pass-Through Payroll Info Request"],
  ] as const)("%# goes to %s as %s", (form, to, subject) => {
    expect(recipientFor(form, mailboxes)).toBe(to);
    expect(form.subject).toBe(subject);
  });

  it("words the notices as the spec does", () => {
    expect(MISSING_INFORMATION).toEqual({
      title: "Missing Information",
      description: "Please fill out all required fields.",
    });
    expect(CONSENT_REQUIRED).toEqual({
      title: "Consent Required",
      description: "Please provide consent to submit your application.",
    });
    for (const form of [chartAssistDemo, careWorksDemo]) {
      expect(form.notices.success).toEqual({
        title: "Demo Request Submitted",
        description: "Thank you for your interest. We'll contact you soon to schedule your demo.",
      });
      expect(form.notices.failure).toEqual({
        title: "Submission Failed",
        description: "There was an error submitting your demo request. Please try again.",
      });
    }
    expect(nurseApplication.notices).toEqual({
      success: {
        title: "Application Submitted",
        description: "Thank you for your application. We will review it shortly.",
      },
      failure: {
        title: "Submission Failed",
        description: "There was an error submitting your application. Please try again.",
      },
    });
    for (const form of [staffingRequest, payrollInfo]) {
      expect(form.notices.failure).toEqual({
        title: "Submission Failed",
        description: "There was an error submitting your request. Please try again.",
      });
    }
    expect(staffingRequest.notices.success.description).toMatch("1 business hour");
    expect(payrollInfo.notices.success.description).toMatch("24 hours");
  });
});

describe("the application's opening", () => {
  const valid = cases[2]?.valid ?? {};
  it("carries a short id, and drops what cannot be one rather than refuse the application", () => {
    expect(validateLead(nurseApplication, { ...valid, opening: " k7m2p9qx " }).data?.opening).toBe(
      "k7m2p9qx",
    );
    for (const other of ["", "  ", "K7M2P9QX", "k7m2-p9qx", "<script>", "x".repeat(33), "k7m2 p9qx"]) {
      const result = validateLead(nurseApplication, { ...valid, opening: other });
      expect([other, result.ok, result.data?.opening]).toEqual([other, true, undefined]);
    }
    expect(validateLead(nurseApplication, { ...valid, opening: undefined }).ok).toBe(true);
  });
});

describe("choices", () => {
  it.each([
    ["credential", CREDENTIALS, ["RN", "LPN", "CNA", "NP"]],
    ["experience", EXPERIENCE, ["0-1", "1-3", "3-5", "5+"]],
  ] as const)("nurse-application %s takes exactly the spec's options", (name, options, expected) => {
    expect(options).toEqual(expected);
    const valid = cases[2]?.valid ?? {};
    for (const option of options)
      expect(validateLead(nurseApplication, { ...valid, [name]: option }).ok).toBe(true);
    for (const other of ["rn", "Doctor", "10+", "RN, LPN"]) {
      expect(validateLead(nurseApplication, { ...valid, [name]: other }).fields[name]).toMatch(
        /^Choose a valid/,
      );
    }
  });

  it("staffing-request nurse_type takes exactly the spec's options", () => {
    expect(NURSE_TYPES).toEqual([
      "RN - Registered Nurse",
      "LPN - Licensed Practical Nurse",
      "CNA - Certified Nursing Assistant",
      "School Nurse",
      "Multiple Roles",
    ]);
    const valid = cases[3]?.valid ?? {};
    for (const option of NURSE_TYPES)
      expect(validateLead(staffingRequest, { ...valid, nurse_type: option }).ok).toBe(true);
    expect(validateLead(staffingRequest, { ...valid, nurse_type: "RN" }).fields.nurse_type).toBe(
      "Choose a valid nurse type.",
    );
  });
});

describe("date needed", () => {
  const valid = cases[3]?.valid ?? {};

  it("takes today and later days", () => {
    for (const date of [today, daysFromToday(1), daysFromToday(400)]) {
      expect(validateLead(staffingRequest, { ...valid, date }).ok).toBe(true);
    }
  });

  it("refuses days in the past, malformed and impossible dates", () => {
    expect(validateLead(staffingRequest, { ...valid, date: daysFromToday(-2) }).fields.date).toBe(
      "Date needed cannot be in the past.",
    );
    expect(validateLead(staffingRequest, { ...valid, date: "2020-01-01" }).fields.date).toBeDefined();
    expect(validateLead(staffingRequest, { ...valid, date: "next week" }).fields.date).toBe(
      "Date needed must be a date.",
    );
    expect(validateLead(staffingRequest, { ...valid, date: "2099-02-31" }).fields.date).toBeDefined();
  });

  it("allows yesterday in UTC, so that every U.S. visitor's today passes", () => {
    const now = () => new Date("2030-06-15T02:00:00Z"); // 22:00 on June 14 in New York
    const schema = optionalFutureDate("Date needed", now);
    expect(schema.safeParse("2030-06-14").success).toBe(true);
    expect(schema.safeParse("2030-06-13").success).toBe(false);
    expect(schema.safeParse("").success).toBe(true);
  });
});

describe("consent", () => {
  const valid = cases[2]?.valid ?? {};

  it.each([["true"], ["on"], [true]])("counts %j as given and sends it as the text true", (consent) => {
    expect(validateLead(nurseApplication, { ...valid, consent }).data?.consent).toBe("true");
  });

  it.each([[undefined], [""], ["false"], [false], ["yes"]])(
    "refuses %j with the consent notice",
    (consent) => {
      const result = validateLead(nurseApplication, { ...valid, consent });
      expect(result.ok).toBe(false);
      expect(result.fields).toEqual({ consent: CONSENT_REQUIRED.description });
    },
  );
});

describe("resume", () => {
  it("accepts .pdf, .doc and .docx in any case", () => {
    expect(RESUME_ACCEPT).toBe(".pdf,.doc,.docx");
    for (const name of ["cv.pdf", "CV.PDF", "resume.doc", "Resume.Final.DOCX"]) {
      expect(checkResume({ name, size: 1024 })).toBeNull();
    }
  });

  it("refuses other types", () => {
    for (const name of ["cv.txt", "cv.pdf.exe", "cv", "cv.docm", "pdf", "cv.rtf"]) {
      expect(checkResume({ name, size: 1024 })).toBe("type");
    }
    expect(RESUME_MESSAGES.type).toBe("Your resume must be a PDF, DOC or DOCX file.");
  });

  it("takes up to 10 MB and refuses more, or an empty file", () => {
    expect(RESUME_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(checkResume({ name: "cv.pdf", size: RESUME_MAX_BYTES })).toBeNull();
    expect(checkResume({ name: "cv.pdf", size: RESUME_MAX_BYTES + 1 })).toBe("size");
    expect(checkResume({ name: "cv.pdf", size: 0 })).toBe("empty");
    expect(RESUME_MESSAGES.size).toBe("Your resume must be 10 MB or smaller.");
  });

  it("recognises the three formats by their first bytes", () => {
    expect(sniffResume(new TextEncoder().encode("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffResume(Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0x14))).toBe("docx");
    expect(sniffResume(Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1))).toBe("doc");
    expect(sniffResume(new TextEncoder().encode("MZ\x90\x00"))).toBeNull();
    expect(sniffResume(new Uint8Array())).toBeNull();
  });
});

describe("line breaks", () => {
  it("stores a multi-line message with plain \\n, whatever the browser sent", () => {
    const result = validateLead(careWorksDemo, {
      name: "Ada",
      email: "ada@example.com",
      message: "one\r\ntwo\rthree",
    });
    expect(result.data?.message).toBe("one\ntwo\nthree");
  });
});

describe("fieldLabelOf", () => {
  it("gives a field the label its form shows", () => {
    expect(fieldLabelOf("staffing-request", "nurse_type")).toBe("Nurse Type");
    expect(fieldLabelOf("chartassist-demo", "email")).toBe("Work Email");
    expect(fieldLabelOf("carestaff-application", "email")).toBe("Email");
  });

  it("words a field no form of that id has: an export's column, an older form's field", () => {
    expect(fieldLabelOf("", "firstName")).toBe("First name");
    expect(fieldLabelOf("", "nurse_type")).toBe("Nurse type");
    expect(fieldLabelOf("chartassist-demo", "referral_code")).toBe("Referral code");
    // The honeypot keeps its name: no person's word for it.
    expect(fieldLabelOf("", "_honey")).toBe("_honey");
  });
});
