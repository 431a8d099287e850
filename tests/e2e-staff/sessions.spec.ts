import {
  arrive,
  createAccount,
  expect,
  onServedStore,
  PASSWORD,
  signIn,
  test,
  timeOf,
  unique,
  wrongCodeOf,
} from "./fixtures.ts";

/**
 * A staff session from sign-in to its end, against the real server and its store on each database: what the
 * session lets through (a change from the staff app's own origin only), signing out, the account lockout in
 * detail, and the idle expiry. Desktop projects only: none of it depends on the viewport.
 */

test.skip(({ isMobile }) => isMobile, "sessions do not depend on the viewport");
test.use({ reducedMotion: "reduce" });

test("an admin works a lead from the intake; a cross-origin change is refused; signing out ends the session", async ({
  page,
  request,
  server,
}) => {
  const admin = await createAccount(request, server, {
    email: `admin-${unique()}@example.com`,
    name: "Ade Admin",
    role: "admin",
  });
  const name = `Dana ${unique()}`;
  const id = await arrive(page.request, "chartassist-demo", {
    name,
    email: `${unique()}@example.com`,
    company: "Sunrise SNF",
  });

  await signIn(page, admin);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await page.getByRole("link", { name }).click();
  await expect(page).toHaveURL(`/staff/leads/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Sunrise SNF")).toBeVisible();
  await page.getByLabel("Current status").selectOption("Contacted");
  await expect(page.getByText("changed the status from New to Contacted")).toBeVisible();

  // Stored, not only shown: the API reads it back from the store, and no cache keeps it.
  const lead = await page.request.get(`/api/staff/leads/${id}`);
  expect(lead.headers()["cache-control"]).toBe("no-store");
  expect(((await lead.json()) as { lead: { status: string } }).lead.status).toBe("Contacted");

  // A forged cross-origin change is refused, whatever the cookie.
  const forged = await page.request.patch(`/api/staff/leads/${id}`, {
    data: { status: "Won" },
    headers: { Origin: "https://evil.example" },
  });
  expect(forged.status()).toBe(403);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in/);
  expect((await page.request.get("/api/staff/me")).status()).toBe(401);
});

test("five wrong attempts lock the account for 15 minutes, even against the right code; others still sign in", async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server, {
    email: `locked-${unique()}@example.com`,
    name: "Lou Locked",
    role: "sales",
  });
  const colleague = await createAccount(request, server, {
    email: `colleague-${unique()}@example.com`,
    name: "Cal Colleague",
    role: "sales",
  });
  const alert = page.getByRole("alert");
  const refused = "E-mail, password or code is wrong.";
  const locked =
    "Too many wrong attempts: this account is locked for 15 minutes. Ask an admin if you need in sooner.";

  // Wrong passwords and wrong codes both count: four are refused, the fifth locks.
  for (const attempt of [
    { password: `${PASSWORD} but wrong` },
    { password: `${PASSWORD} but wrong` },
    { code: wrongCodeOf(account.secret) },
    { password: `${PASSWORD} but wrong` },
  ]) {
    await signIn(page, account, attempt);
    await expect(alert).toHaveText(refused);
  }
  const lockedAt = Date.now();
  await signIn(page, account, { code: wrongCodeOf(account.secret) });
  await expect(alert).toHaveText(locked);

  // Now the right password and the current code are refused too, and no session was made.
  await signIn(page, account);
  await expect(alert).toHaveText(locked);
  await expect(page).toHaveURL(/\/staff\/sign-in\?/);
  expect((await page.request.get("/api/staff/me")).status()).toBe(401);

  // For 15 minutes from the fifth attempt, as stored.
  const { rows } = await onServedStore(
    server,
    'SELECT "lockedUntil" AS until FROM staff_user WHERE email = ?',
    [account.email],
  );
  const until = timeOf(rows[0]?.until);
  expect(until - lockedAt).toBeGreaterThan(14 * 60_000);
  expect(until - Date.now()).toBeLessThanOrEqual(15 * 60_000);

  // The lock is the account's: another account signs in from the same browser.
  await signIn(page, colleague);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
});

test("a session with no request for STAFF_IDLE_MINUTES (30) ends on the server", async ({
  page,
  request,
  server,
}) => {
  const account = await createAccount(request, server, {
    email: `idle-${unique()}@example.com`,
    name: "Ida Idle",
    role: "sales",
  });
  const name = `Ida ${unique()}`;
  const id = await arrive(page.request, "chartassist-demo", {
    name,
    email: `${unique()}@example.com`,
    company: "Lakeside Rehab",
  });
  // The lead page does not poll, so nothing but this test's requests touches the session.
  await signIn(page, account, { next: `/staff/leads/${id}` });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // The session's last activity is its row's updatedAt (session.ts); moved back as if nothing came for a while.
  const lastActivity = async () =>
    (
      await onServedStore(
        server,
        'SELECT s."updatedAt" AS at FROM staff_session s JOIN staff_user u ON u.id = s."userId" WHERE u.email = ?',
        [account.email],
      )
    ).rows.map((row) => timeOf(row.at));
  const idleFor = async (minutes: number) => {
    const { changes } = await onServedStore(
      server,
      'UPDATE staff_session SET "updatedAt" = ? WHERE "userId" = (SELECT id FROM staff_user WHERE email = ?)',
      [new Date(Date.now() - minutes * 60_000).toISOString(), account.email],
    );
    expect(changes).toBe(1);
  };

  // 29 minutes idle: still signed in, and that request is activity again.
  await idleFor(29);
  const before = Date.now();
  expect((await page.request.get("/api/staff/me")).status()).toBe(200);
  expect((await lastActivity())[0]).toBeGreaterThanOrEqual(before - 1000);

  // 31 minutes idle: the next navigation goes to sign-in, with this page as where to return.
  await idleFor(31);
  await page.goto(`/staff/leads/${id}`);
  await expect(page).toHaveURL(`/staff/sign-in?next=${encodeURIComponent(`/staff/leads/${id}`)}`);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();

  // The browser still sends its cookie; the server has deleted the session behind it.
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain("staff.session_token");
  expect((await page.request.get("/api/staff/me")).status()).toBe(401);
  expect((await page.request.get(`/api/staff/leads/${id}`)).status()).toBe(401);
  expect(await lastActivity()).toEqual([]);
});
