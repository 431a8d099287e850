import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { nurseLink } from "../../test-support/nurse-link.ts";
import { press } from "./support/pages.ts";

// The nurse's private checklist page, served by the real server over its store: one upload with JavaScript on
// and one with it off (the page needs none: plain multipart forms answered by a 303 back to the page).

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return dir;
};

/** A phone camera's JPEG, as far as the server's type check reads it. */
const photo = () => ({
  name: "IMG_0042.jpg",
  mimeType: "image/jpeg",
  buffer: Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
    Buffer.from("JFIF\0"),
    randomBytes(20_000),
  ]),
});

async function uploadBls(page: Page) {
  const bls = page.locator("#item-bls");
  await bls.getByLabel("Expiry date").fill("2027-03-31");
  await bls.getByLabel("BLS or CPR card").setInputFiles(photo());
  await press(bls.getByRole("button", { name: "Upload" }));
  await expect(page.locator("#item-bls")).toContainText("Submitted");
  await expect(page.getByText("1 of 10 done")).toBeVisible();
  await expect(page.locator("#item-bls").getByRole("button", { name: "Upload" })).toHaveCount(0);
}

test("the nurse's page: her checklist, and an upload from the phone that shows as Submitted", async ({
  page,
}, info) => {
  const { token } = await nurseLink(dataDir());
  const answer = await page.goto(`/documents/${token}`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByRole("heading", { level: 1, name: "Your credential documents" })).toBeVisible();
  await expect(page.getByText("0 of 10 done")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toHaveCount(10);
  await expect(page.getByLabel("BLS or CPR card")).toHaveAttribute(
    "accept",
    /image\/\*.*application\/pdf.*heic/,
  );
  // Nothing wider than the screen, on a phone too.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  if (process.env.SHOTS_DIR)
    await page.screenshot({
      path: `${process.env.SHOTS_DIR}/nurse-page-${info.project.name}.png`,
      fullPage: true,
    });

  await uploadBls(page);

  // A field that does not do: the page says why under it, and keeps what she typed.
  const license = page.locator("#item-license");
  await license.getByLabel("License number").fill("RN 123456");
  await license.getByLabel("Issuing state").fill("ZZ");
  await license.getByLabel("Expiry date").fill("2027-05-01");
  await license.getByLabel("Multistate (compact) license").selectOption("yes");
  await license.getByLabel("RN license").setInputFiles(photo());
  await press(license.getByRole("button", { name: "Upload" }));
  await expect(
    page.locator("#item-license").getByText("Enter the state's two letters, for example NY."),
  ).toBeVisible();
  await expect(page.locator("#item-license").getByLabel("License number")).toHaveValue("RN 123456");
  await expect(page.locator("#item-license").getByLabel("Issuing state")).toHaveAttribute(
    "aria-invalid",
    "true",
  );

  await page.goto(`/documents/${randomBytes(32).toString("base64url")}`);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/gone-${info.project.name}.png`, fullPage: true });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the nurse uploads an item and a reference with plain form posts", async ({ page }) => {
    const { token } = await nurseLink(dataDir());
    await page.goto(`/documents/${token}`);
    await uploadBls(page);
    const reference = page.locator("#item-reference-1");
    await reference.getByLabel("Name").fill("Ada Byron");
    await reference.getByLabel("Relationship").fill("Charge nurse");
    await reference.getByLabel("Phone or e-mail").fill("ada@example.org");
    await press(reference.getByRole("button", { name: "Upload" }));
    await expect(page.locator("#item-reference-1")).toContainText("Submitted");
    await expect(page.getByText("2 of 10 done")).toBeVisible();
  });
});
