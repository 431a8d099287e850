import { expect, type Page } from "@playwright/test";

// What a visitor does in the browser, shared by the specs that start from a visit (tests/e2e/source.spec.ts,
// tests/e2e-staff/sources.spec.ts).

/** Waits until the island entry has noted where the visit started (it runs as the page is parsed). */
export const landed = (page: Page) =>
  page.waitForFunction(() => sessionStorage.getItem("lead-source") !== null);

/** Fills and sends the ChartAssist demo form on the current page and waits for the lead to be accepted. */
export async function submitDemo(page: Page, name: string, { script = true } = {}) {
  const form = page.locator('form[data-form="chartassist-demo"]');
  if (script) await expect(form).toHaveAttribute("novalidate", "");
  await form.getByLabel("Name*", { exact: true }).fill(name);
  await form.getByLabel("Work Email*", { exact: true }).fill("source@example.com");
  const submit = form.getByRole("button", { name: "Schedule Demo" });
  if (!script) {
    // The native post answers 303 to the form's page with ?lead=ok.
    await Promise.all([page.waitForURL(/[?&]lead=ok/), submit.click()]);
    return;
  }
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().includes("/api/leads/chartassist-demo")),
    submit.click(),
  ]);
  expect(answer.status()).toBe(201);
}
