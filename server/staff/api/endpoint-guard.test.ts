import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorAnswer } from "../../../staff/api.ts";
import { type EndpointName, pathOf, STAFF_ENDPOINTS } from "../../../staff/endpoints.ts";
import { may, PERMISSIONS, PERMISSIONS_OF_ROLE } from "../../../staff/permissions.ts";
import { ROLES, type Role } from "../../../staff/roles.ts";
import {
  openStaffHarness,
  type StaffHarness,
  type StaffMemberFixture,
} from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";

const NAMES = Object.keys(STAFF_ENDPOINTS) as EndpointName[];

/** Every endpoint's path with its params filled: the lead is one every role may see (a request the guard reads). */
const pathFor = (name: EndpointName, leadId: string) =>
  pathOf(name, {
    id: leadId,
    replyId: "r",
    attachmentId: "a",
    messageId: "m",
    openingId: "o",
    itemId: "i",
    submissionId: "s",
    credential: "RN",
  } as never);

/**
 * The guard every staff endpoint runs behind (endpoint-mount.ts), driven by the endpoint table itself: a new
 * endpoint is checked here the moment it is in the table.
 */
describe.each(DIALECTS)("the staff endpoints' guard on %s", (dialect) => {
  let h: StaffHarness;
  const people = {} as Record<Role, StaffMemberFixture>;
  const leads = { request: "", application: "" };

  beforeAll(async () => {
    h = await openStaffHarness(dialect);
    for (const role of ROLES) people[role] = await h.addStaff(role);
    leads.request = await h.seedLead("chartassist-demo", { name: "Ada Lovelace", email: "ada@example.com" });
    leads.application = await h.seedLead("nurse-application", {
      firstName: "Mary",
      lastName: "Seacole",
      email: "mary@example.com",
      consent: "on",
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const call = (name: EndpointName, who: StaffMemberFixture | null, leadId = leads.request) =>
    h.request(pathFor(name, leadId), {
      method: STAFF_ENDPOINTS[name].method,
      ...(who && { cookie: who.cookie }),
      // A body that is not JSON: a guard that read it before checking would answer 400, not 401 or 404.
      ...(STAFF_ENDPOINTS[name].method !== "GET" && {
        headers: { "Content-Type": "application/json" },
        body: "{",
      }),
    });

  it("answers 401 to anyone signed out, before reading the request, on every endpoint that needs a permission", async () => {
    for (const name of NAMES.filter((name) => STAFF_ENDPOINTS[name].permission !== null)) {
      const answer = await call(name, null);
      expect([name, answer.status]).toEqual([name, 401]);
      expect(errorAnswer.parse(await answer.json()).error).toBe("unauthenticated");
    }
  });

  it("answers 404 to a role without the endpoint's permission, as for an endpoint that does not exist", async () => {
    let refused = 0;
    for (const name of NAMES) {
      const permission = STAFF_ENDPOINTS[name].permission;
      if (permission === null) continue;
      for (const role of ROLES.filter((role) => !may(role, permission))) {
        const answer = await call(name, people[role]);
        expect([name, role, answer.status]).toEqual([name, role, 404]);
        expect(await answer.json()).toEqual({ error: "not_found", message: "No such API endpoint." });
        refused += 1;
      }
    }
    // The table gives the administering endpoints to admins alone.
    expect(refused).toBeGreaterThanOrEqual(2 * 6);
  });

  it("answers 404 for a lead outside the role's scope on every endpoint naming one, whatever the body", async () => {
    const naming = NAMES.filter((name) => STAFF_ENDPOINTS[name].path.includes(":id"));
    expect(naming.length).toBeGreaterThan(8);
    for (const name of naming) {
      const permission = STAFF_ENDPOINTS[name].permission;
      for (const [role, leadId] of [
        ["recruiting", leads.request],
        ["sales", leads.application],
      ] as const) {
        if (permission === null || !may(role, permission)) continue;
        const answer = await call(name, people[role], leadId);
        expect([name, role, answer.status]).toEqual([name, role, 404]);
        expect(errorAnswer.parse(await answer.json()).error).toBe("not_found");
      }
    }
  });

  it("reads a body only once the guard let the request through: not JSON is then a 400", async () => {
    const answer = await call("addNote", people.sales);
    expect(answer.status).toBe(400);
    expect(errorAnswer.parse(await answer.json()).error).toBe("malformed");
  });

  it("answers 404 to a path the table does not have, signed in or not", async () => {
    for (const who of [null, people.admin]) {
      const answer = await h.request("/leads/x/y/z", { ...(who && { cookie: who.cookie }) });
      expect(answer.status).toBe(404);
    }
  });

  it("refuses a reply to a lead in Spam, even from the admin who may open it", async () => {
    const spam = await h.seedLead(
      "chartassist-demo",
      { name: "Bot", email: "bot@example.com" },
      { state: "spam" },
    );
    expect((await h.request(`/leads/${spam}`, { cookie: people.admin.cookie })).status).toBe(200);
    const reply = await h.request(`/leads/${spam}/replies`, {
      method: "POST",
      cookie: people.admin.cookie,
      json: { subject: "Hello", text: "Hi." },
    });
    expect(reply.status).toBe(422);
    expect(errorAnswer.parse(await reply.json()).error).toBe("bad_reply");
  });
});

describe("the permissions", () => {
  it("give admins every one, the other roles the same lead work, and openings and credential files to recruiting alone", () => {
    expect(PERMISSIONS_OF_ROLE.admin).toEqual(PERMISSIONS);
    expect(PERMISSIONS_OF_ROLE.recruiting).toEqual([
      ...PERMISSIONS_OF_ROLE.sales,
      "openings:manage",
      "credentials:manage",
    ]);
    expect(PERMISSIONS.filter((permission) => !may("sales", permission))).toEqual([
      "spam:review",
      "people:erase",
      "audit:read",
      "mail:unmatched",
      "openings:manage",
      "credentials:manage",
      "checklists:manage",
    ]);
  });
});

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "test" || entry.name === "node_modules" ? [] : productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the endpoint table", () => {
  it("is the only place a staff endpoint's path is written", () => {
    const paths = new Set<string>(Object.values(STAFF_ENDPOINTS).map((endpoint) => endpoint.path));
    const written = ["app", "server", "staff"]
      .flatMap((folder) => productionFiles(path.join(ROOT, folder)))
      .filter((file) => !file.endsWith(path.join("staff", "endpoints.ts")))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/["'`](\/[\w\-.:/]+)["'`]/g)]
          .filter(
            ([, literal]) =>
              literal !== undefined && (paths.has(literal) || literal.startsWith("/api/staff/")),
          )
          .map(([, literal]) => `${path.relative(ROOT, file)}: ${literal}`),
      );
    expect(written).toEqual([]);
  });
});
