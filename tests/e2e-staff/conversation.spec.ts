import type { APIRequestContext } from "@playwright/test";
import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { arrive, signIn, unique } from "./fixtures.ts";
import { axeViolations, screenshot } from "./look.ts";
import { expect, INBOUND_EMAIL_TOKEN, MAIL_FROM_MAILBOX, mailTo, REPLY_TO, test } from "./mailing.ts";

/**
 * The conversation on a lead end to end, on a server that sends mail (mailing.ts) over each database:
 * a reply from the lead page arriving at a real SMTP server, the person's answer posted to /api/inbound/email
 * as a real MIME message and shown as inert text, the inbox's Awaiting us view.
 */

test.use({ reducedMotion: "reduce" });

/** A message as a mail provider's inbound route posts it: raw MIME from Nodemailer's composer, with the token. */
async function postInbound(request: APIRequestContext, mail: Mail.Options) {
  const posted = await request.post("/api/inbound/email", {
    headers: { Authorization: `Bearer ${INBOUND_EMAIL_TOKEN}`, "Content-Type": "message/rfc822" },
    data: await new MailComposer(mail).compile().build(),
  });
  expect(posted.status()).toBe(202);
}

/** A demo request through the public API, and the confirmation the server sent for it. */
async function demoLead(request: APIRequestContext, sink: Parameters<typeof mailTo>[0]) {
  const email = `pat-${unique()}@example.org`;
  const name = `Pat ${unique()}`;
  const id = await arrive(request, "careworks-demo", { name, email, company: "Harbor Clinic" });
  const confirmation = await mailTo(sink, email, /CareWorks demo request/);
  return { id, name, email, confirmation };
}

test("a reply sent from the lead page arrives by SMTP with the right headers, and shows on the thread", async ({
  page,
  mailing,
}) => {
  const lead = await demoLead(page.request, mailing.sink);
  await signIn(page, mailing.admin, { next: `/staff/leads/${lead.id}` });
  await expect(page.getByRole("heading", { level: 1, name: lead.name })).toBeVisible();
  const conversation = page.getByRole("region", { name: "Conversation" });
  await expect(conversation.locator("[data-kind=confirmation]")).toContainText(`to ${lead.email}`);

  await page.getByRole("button", { name: "Reply by e-mail" }).click();
  const composer = page.getByRole("dialog", { name: "Reply by e-mail" });
  await expect(composer.getByLabel("Template")).toBeFocused();
  await composer.getByLabel("Template").selectOption({ label: "Demo times" });
  await expect(composer.getByLabel("Subject")).toHaveValue("Scheduling your demo");
  const subject = `Scheduling your demo ${unique()}`;
  await composer.getByLabel("Subject").fill(subject);
  await composer.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText(`Reply to ${lead.email} is on its way.`)).toBeVisible();
  await expect(composer).toBeHidden();
  await expect(conversation.locator("[data-kind=reply]")).toContainText(subject);

  const sent = await mailTo(mailing.sink, lead.email, new RegExp(subject));
  expect(sent.parsed.from?.value).toEqual([MAIL_FROM_MAILBOX]);
  expect(sent.parsed.replyTo?.value.map((mailbox) => mailbox.address)).toEqual([REPLY_TO]);
  expect(sent.parsed.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
  expect(sent.parsed.messageId).not.toBe(lead.confirmation.parsed.messageId);
  expect(sent.parsed.subject).toBe(subject);
  expect(sent.parsed.text).toMatch(/^Hello Pat,/);
  expect(sent.parsed.text).toContain("Ada Admin");
  // Threaded after the confirmation, so the person's mail client shows one conversation.
  expect(sent.parsed.inReplyTo).toBe(lead.confirmation.parsed.messageId);

  await page.reload();
  await expect(page.locator("[data-kind=reply]").filter({ hasText: subject })).toContainText("Delivered");
});

test("the person's answer, hostile HTML and all, shows on the lead as inert text; the inbox awaits us", async ({
  page,
  mailing,
  viewport,
}) => {
  const lead = await demoLead(page.request, mailing.sink);
  await postInbound(page.request, {
    from: `Pat <${lead.email}>`,
    to: REPLY_TO,
    subject: "Re: We received your CareWorks demo request",
    inReplyTo: lead.confirmation.parsed.messageId,
    references: [lead.confirmation.parsed.messageId ?? ""],
    html: '<p>Tuesday works for us.</p><script>window.pwned = "script"</script><img src="x" onerror="window.pwned = \'img\'">',
    attachments: [{ filename: "floor-plan.txt", content: "Unit 4 west" }],
  });

  // Before anyone opens it: the lead is awaiting us, with its unread reply said in words.
  await signIn(page, mailing.admin, { next: "/staff?awaiting=1" });
  const row = page.locator(viewport && viewport.width < 768 ? "li" : "tr").filter({ hasText: lead.name });
  await expect(row).toContainText("1 new reply");
  await page.goto("/staff?awaiting=1&q=nobody-awaits-here");
  await expect(page.getByText("No leads match these filters")).toBeVisible();

  await page.goto(`/staff/leads/${lead.id}`);
  const message = page.locator("[data-kind=inbound]");
  await expect(message).toContainText("Tuesday works for us.");
  await expect(message).toContainText("Unread");
  await expect(message.locator("script, img")).toHaveCount(0);
  expect(await page.evaluate(() => (window as { pwned?: string }).pwned)).toBeUndefined();
  await expect(message.getByRole("link", { name: /floor-plan\.txt/ })).toHaveAttribute(
    "href",
    new RegExp(`^/api/staff/leads/${lead.id}/attachments/[^/]+$`),
  );

  // The thread and the composer, to look at and for axe.
  await page.waitForLoadState("networkidle");
  await screenshot(page, mailing.server, "conversation");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Reply by e-mail" }).click();
  await expect(page.getByRole("dialog", { name: "Reply by e-mail" })).toBeVisible();
  await screenshot(page, mailing.server, "composer");
  expect(await axeViolations(page)).toEqual([]);
});

test("unmatched mail is kept for admins, shown as text", async ({ page, mailing }) => {
  const subject = `Question ${unique()}`;
  await postInbound(page.request, {
    from: "Sam Stranger <sam.stranger@example.net>",
    to: REPLY_TO,
    subject,
    html: "<p>Do you place nurses in Albany?</p><script>window.pwned = 1</script>",
  });
  await signIn(page, mailing.admin, { next: "/staff/unmatched" });
  const item = page.getByRole("listitem").filter({ hasText: subject });
  await expect(item).toContainText("Sam Stranger <sam.stranger@example.net>");
  await expect(item).toContainText("Do you place nurses in Albany?");
  await expect(item.locator("script")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await screenshot(page, mailing.server, "unmatched");
  expect(await axeViolations(page)).toEqual([]);
});
