import { expect, type Locator, type Page, test } from "@playwright/test";
import { openPage, publicPaths, ROUTES, solutionPaths } from "./support/pages.ts";

/**
 * Keyboard walks and the visual side of WCAG 2.2 AA that axe cannot judge: the skip link, menus, the carousel,
 * the application form; focus always visible; touch targets; 320 px width and 200% zoom.
 */

test.use({ reducedMotion: "reduce" });

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab until `target` has focus: proves it is reachable in tab order, in at most `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let presses = 0; presses < max; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target, `reachable by Tab within ${max} presses`).toBeFocused();
}

test("the skip link is the first Tab stop, shows itself and moves focus to the main content", async ({
  page,
}) => {
  await openPage(page, ROUTES.about);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box?.width ?? 0, "visible when focused").toBeGreaterThan(40);
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main-content")).toBeFocused();
  // The next Tab continues inside the main content, not back at the top bar.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
});

test("home menu: Enter and Space open it, Tab walks its links, Escape closes it and focus returns to the trigger", async ({
  page,
}) => {
  await openPage(page, ROUTES.home);
  const trigger = page.getByRole("button", { name: /menu/i });
  await tabTo(page, trigger);

  await page.keyboard.press("Enter");
  const panel = page.getByRole("navigation", { name: "Site" }).locator("[popover]");
  await expect(panel).toBeVisible();
  // The open panel comes next in the tab order, right after its button.
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: "About Us" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link", { name: "Meet Our Team" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press("Space");
  await expect(panel).toBeVisible();
  for (const name of ["About Us", "Meet Our Team", /ChartAssist/, /CareStaff/, /CareWorks/, "Find a Job"]) {
    await expect(panel.getByRole("link", { name })).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();

  // Choosing a link by keyboard follows it.
  await page.keyboard.press("Enter");
  await panel.getByRole("link", { name: "Find a Job" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(ROUTES.careers);
});

test("the solution switcher's dropdown on phones: keyboard open, Escape back to the trigger, choose by Enter", async ({
  page,
  viewport,
}) => {
  test.skip((viewport?.width ?? 0) >= 768, "the dropdown is the phone layout");
  await openPage(page, ROUTES.careStaff);
  const trigger = page.getByRole("button", { name: "Our Solutions" });
  await tabTo(page, trigger);
  await page.keyboard.press("Enter");
  const panel = page.getByRole("navigation", { name: "Our solutions" }).locator("[popover]");
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await page.keyboard.press("Tab");
  await expect(panel.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(trigger).toBeFocused();

  await page.keyboard.press("Space");
  await expect(panel).toBeVisible();
  await panel.getByRole("link", { name: /CareWorks/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(ROUTES.careWorks);
});

test("the home testimonial carousel works by keyboard: buttons, arrow keys, disabled ends", async ({
  page,
}) => {
  await openPage(page, ROUTES.home);
  const carousel = page.locator('[aria-roledescription="carousel"]').first();
  await carousel.scrollIntoViewIfNeeded();
  const previous = carousel.getByRole("button", { name: /^previous/i });
  const next = carousel.getByRole("button", { name: /^next/i });
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(3);

  /** The slide whose left edge sits in the carousel's viewport. */
  const current = () =>
    carousel.evaluate((root) => {
      const viewport = root.querySelector('[data-slot="carousel-viewport"]') ?? root;
      const left = viewport.getBoundingClientRect().left;
      const shown = [...root.querySelectorAll('[aria-roledescription="slide"]')].find(
        (slide) => Math.abs(slide.getBoundingClientRect().left - left) < 24,
      );
      return shown?.getAttribute("aria-label") ?? null;
    });

  await expect(previous).toBeDisabled();
  await expect.poll(current).toBe("1 of 3");
  await tabTo(page, next);
  await page.keyboard.press("Enter");
  await expect.poll(current).toBe("2 of 3");
  await expect(previous).toBeEnabled();
  await page.keyboard.press("Space");
  await expect.poll(current).toBe("3 of 3");
  await expect(next).toBeDisabled();

  // Arrow keys scroll it from the focused slide area.
  await carousel.locator('[data-slot="carousel-viewport"], [tabindex="0"]').first().focus();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(current).toBe("2 of 3");
  await page.keyboard.press("ArrowRight");
  await expect.poll(current).toBe("3 of 3");
});

test("the application form is fillable and submittable by keyboard alone", async ({ page }) => {
  const posted: string[] = [];
  // Nothing is stored: the lead API is answered here.
  await page.route("**/api/leads/**", async (route) => {
    posted.push(route.request().postData() ?? "");
    await route.fulfill({ status: 201, contentType: "application/json", body: JSON.stringify({ ok: true }) });
  });
  await openPage(page, ROUTES.careers);
  const form = page.locator("#application-form");
  await expect(form).toBeVisible();

  const field = (label: RegExp) => form.getByLabel(label).first();
  await tabTo(page, field(/first name/i));
  await page.keyboard.type("Ada");
  await tabTo(page, field(/last name/i));
  await page.keyboard.type("Lovelace");
  await tabTo(page, field(/^email/i));
  await page.keyboard.type("ada@example.com");
  await tabTo(page, field(/phone/i));
  await page.keyboard.type("5550100142");
  await tabTo(page, field(/credential/i));
  await page.keyboard.press("ArrowDown");
  await expect(field(/credential/i)).not.toHaveValue("");
  await tabTo(page, field(/experience/i));
  await page.keyboard.press("ArrowDown");
  await expect(field(/experience/i)).not.toHaveValue("");
  await tabTo(page, field(/message/i));
  await page.keyboard.type("Night shifts preferred.");
  const consent = form.getByRole("checkbox", { name: /consent/i });
  await tabTo(page, consent);
  await page.keyboard.press("Space");
  await expect(consent).toBeChecked();

  const submit = form.getByRole("button", { name: /submit|apply/i });
  await tabTo(page, submit);
  await page.keyboard.press("Enter");
  // The notice (toast) and the form's own status line both say so.
  await expect(page.getByText("Application Submitted").filter({ visible: true }).first()).toBeVisible();
  expect(posted).toHaveLength(1);
  expect(posted[0]).toContain("Lovelace");
  await expect(field(/first name/i)).toHaveValue("");
});

test.describe("focus is always visible", () => {
  for (const path of [ROUTES.home, ROUTES.about, ROUTES.careStaff, ROUTES.careers]) {
    test(`${path}: every Tab stop shows a focus indicator`, async ({ page }) => {
      await openPage(page, path);
      const invisible: string[] = [];
      const seen = new Set<string>();
      for (let stop = 0; stop < 40; stop++) {
        await page.keyboard.press("Tab");
        const report = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          const key = `${element.tagName}:${element.textContent?.trim().slice(0, 40)}:${element.getAttribute("href") ?? ""}`;
          const focused = getComputedStyle(element);
          const snapshot = {
            outline: focused.outlineStyle !== "none" && Number.parseFloat(focused.outlineWidth) >= 1,
            boxShadow: focused.boxShadow,
            background: focused.backgroundColor,
            border: focused.borderColor,
          };
          // Compare with the same element unfocused: an indicator is an outline or a visible change.
          element.blur();
          const resting = getComputedStyle(element);
          const changed =
            snapshot.boxShadow !== resting.boxShadow ||
            snapshot.background !== resting.backgroundColor ||
            snapshot.border !== resting.borderColor;
          element.focus({ focusVisible: true } as FocusOptions);
          return { key, visible: snapshot.outline || changed };
        });
        if (!report) continue;
        if (seen.has(report.key)) break;
        seen.add(report.key);
        if (!report.visible) invisible.push(report.key);
      }
      expect(seen.size).toBeGreaterThan(2);
      expect(invisible, "focused without a visible indicator").toEqual([]);
    });
  }
});

test.describe("touch targets are at least 24x24 px", () => {
  for (const path of publicPaths) {
    test(path, async ({ page }) => {
      await openPage(page, path);
      const small = await page.evaluate(() => {
        const targets = document.querySelectorAll<HTMLElement>(
          'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])',
        );
        const out: string[] = [];
        for (const element of targets) {
          const style = getComputedStyle(element);
          if (style.visibility === "hidden" || style.display === "none") continue;
          let rect = element.getBoundingClientRect();
          if (rect.width <= 1 || rect.height <= 1) continue; // visually hidden until focused (the skip link)
          // A link inside a sentence is exempt (WCAG 2.5.8, inline).
          if (
            element.tagName === "A" &&
            style.display === "inline" &&
            element.parentElement?.closest("p, li, dd")
          ) {
            const text = element.parentElement?.textContent?.trim() ?? "";
            if (text.length > (element.textContent?.trim().length ?? 0) + 10) continue;
          }
          // A checkbox or radio is hit through its label as well.
          if (element instanceof HTMLInputElement && ["checkbox", "radio"].includes(element.type)) {
            const label = element.labels?.[0];
            if (label) {
              const labelRect = label.getBoundingClientRect();
              if (labelRect.width >= 24 && labelRect.height >= 24) continue;
            }
            rect = element.getBoundingClientRect();
          }
          if (rect.width < 24 || rect.height < 24) {
            out.push(
              `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 30)}" ${Math.round(rect.width)}x${Math.round(rect.height)}`,
            );
          }
        }
        return out;
      });
      expect(small).toEqual([]);
    });
  }
});

test.describe("reflow", () => {
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) < 1024,
    "sets its own viewport: runs once, in the desktop project",
  );

  for (const path of publicPaths) {
    test(`${path}: nothing scrolls sideways at 320 px, and at 640 px (1280 px at 200% zoom)`, async ({
      page,
    }) => {
      for (const width of [320, 640]) {
        await page.setViewportSize({ width, height: 720 });
        await openPage(page, path);
        const overflow = await page.evaluate(() => {
          const limit = document.documentElement.clientWidth;
          // The elements where the overflow starts: past the edge while their parent is not.
          const past = (element: Element | null) =>
            element !== null &&
            element.getBoundingClientRect().right > limit + 1 &&
            getComputedStyle(element).position !== "fixed";
          const wide = [...document.querySelectorAll<HTMLElement>("body *")]
            .filter(
              (element) =>
                element.getBoundingClientRect().width > 0 && past(element) && !past(element.parentElement),
            )
            .filter((element) => !element.closest('[data-slot="carousel-viewport"]'))
            .map(
              (element) =>
                `<${element.tagName.toLowerCase()} class="${element.className.toString().slice(0, 60)}"> "${element.textContent?.trim().slice(0, 30)}" right=${Math.round(element.getBoundingClientRect().right)}`,
            );
          return { scrollWidth: document.documentElement.scrollWidth, limit, wide: wide.slice(0, 5) };
        });
        expect(
          overflow.scrollWidth,
          `page width at ${width} px; widest: ${overflow.wide.join(", ")}`,
        ).toBeLessThanOrEqual(overflow.limit);
        // The page's heading and its main navigation are still there, not cut or hidden.
        await expect(page.getByRole("heading", { level: 1 })).toBeInViewport({ ratio: 0.5 });
      }
    });
  }
});

test("solution pages show the switcher at every width (pills wide, dropdown narrow)", async ({
  page,
  viewport,
}) => {
  for (const path of solutionPaths) {
    await openPage(page, path);
    const nav = page.getByRole("navigation", { name: "Our solutions" });
    await expect(nav).toBeVisible();
    if ((viewport?.width ?? 0) >= 768) await expect(nav.getByRole("link")).toHaveCount(2);
    else await expect(nav.getByRole("button", { name: "Our Solutions" })).toBeVisible();
  }
});
