import { landed, submitDemo } from "../../test-support/visitor.ts";
import { createAccount, expect, signIn, test, unique } from "./fixtures.ts";
import { axeViolations } from "./look.ts";

/**
 * A lead's source from the visit to the export, on each database: a visitor lands from a newsletter with a
 * campaign, sends the demo form on another page of the public site (the same server serves both), and the admin
 * finds the lead by its campaign in the inbox, the export and the lead page. Desktop projects only: the staff
 * pages' phone layout is checked by staff.spec.ts.
 */

test.skip(({ isMobile }) => isMobile, "the flow is the same at 390 px");
test.use({ reducedMotion: "reduce" });

test("a lead from a campaign link shows its source, and the inbox filters, counts and exports by campaign", async ({
  page,
  request,
  server,
}) => {
  const campaign = `winter-${unique()}`;
  const name = `Sourced ${unique()}`;
  await page.goto(`/?utm_source=newsletter&utm_campaign=${campaign}`, {
    referer: "https://news.example.org/issue/7?reader=someone",
  });
  await landed(page);
  await page.goto("/chart-assist#demo");
  await submitDemo(page, name);

  const admin = await createAccount(request, server, {
    email: `admin-${unique()}@example.com`,
    name: "Sy Sources",
    role: "admin",
  });
  await signIn(page, admin);
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

  const filter = page.getByRole("search", { name: "Filter leads" });
  await expect(filter.getByLabel("Campaign").locator(`option[value="${campaign}"]`)).toHaveText(
    `${campaign} (1)`,
  );
  await filter.getByLabel("Campaign").selectOption(campaign);
  await filter.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`campaign=${campaign}`));
  await expect(page.getByText("1 lead match")).toBeVisible();
  await expect(page.locator("a[data-lead-link]")).toHaveText([name]);
  await expect(filter.getByLabel("Referring site").locator("option:checked")).toHaveText("Any referrer");
  await expect(filter.getByLabel("Referring site")).toContainText("news.example.org (1)");

  // The export of this view: the one lead, with its campaign and the referring site's origin only.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  expect(await exportLink.getAttribute("href")).toBe(`/api/staff/export.csv?campaign=${campaign}`);
  const csv = await (await page.request.get((await exportLink.getAttribute("href")) ?? "")).text();
  const [header = "", ...rows] = csv.trim().split(/\r?\n/);
  expect(rows).toHaveLength(1);
  const columns = header.split(",").map((cell) => cell.replaceAll('"', ""));
  const cells = (rows[0] ?? "").split(",").map((cell) => cell.replaceAll('"', ""));
  const cell = (label: string) => cells[columns.indexOf(label)];
  expect(cell("Campaign")).toBe(campaign);
  expect(cell("UTM source")).toBe("newsletter");
  expect(cell("Referring site")).toBe("https://news.example.org");
  expect(cell("Landing page")).toBe("/");
  expect(cell("Form page")).toBe("/chart-assist");
  expect(csv).not.toContain("reader=someone");

  // The lead page's Source panel, whose campaign leads back to the filtered inbox.
  await page.getByRole("link", { name }).click();
  const source = page.getByRole("region", { name: "Source" });
  await expect(source.getByRole("term")).toHaveText([
    "Form page",
    "Landing page",
    "Referring site",
    "UTM source",
    "Campaign",
  ]);
  await source.getByRole("link", { name: campaign }).click();
  await expect(page.locator("a[data-lead-link]")).toHaveText([name]);
  expect(await axeViolations(page)).toEqual([]);
});
