import { describe, expect, it } from "vitest";
import { MailRefusal } from "../checks/mail-checks.ts";
import { composeRaw, messageOf } from "../mail/outgoing-mail.ts";
import { composeDocumentMail, documentLinkOf, documentMail } from "./document-mail.ts";

const company = { name: "Northwind Health Group", phone: "(555) 010-0142", address: "100 Example Avenue" };
const context = { siteUrl: "https://www.example.org/some/path", fields: { firstName: "Maria" }, company };
const link = { token: "tok_abc-123", expiresAt: Date.parse("2026-12-28T12:00:00Z") };
const settings = { from: "Website <leads@example.org>" };
const staff = { id: "u1", name: "Rita Recruiter", email: "rita@example.org" };

describe("the credential file's mails", () => {
  it("links to /documents/<token> on the configured origin and says until when it works", () => {
    const { subject, text } = composeDocumentMail({ kind: "request", link }, context);
    expect(subject).toBe("Your credential documents");
    expect(text).toContain("\nhttps://www.example.org/documents/tok_abc-123\n");
    expect(text).toContain("works until December 28, 2026.");
    expect(text).toContain("Hello Maria,");
    expect(text).toContain("(555) 010-0142");
    expect(documentLinkOf("http://localhost:3000", "a/b")).toBe("http://localhost:3000/documents/a%2Fb");
  });

  it("quotes a rejection's reason as text and names the item, with no way into a header", async () => {
    const { subject, text } = composeDocumentMail(
      {
        kind: "rejection",
        link,
        itemName: "BLS or CPR card\r\nBcc: victim@example.com",
        reason: "Blurred <b>photo</b>\u202e\nPlease retake it.",
      },
      context,
    );
    expect(subject).toBe("Please send your BLS or CPR card Bcc: victim@example.com again");
    expect(text).toContain("  Blurred <b>photo</b>\n  Please retake it.");
    expect(text).not.toContain("\u202e");
    const mail = documentMail({
      id: "m1",
      leadId: "l1",
      to: "nurse@example.com",
      message: { subject, text },
      staff,
      thread: [],
      settings,
    });
    expect(mail).toMatchObject({ kind: "reply", authorId: "u1", to: "nurse@example.com" });
    const raw = (await composeRaw(messageOf(mail))).toString("utf8");
    expect(raw).not.toMatch(/^Bcc:/m);
    expect(raw).not.toMatch(/Content-Type: text\/html/);
  });

  it("refuses a recipient with a line break", () => {
    expect(() =>
      documentMail({
        id: "m1",
        leadId: "l1",
        to: "nurse@example.com\r\nBcc: x@example.com",
        message: composeDocumentMail({ kind: "renewal", link }, context),
        staff,
        thread: [],
        settings,
      }),
    ).toThrow(MailRefusal);
  });

  it("words a reminder before and after expiry, sent as an automatic message", () => {
    const before = composeDocumentMail(
      {
        kind: "reminder",
        link,
        items: [{ name: "BLS or CPR card", validThrough: "2026-07-01", expired: false }],
      },
      context,
    );
    expect(before.subject).toBe("A credential of yours expires soon");
    expect(before.text).toContain("- BLS or CPR card expires on July 1, 2026.");
    const after = composeDocumentMail(
      { kind: "reminder", link, items: [{ name: "RN license", validThrough: "2026-05-31", expired: true }] },
      context,
    );
    expect(after.subject).toBe("A credential of yours has expired");
    const mail = documentMail({
      id: "m2",
      leadId: "l1",
      to: "nurse@example.com",
      message: after,
      staff: null,
      thread: [],
      settings,
      dedupeKey: "reminder:l1:after",
    });
    expect(mail).toMatchObject({ authorId: null, dedupeKey: "reminder:l1:after" });
    expect(mail.envelope.headers?.["Auto-Submitted"]).toBe("auto-generated");
  });
});
