import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadFormId } from "../../../leads/catalog.ts";
import { type LeadPage, leadPageAnswer } from "../../../staff/leads-api.ts";
import {
  openStaffHarness,
  type StaffHarness,
  type StaffMemberFixture,
} from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import {
  type ConfirmationSettings,
  confirmationPlan,
  confirmationSettingsOf,
} from "../../mail/confirmation-plan.ts";
import { newId } from "../../store/ids.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MAIL = { SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "Northwind <hello@northwind.example>" };

/**
 * An attacker's view of the lead page: a recruiter (or a salesperson) reading a lead of their own role must learn
 * nothing of a lead of the other role's forms from the same person. The confirmation's skip reason, the history
 * and "Other requests" each name only leads the reader's role may see; an admin reads every reason as recorded.
 */
describe.each(DIALECTS)("what one role reads of another role's leads, on %s", (dialect) => {
  let h: StaffHarness;
  let admin: StaffMemberFixture;
  let recruiter: StaffMemberFixture;
  let seller: StaffMemberFixture;
  let settings: ConfirmationSettings;
  let clock = Date.now() - 6 * HOUR;
  /** Moves the clock to the start of the next clock hour, the window the domain's and the hour's limits count in. */
  const startNextHour = () => {
    clock += HOUR - (clock % HOUR);
  };

  beforeAll(async () => {
    h = await openStaffHarness(dialect, MAIL);
    settings = confirmationSettingsOf(h.config);
    admin = await h.addStaff("admin", "admin@staff.example");
    recruiter = await h.addStaff("recruiting", "recruiter@staff.example");
    seller = await h.addStaff("sales", "seller@staff.example");
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A lead of `formId` from `email`, a minute after the one before, with its confirmation as the API plans it. */
  const arrive = async (formId: LeadFormId, email: string, with_ = settings, phone = "") => {
    const fields: Record<string, string> =
      formId === "nurse-application"
        ? { firstName: "Vera", lastName: "Victim", email, phone, consent: "on" }
        : { name: "Vera Victim", email, company: "Vera's Clinic", phone };
    const lead = { formId, state: "pending" as const, fields };
    const id = newId();
    clock += MINUTE;
    await h.store.intake.acceptLead({
      id,
      ...lead,
      createdAt: clock,
      confirmation: confirmationPlan(lead, with_),
    });
    return id;
  };
  const open = async (who: StaffMemberFixture, id: string): Promise<LeadPage> => {
    const answer = await h.request(`/leads/${id}`, { cookie: who.cookie });
    expect(answer.status).toBe(200);
    return leadPageAnswer.parse(await answer.json());
  };
  const notSentOf = (page: LeadPage) => {
    const [confirmation] = page.conversation;
    return confirmation?.kind === "confirmation" ? confirmation.notSent : undefined;
  };

  it("a recruiter reads no 'recently confirmed' that a sales request from the same mailbox caused; an admin does", async () => {
    const demo = await arrive("chartassist-demo", "vera.victim@gmail.com");
    const application = await arrive("nurse-application", "VeraVictim+jobs@googlemail.com");
    const page = await open(recruiter, application);
    expect(notSentOf(page)).toBe("limited");
    expect(JSON.stringify(page)).not.toContain(demo);
    expect(JSON.stringify(page)).not.toMatch(/recently|demo|ChartAssist/i);
    expect(notSentOf(await open(admin, application))).toBe("recently_confirmed");
  });

  it("a salesperson reads no 'recently confirmed' that an application from the same mailbox caused", async () => {
    const application = await arrive("nurse-application", "nurse.nora@example.org");
    const demo = await arrive("careworks-demo", "Nurse.Nora+buy@Example.org");
    const page = await open(seller, demo);
    expect(notSentOf(page)).toBe("limited");
    expect(JSON.stringify(page)).not.toContain(application);
    expect(notSentOf(await open(admin, demo))).toBe("recently_confirmed");
  });

  it("names the mailbox's limit to a role that may see the lead that used it", async () => {
    await arrive("nurse-application", "twice@example.org");
    const again = await arrive("nurse-application", "Twice+again@example.org");
    expect(notSentOf(await open(recruiter, again))).toBe("recently_confirmed");
  });

  it("names the domain's and the hour's limits to admins alone: other roles' leads filled them", async () => {
    const tight = {
      ...settings,
      limits: { ...settings.limits, perDomainPerHour: 1, perHour: 1_000 },
    };
    // Both leads in one clock hour, whatever the time the test runs at.
    startNextHour();
    await arrive("staffing-request", "buyer@small-hospital.example", tight);
    const domain = await arrive("nurse-application", "applicant@small-hospital.example", tight);
    expect(notSentOf(await open(recruiter, domain))).toBe("limited");
    expect(notSentOf(await open(admin, domain))).toBe("domain_limit");

    startNextHour();
    const budget = { ...settings, limits: { ...settings.limits, perHour: 1 } };
    await arrive("payroll-info", "first@one.example", budget);
    const hour = await arrive("nurse-application", "second@two.example", budget);
    expect(notSentOf(await open(recruiter, hour))).toBe("limited");
    expect(notSentOf(await open(admin, hour))).toBe("hourly_limit");
  });

  it("lists no other role's lead under 'Other requests', and no other lead's work in the history", async () => {
    // One person by the same address, and by the same phone number spelled otherwise.
    const demo = await arrive("staffing-request", "same.person@example.org", settings, "(212) 555-0199");
    const application = await arrive(
      "nurse-application",
      "same.person@example.org",
      settings,
      "212.555.0199",
    );
    const second = await arrive(
      "nurse-application",
      "other.address@example.org",
      settings,
      "+1 212 555 0199",
    );
    // Sales works its request: a status, a note, an assignment.
    const changed = await h.request(`/leads/${demo}`, {
      method: "PATCH",
      cookie: seller.cookie,
      json: { status: "Contacted", assigneeId: seller.id },
    });
    expect(changed.status).toBe(200);
    const noted = await h.request(`/leads/${demo}/notes`, {
      method: "POST",
      cookie: seller.cookie,
      json: { text: "Called about the night shifts" },
    });
    expect(noted.status).toBe(201);

    const page = await open(recruiter, application);
    expect(page.otherRequests.map((other) => other.id)).toEqual([second]);
    expect(page.history.every((entry) => entry.actor?.id !== seller.id)).toBe(true);
    const text = JSON.stringify(page);
    expect(text).not.toContain(demo);
    expect(text).not.toMatch(/night shifts|Contacted|Staffing/i);
    // And the other way round.
    const sales = await open(seller, demo);
    expect(sales.otherRequests).toEqual([]);
    expect(JSON.stringify(sales)).not.toContain(application);
  });
});
