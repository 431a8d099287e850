import { businessCalendar, missedDigestWindow } from "../../server/calendar/business-calendar.ts";
import { DEFAULT_BUSINESS_HOURS, parseBusinessHours } from "../../server/calendar/business-hours.ts";
import { createStaffAccounts } from "../../server/staff/auth/accounts.ts";
import { openStaffAuth } from "../../server/staff/auth/auth.ts";
import { newId } from "../../server/store/ids.ts";
import { openStore } from "../../server/store/store.ts";
import { type ReceivedMail, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { expect, mailTo, startMailingServer, test } from "./mailing.ts";

/**
 * Escalations and the admins' digest end to end: a real server sweeping every 300 ms over each
 * database, relaying to a real SMTP server. Its store holds, before it starts, a lead that missed its promise in
 * the digest's window and one answered in time; the first sweep escalates the one, never the other, and sends
 * the admin the day's digest, and the sweeps after it send nothing again.
 */

const SWEEP_MS = 300;
/** The server's default calendar, as the digest's window is computed from it. */
const CALENDAR = businessCalendar({
  timeZone: "America/New_York",
  hours: parseBusinessHours(DEFAULT_BUSINESS_HOURS),
  holidays: "us-federal",
});
const ADMIN = { email: "ada@example.com", name: "Ada Admin", role: "admin" } as const;
const SELLER = { email: "sam@example.com", name: "Sam Sales", role: "sales" } as const;
const RECRUITER = { email: "rita@example.com", name: "Rita Recruiter", role: "recruiting" } as const;

test("a missed promise is escalated once, one answered in time never, and the admin gets the day's digest", async ({
  server: project,
  isMobile,
}) => {
  test.skip(isMobile, "the e-mails do not depend on the viewport");
  const sink = await startSmtpSink();
  const window = missedDigestWindow(Date.now(), CALENDAR);
  const missed = newId();
  const answered = newId();
  const mailing = await startMailingServer(project, sink, {
    env: { ESCALATION_SWEEP_MS: String(SWEEP_MS) },
    async before(server) {
      const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
      try {
        // Due in the window the day's digest covers, so past due by now; the second answered a minute early.
        for (const [id, dueAt] of [
          [missed, window.from + 60_000],
          [answered, window.from + 120_000],
        ] as const)
          await store.intake.acceptLead({
            id,
            formId: "staffing-request",
            state: "pending",
            fields: { name: "Pat Missed", email: "pat@example.org", organization: "Harbor Clinic" },
            createdAt: dueAt - 3_600_000,
            dueAt,
          });
        await store.authDatabase.db
          .updateTable("leads")
          .set({ first_response_at: window.from + 60_000 })
          .where("id", "=", answered)
          .execute();
        // The accounts as `leads staff add` makes them (active, set-up link unused): who may be told.
        const accounts = createStaffAccounts({
          store,
          auth: await openStaffAuth(store, server.origin),
          siteUrl: server.origin,
        });
        for (const account of [ADMIN, SELLER, RECRUITER]) await accounts.add(account);
      } finally {
        await store.close();
      }
    },
  });
  try {
    const leadLink = (id: string) => `${mailing.server.origin}/staff/leads/${id}`;
    const escalation = await mailTo(sink, SELLER.email, /^Overdue lead: Staffing request$/);
    expect(escalation.parsed.text).toContain(leadLink(missed));
    expect(escalation.parsed.headers.get("auto-submitted")).toBe("auto-generated");
    await mailTo(sink, ADMIN.email, /^Overdue lead: Staffing request$/);
    const digest = await mailTo(sink, ADMIN.email, /^Missed response promises: 1, digest of /);
    expect(digest.parsed.subject).toBe(`Missed response promises: 1, digest of ${window.businessDay}`);
    expect(digest.parsed.text).toContain("Staffing request: 1");
    expect(digest.parsed.text).toContain(leadLink(missed));
    expect(digest.parsed.text).toContain(`${mailing.server.origin}/staff?overdue=1&sort=due`);

    // Several sweeps later, still one of each: none for the lead answered in time, none to the recruiter.
    await new Promise((resolve) => setTimeout(resolve, 4 * SWEEP_MS));
    const about = (mail: ReceivedMail, id: string) => mail.parsed.text?.includes(leadLink(id)) ?? false;
    const summary = sink.accepted
      .filter((mail) => /^(Overdue lead|Missed response promises)/.test(mail.parsed.subject ?? ""))
      .map((mail) => ({
        to: mail.envelope.to,
        subject: mail.parsed.subject,
        missed: about(mail, missed),
        answered: about(mail, answered),
      }))
      .toSorted((a, b) => `${a.to}${a.subject}`.localeCompare(`${b.to}${b.subject}`));
    expect(summary).toEqual([
      {
        to: [ADMIN.email],
        subject: `Missed response promises: 1, digest of ${window.businessDay}`,
        missed: true,
        answered: false,
      },
      { to: [ADMIN.email], subject: "Overdue lead: Staffing request", missed: true, answered: false },
      { to: [SELLER.email], subject: "Overdue lead: Staffing request", missed: true, answered: false },
    ]);
  } finally {
    await mailing.stop();
    await sink.close();
  }
});
