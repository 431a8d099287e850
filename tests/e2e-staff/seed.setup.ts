import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { newId } from "../../server/store/ids.ts";
import { newTempPath } from "../../server/store/resume-files.ts";
import { openStore } from "../../server/store/store.ts";
import { SAMPLES } from "../staff/sample-leads.ts";
import {
  createAccount,
  expect,
  PASSWORD,
  type Seed,
  type StaffServer,
  test,
  withFreshCode,
} from "./fixtures.ts";

/**
 * The staff UI suite's data, in the served store before any test (playwright.staff.config.ts runs this once per
 * server): the staff tests' six leads (tests/staff/sample-leads.ts) as the intake and the relay leave them,
 * written through the store, and three accounts from the CLI, set up through the API.
 */

/** The leads, through the store the server uses; each then delivered, or given up, as the relay records it. */
async function seedLeads(server: StaffServer): Promise<Seed["leads"]> {
  const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  try {
    const now = Date.now();
    const ids = {} as Seed["leads"];
    const dead = new Set<string>();
    for (const [name, lead] of SAMPLES) {
      const id = newId();
      let resume: Parameters<typeof store.intake.acceptLead>[0]["resume"];
      if (lead.resume) {
        const tempPath = newTempPath(server.dataDir);
        await writeFile(tempPath, lead.resume.bytes);
        resume = {
          name: lead.resume.name,
          kind: lead.resume.kind,
          size: lead.resume.bytes.length,
          sha256: createHash("sha256").update(lead.resume.bytes).digest("hex"),
          tempPath,
        };
      }
      const createdAt = Math.round(now - lead.daysAgo * 86_400_000);
      const outcome = await store.intake.acceptLead({
        id,
        formId: lead.formId,
        state: "pending",
        fields: lead.fields,
        createdAt,
        ...(resume && { resume }),
        ...(lead.source && { source: lead.source }),
      });
      expect(outcome).toEqual({ kind: "created", leadId: id });
      ids[name] = id;
      if (lead.dead) dead.add(id);
    }
    // The served relay is off: these outcomes are the only ones.
    for (const claim of await store.outbox.claimDue(Date.now(), 100, 60_000)) {
      const at = Date.now();
      const recorded = dead.has(claim.leadId)
        ? await store.outbox.recordFailure(claim.leadId, claim.lease, {
            at,
            nextAttemptAt: null,
            status: 550,
            error: "550 mailbox unavailable",
            problem: "service",
          })
        : await store.outbox.markDelivered(claim.leadId, claim.lease, at);
      expect(recorded).toBe(true);
    }
    return ids;
  } finally {
    await store.close();
  }
}

test("the served store has the suite's leads and accounts", async ({ server, request }) => {
  const leads = await seedLeads(server);
  const accounts: Seed["accounts"] = {
    admin: await createAccount(request, server, {
      email: "admin@example.com",
      name: "Ada Admin",
      role: "admin",
    }),
    recruiter: await createAccount(request, server, {
      email: "rita@example.com",
      name: "Rita Recruiter",
      role: "recruiting",
    }),
    sales: await createAccount(request, server, {
      email: "sam@example.com",
      name: "Sam Sales",
      role: "sales",
    }),
  };

  // The leads an admin opened and moved on, through the API as the lead page does it.
  const { admin } = accounts;
  const headers = { Origin: server.origin };
  const signedIn = await withFreshCode(admin, (code) =>
    request.post("/api/staff/sign-in", { data: { email: admin.email, password: PASSWORD, code }, headers }),
  );
  expect(signedIn.status()).toBe(200);
  expect((await request.get(`/api/staff/leads/${leads.marisol}`)).status()).toBe(200);
  const moved = await request.patch(`/api/staff/leads/${leads.marisol}`, {
    data: { status: "Screening" },
    headers,
  });
  expect(moved.status()).toBe(200);
  expect((await request.post("/api/staff/sign-out", { headers })).status()).toBe(204);

  writeFileSync(server.seedFile, JSON.stringify({ leads, accounts } satisfies Seed));
});
