import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { findLeadForm, type LeadForm } from "../../../leads/forms.ts";
import { claimedDelivery } from "../../../test-support/claimed-delivery.ts";
import type { ClaimedDelivery } from "../../store/queries/outbox.ts";
import { composeLeadMail, type LeadMailSettings } from "./lead-mail.ts";

const LEAD_ID = "0b6f3f6e-4f1c-4b43-9d6e-1d6f5b0c2a10";
const LINK = `https://www.example.org/staff/leads/${LEAD_ID}`;
const RECEIVED = "2025-01-02T03:04:05.000Z";
const SETTINGS: LeadMailSettings = {
  from: "Website <leads@example.org>",
  siteUrl: "https://www.example.org",
  mailboxes: { contact: "contact@example.org", recruiting: "careers@example.org" },
  personalData: true,
};
const RESUME = { name: "cv.pdf", kind: "pdf", size: 9, sha256: "0".repeat(64) } as const;
const PDF = "%PDF-1.7\n";

function formOf(id: string): LeadForm {
  const form = findLeadForm(id);
  if (!form) throw new Error(`no form ${id}`);
  return form;
}

/** A nurse application as the relay claims it; the phone left empty and the experience unanswered. */
const application = (overrides: Partial<ClaimedDelivery> = {}) =>
  claimedDelivery({
    channel: "smtp",
    leadId: LEAD_ID,
    formId: "nurse-application",
    fields: {
      firstName: "Ada",
      lastName: "Example",
      email: "ada@example.com",
      phone: "",
      credential: "RN",
      message: `<b>"Hi"</b> & 'bye'`,
      consent: "on",
    },
    enqueuedAt: Date.parse(RECEIVED),
    createdAt: Date.parse(RECEIVED),
    ...overrides,
  });

const pdf = () => new Blob([PDF], { type: "application/pdf" });

async function textOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe("composeLeadMail", () => {
  const compose = (delivery: ClaimedDelivery, resume: Blob | null = null, settings = SETTINGS) =>
    composeLeadMail(formOf(delivery.formId), delivery, resume, settings);

  it("addresses the form's mailbox under the spec's subject, replying to the visitor, marked with the lead", async () => {
    const mail = await compose(application());
    expect(mail).toMatchObject({
      from: "Website <leads@example.org>",
      to: "careers@example.org",
      replyTo: "ada@example.com",
      subject: "New Online Nursing Application Submission",
      messageId: `<${LEAD_ID}@www.example.org>`,
      date: new Date(RECEIVED),
      headers: { "X-Lead-Id": LEAD_ID, "X-Lead-Form": "nurse-application" },
    });
  });

  it("lists the answered fields in the text body, leaving out empty and unanswered ones", async () => {
    const mail = await compose(application({ resume: RESUME }), pdf());
    expect(mail.text).toBe(
      [
        "New Online Nursing Application Submission",
        "",
        "First Name: Ada",
        "Last Name: Example",
        "Email: ada@example.com",
        "Credential: RN",
        `Message: <b>"Hi"</b> & 'bye'`,
        "I consent to receiving communications about job opportunities: on",
        "Resume: cv.pdf (attached)",
        "",
        `Received: ${RECEIVED}`,
        `Lead: ${LINK}`,
        "",
      ].join("\n"),
    );
  });

  it("mentions no resume in the text when the lead has none", async () => {
    const mail = await compose(application());
    expect(mail.text).not.toContain("Resume");
    expect(mail.text).toContain(
      `I consent to receiving communications about job opportunities: on\n\nReceived: ${RECEIVED}\n`,
    );
  });

  it("lists the same fields in an HTML table, the visitor's words escaped", async () => {
    const mail = await compose(application());
    expect(mail.html).toBe(
      [
        "<h1>New Online Nursing Application Submission</h1>",
        "<table>",
        row("First Name", "Ada"),
        row("Last Name", "Example"),
        row("Email", "ada@example.com"),
        row("Credential", "RN"),
        row("Message", "&lt;b&gt;&quot;Hi&quot;&lt;/b&gt; &amp; &#39;bye&#39;"),
        row("I consent to receiving communications about job opportunities", "on"),
        "</table>",
        `<p>Received: ${RECEIVED}<br><a href="${LINK}">Lead ${LEAD_ID}</a></p>`,
      ].join("\n"),
    );
  });

  it("names the opening an application was for first, its title escaped like any text", async () => {
    const mail = await compose(application({ openingTitle: "Night RN <Med-Surg> & Tele" }));
    expect(mail.text).toContain("Submission\n\nOpening: Night RN <Med-Surg> & Tele\nFirst Name: Ada\n");
    expect(mail.html).toContain(`<table>\n${row("Opening", "Night RN &lt;Med-Surg&gt; &amp; Tele")}`);
    const without = await compose(application());
    expect(`${without.text}${without.html}`).not.toContain("Opening");
  });

  it("labels fields as the form does and sends a staffing request to the contact mailbox", async () => {
    const mail = await compose(
      application({
        formId: "staffing-request",
        fields: { name: "Bo Example", email: "bo@example.com", nurse_type: "RN" },
      }),
    );
    expect(mail.to).toBe("contact@example.org");
    expect(mail.subject).toBe("New CareStaff Staffing Request");
    expect(mail.text).toContain("\nNurse Type: RN\n");
    expect(mail.html).toContain(row("Nurse Type", "RN"));
  });

  it("attaches the resume under its original name with the file's bytes and type", async () => {
    const mail = await compose(application({ resume: RESUME }), pdf());
    expect(mail.attachments).toHaveLength(1);
    const [attachment] = mail.attachments ?? [];
    expect(attachment).toMatchObject({ filename: "cv.pdf", contentType: "application/pdf" });
    expect(await textOf(attachment?.content as Readable)).toBe(PDF);
  });

  it("attaches nothing without the file, or when the lead names no resume", async () => {
    expect((await compose(application({ resume: RESUME }), null)).attachments).toBeUndefined();
    expect((await compose(application(), pdf())).attachments).toBeUndefined();
  });

  describe("with MAIL_PERSONAL_DATA=false", () => {
    const anonymous = { ...SETTINGS, personalData: false };

    it("says only which form, when, and where to open the lead", async () => {
      const mail = await compose(application({ resume: RESUME }), pdf(), anonymous);
      expect(mail.text).toBe(
        "New Online Nursing Application Submission\n\n" +
          `A lead arrived through the nurse-application form at ${RECEIVED}.\n` +
          `Open it in the staff inbox: ${LINK}\n`,
      );
      expect(mail.html).toBe(
        `<p>A lead arrived through the <b>nurse-application</b> form at ${RECEIVED}.</p>\n` +
          `<p><a href="${LINK}">Open it in the staff inbox</a></p>`,
      );
    });

    it("names the opening an application was for, which is no personal data", async () => {
      const mail = await compose(application({ openingTitle: "Night RN & Tele" }), null, anonymous);
      expect(mail.text).toContain(
        `through the nurse-application form for the opening "Night RN & Tele" at ${RECEIVED}.`,
      );
      expect(mail.html).toContain("form for the opening <b>Night RN &amp; Tele</b> at");
    });

    it("names no person and carries no file, yet still reaches the mailbox marked with the lead", async () => {
      const mail = await compose(application({ resume: RESUME }), pdf(), anonymous);
      expect(mail.replyTo).toBeUndefined();
      expect(mail.attachments).toBeUndefined();
      expect(mail).toMatchObject({
        to: "careers@example.org",
        subject: "New Online Nursing Application Submission",
        messageId: `<${LEAD_ID}@www.example.org>`,
        headers: { "X-Lead-Id": LEAD_ID, "X-Lead-Form": "nurse-application" },
      });
      const everything = JSON.stringify(mail);
      for (const value of ["Ada", "Example", "ada@example.com", "bye", "cv.pdf"])
        expect(everything).not.toContain(value);
    });
  });
});

function row(label: string, value: string) {
  return `<tr><th align="left">${label}</th><td style="white-space:pre-wrap">${value}</td></tr>`;
}
