import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  openStaffHarness,
  PASSWORD,
  SITE_URL,
  type StaffHarness,
  totpNow,
} from "../../../test-support/staff-harness.ts";
import { runCli } from "../../cli.ts";

describe("staff commands of the operator CLI", () => {
  let h: StaffHarness;
  beforeEach(async () => {
    h = await openStaffHarness("sqlite");
  });
  afterEach(async () => {
    await h.close();
  });

  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      env: { DATA_DIR: h.dataDir, SITE_URL, LOG_LEVEL: "silent" },
    });
    return { code, out, err };
  };

  /** Follows a set-up link through the API as the person would, and signs in. */
  const setUp = async (link: string, email: string) => {
    const token = new URL(link).searchParams.get("token") ?? "";
    const chosen = await h.request("/setup/password", {
      method: "POST",
      json: { token, password: PASSWORD },
    });
    const { totpUri } = (await chosen.json()) as { totpUri: string };
    expect(
      (await h.request("/setup/confirm", { method: "POST", json: { token, code: totpNow(totpUri) } })).status,
    ).toBe(204);
    const signedIn = await h.signIn(email, totpUri);
    expect(signedIn.status).toBe(200);
    return signedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
  };

  it("adds a person and prints the set-up link as the last line; the first admin in three commands", async () => {
    const added = await cli("staff", "add", "--email", "First.Admin@Staff.example", "--role", "admin");
    expect(added.code).toBe(0);
    const link = added.out.at(-1) ?? "";
    expect(link).toMatch(new RegExp(`^${SITE_URL}/staff/setup\\?token=[\\w-]{43}$`));
    const cookie = await setUp(link, "first.admin@staff.example");
    const me = await h.request("/me", { cookie });
    expect(((await me.json()) as { user: { role: string } }).user.role).toBe("admin");

    const listed = await cli("staff", "list");
    expect(listed.out.join("\n")).toMatch(/first\.admin@staff\.example\s+admin\s+active/);

    expect((await cli("staff", "role", "first.admin@staff.example", "sales")).code).toBe(0);
    expect(
      ((await (await h.request("/me", { cookie })).json()) as { user: { role: string } }).user.role,
    ).toBe("sales");

    const reset = await cli("staff", "reset", "first.admin@staff.example");
    expect(reset.code).toBe(0);
    expect(reset.out.at(-1)).toMatch(/\/staff\/setup\?token=/);
    expect((await h.request("/me", { cookie })).status).toBe(401);
    const again = await setUp(reset.out.at(-1) ?? "", "first.admin@staff.example");
    expect((await cli("staff", "disable", "first.admin@staff.example")).code).toBe(0);
    expect((await h.request("/me", { cookie: again })).status).toBe(401);
    expect((await cli("staff", "list")).out.join("\n")).toMatch(
      /first\.admin@staff\.example\s+sales\s+disabled/,
    );
  });

  it("refuses unknown roles, duplicates and unknown people with a clear message", async () => {
    const role = await cli("staff", "add", "--email", "a@staff.example", "--role", "boss");
    expect(role.code).toBe(1);
    expect(role.err.join("\n")).toMatch(/admin, recruiting or sales/);
    expect((await cli("staff", "add", "--email", "a@staff.example", "--role", "sales")).code).toBe(0);
    const twice = await cli("staff", "add", "--email", "A@staff.example", "--role", "sales");
    expect(twice.code).toBe(1);
    expect(twice.err.join("\n")).toMatch(/exists already/);
    const missing = await cli("staff", "disable", "nobody@staff.example");
    expect(missing.code).toBe(1);
    expect(missing.err.join("\n")).toMatch(/No staff account/);
    const noRole = await cli("staff", "add", "--email", "b@staff.example");
    expect(noRole.code).toBe(1);
    expect(noRole.err.join("\n")).toMatch(/^leads staff add: staff add needs --email <address> and --role/);
  });

  it("erases a person's leads by e-mail, the same way the API does", async () => {
    const gone = await h.seedLead("payroll-info", { name: "Pat Erase", email: "pat@example.com" });
    const kept = await h.seedLead("payroll-info", { name: "Kim Keep", email: "kim@example.com" });
    const erased = await cli("erase", "--email", "PAT@example.com");
    expect(erased.code).toBe(0);
    expect(erased.out.at(-1)).toBe("Erased 1 lead(s), 0 file(s) and 0 note(s).");
    expect(await h.store.operations.get(gone)).toBeNull();
    expect(await h.store.operations.get(kept)).not.toBeNull();
    const audit = await h.db.selectFrom("staff_audit").selectAll().where("action", "=", "erase").execute();
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain("pat");
  });
});
