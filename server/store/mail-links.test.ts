import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MASKED_DOCUMENT_LINK } from "../../leads/document-link-text.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { queueMail } from "./queries/mail-outbox.ts";

const T0 = Date.parse("2026-12-01T15:00:00Z");

/**
 * A nurse's private link in the mail that carries it (decision 029 keeps tokens only as their hash): the outbox
 * holds it only while the message may still be sent; the copy kept once it was sent, or given up, and the thread
 * staff read, show where it was and open nothing.
 */
describe.each(DIALECTS)("a private link in a queued mail on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "mail-links", { per: "test" });

  /** A lead and a mail to its nurse carrying her link; returns the mail's id and the token. */
  async function queued() {
    const leadId = randomUUID();
    await store.intake.acceptLead({
      id: leadId,
      formId: "nurse-application",
      state: "pending",
      fields: { firstName: "Mary", lastName: "Seacole", email: "mary@example.com", consent: "on" },
      createdAt: T0,
    });
    const token = randomUUID().replaceAll("-", "");
    const id = randomUUID();
    await queueMail(
      store.authDatabase.db,
      {
        id,
        kind: "reply",
        leadId,
        to: "mary@example.com",
        subject: "Your credential documents",
        text: `Hello Mary,\n\nhttps://care.example.com/documents/${token}\n\nAnd /documents/${token}?x=1 too.`,
        envelope: { from: { name: "Recruiting", address: "recruiting@example.com" } },
        messageId: `<${id}@care.example.com>`,
      },
      T0,
    );
    return { id, leadId, token };
  }

  const keptText = async (id: string) =>
    (
      await store.authDatabase.db
        .selectFrom("mail_outbox")
        .select("text")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).text;

  it("shows staff the thread with the link masked, even while the mail waits", async () => {
    const { id, leadId, token } = await queued();
    const [sent] = await store.conversation.sent(leadId);
    expect(sent?.text).toBe(
      `Hello Mary,\n\nhttps://care.example.com${MASKED_DOCUMENT_LINK}\n\nAnd ${MASKED_DOCUMENT_LINK}?x=1 too.`,
    );
    expect((await store.conversation.sentMessage(leadId, id))?.text).not.toContain(token);
    // The relay still has it to send.
    expect(await keptText(id)).toContain(token);
  });

  it("keeps the token while a failed attempt will be retried, and masks it once sent", async () => {
    const { id, token } = await queued();
    const [claim] = await store.mail.claimDue(T0 + 1, 10, 60_000);
    expect(claim?.text).toContain(`/documents/${token}`);
    const failure = { at: T0 + 2, status: null, error: "timeout", problem: "network" as const };
    expect(
      await store.mail.recordFailure(id, claim?.lease ?? "", { ...failure, nextAttemptAt: T0 + 10 }),
    ).toBe(true);
    expect(await keptText(id)).toContain(token);

    const [again] = await store.mail.claimDue(T0 + 10, 10, 60_000);
    expect(again?.text).toContain(token);
    expect(await store.mail.markSent(id, again?.lease ?? "", T0 + 11, 250)).toBe(true);
    const kept = await keptText(id);
    expect(kept).not.toContain(token);
    expect(kept).toContain(`https://care.example.com${MASKED_DOCUMENT_LINK}\n`);
    expect(JSON.stringify(await database.tableRows("mail_outbox"))).not.toContain(token);
  });

  it("masks it in a mail given up on", async () => {
    const { id, token } = await queued();
    const [claim] = await store.mail.claimDue(T0 + 1, 10, 60_000);
    const failure = { at: T0 + 2, status: 550, error: "mailbox unavailable", problem: "service" as const };
    expect(await store.mail.recordFailure(id, claim?.lease ?? "", { ...failure, nextAttemptAt: null })).toBe(
      true,
    );
    expect(await keptText(id)).not.toContain(token);
  });

  it("leaves the kept copy alone when a worker no longer holds the lease", async () => {
    const { id, token } = await queued();
    await store.mail.claimDue(T0 + 1, 10, 60_000);
    expect(await store.mail.markSent(id, "not-the-lease", T0 + 2, 250)).toBe(false);
    expect(await keptText(id)).toContain(token);
  });
});
