import { afterEach, describe, expect, it, vi } from "vitest";
import {
  openStaffHarness,
  PASSWORD,
  type StaffHarness,
  type StaffMemberFixture,
  TOTP_STEP_MS,
  totpNow,
} from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { LOCK_AFTER_FAILURES } from "./sign-in.ts";

/**
 * A TOTP code signs in once per account (RFC 6238, 5.2): the same e-mail, password and code again, within its step
 * or in the neighbouring steps the server accepts for clock drift, at the same instance or another one on the
 * same database, is refused as a wrong code is, and counts toward the lock.
 */
describe.each(DIALECTS)("a replayed TOTP code on %s", (dialect) => {
  let h: StaffHarness;
  let person: StaffMemberFixture;
  afterEach(async () => {
    vi.useRealTimers();
    await h?.close();
  });

  /** The person, set up and signed in once by the harness (with the current step's code). */
  const open = async () => {
    h = await openStaffHarness(dialect);
    person = await h.addStaff("recruiting", "replay@staff.example");
  };
  /** The code of the step `offset` steps from the current one. */
  const codeAt = (offset: number) =>
    totpNow(person.totpUri, (Math.floor(Date.now() / TOTP_STEP_MS) + offset) * TOTP_STEP_MS + 1);
  const signIn = (code: string, request = h.request) =>
    request("/sign-in", { method: "POST", json: { email: person.email, password: PASSWORD, code } });

  it("refuses the code that just signed in, as it refuses a wrong one", async () => {
    await open();
    const code = codeAt(1);
    const first = await signIn(code);
    expect(first.status).toBe(200);
    const again = await signIn(code);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({
      error: "bad_credentials",
      message: "E-mail, password or code is wrong.",
    });
    expect(again.headers.getSetCookie().some((value) => /session_token=[^;]/.test(value))).toBe(false);
    // An earlier step's code, still inside the drift the server allows, is refused too.
    expect((await signIn(codeAt(0))).status).toBe(401);
    expect((await signIn(codeAt(-1))).status).toBe(401);
  });

  it("refuses it in the next 30-second step too, where the drift window would still take it", async () => {
    await open();
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    const code = codeAt(1);
    expect((await signIn(code)).status).toBe(200);
    // Thirty seconds on, the code's step is the current one: the server would take it for another 30 s.
    vi.setSystemTime(Date.now() + TOTP_STEP_MS);
    expect((await signIn(code)).status).toBe(401);
    // The next step's code is the person's next way in.
    expect((await signIn(codeAt(1))).status).toBe(200);
  });

  it(`counts a replay toward the lock: ${LOCK_AFTER_FAILURES} in a row lock the account`, async () => {
    await open();
    const code = codeAt(1);
    expect((await signIn(code)).status).toBe(200);
    for (let attempt = 1; attempt < LOCK_AFTER_FAILURES; attempt++)
      expect((await signIn(code)).status).toBe(401);
    expect((await signIn(code)).status).toBe(423);
    // Locked: even a fresh code is refused now.
    expect((await signIn(codeAt(0))).status).toBe(423);
  });

  it("lets one of two instances on one database sign in with a code sent to both at once", async () => {
    await open();
    const other = await h.secondInstance();
    const code = codeAt(1);
    const answers = await Promise.all([signIn(code, h.request), signIn(code, other.request)]);
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([200, 401]);
    // One session besides the harness's own sign-in: the loser made none.
    const sessions = await h.db
      .selectFrom("staff_session")
      .select("id")
      .where("userId", "=", person.id)
      .execute();
    expect(sessions).toHaveLength(2);
  });
});
