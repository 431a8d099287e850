import { expect, type Page, test } from "@playwright/test";
import { press, ROUTES, waitForIslands } from "./support/pages.ts";

/** The animated figure (what the eye sees) for a stat label. */
const figure = (page: Page, label: string) =>
  page
    .locator("main dl > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('[data-slot="stat-value"]');

const counters: { path: string; figures: [label: string, final: string, start: string][] }[] = [
  { path: ROUTES.home, figures: [["Clinical Hours Covered", "4000+", "0+"]] },
  {
    path: ROUTES.chartAssist,
    figures: [
      ["Charts Reviewed", "4812", "0"],
      ["Care Plans Completed", "572", "0"],
      ["Audit-Ready", "98.7%", "0.0%"],
      ["Issues Flagged", "217", "0"],
    ],
  },
  {
    path: ROUTES.careWorks,
    figures: [
      ["Claims Processed", "1270", "0"],
      ["Accuracy", "98%", "0%"],
      ["Denials Resolved", "385", "0"],
      ["Revenue Recovered", "$4.2M", "$0.0M"],
    ],
  },
  {
    path: ROUTES.careStaff,
    figures: [
      ["Placements", "150+", "0+"],
      ["Client Satisfaction", "97%", "0%"],
      ["Hour Response Time", "24", "0"],
    ],
  },
];

test.describe("counters", () => {
  for (const { path, figures } of counters) {
    test(`${path}: count from 0 when scrolled into view and stop on the target`, async ({ page }) => {
      await page.goto(path);
      await waitForIslands(page);
      const [firstLabel, , firstStart] = figures[0] ?? ["", "", ""];
      // Below the fold, each counter waits at 0 until it is seen.
      await expect(figure(page, firstLabel)).toHaveText(firstStart);
      await figure(page, firstLabel).scrollIntoViewIfNeeded();
      for (const [label, final] of figures) {
        await figure(page, label).scrollIntoViewIfNeeded();
        await expect(figure(page, label)).toHaveText(final, { timeout: 4000 });
      }
    });
  }

  test("home: the static figures never count", async ({ page }) => {
    await page.goto(ROUTES.home);
    await waitForIslands(page);
    await expect(figure(page, "Clinical Hours Covered")).toHaveText("0+");
    await expect(figure(page, "Audit-Ready Compliance")).toHaveText("98%");
    await expect(figure(page, "in Monthly Claims Handled")).toHaveText("$1.2M");
  });

  test("reduced motion: every counter shows its final value at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const { path, figures } of counters) {
      await page.goto(path);
      await waitForIslands(page);
      for (const [label, final] of figures)
        await expect(figure(page, label)).toHaveText(final, { timeout: 500 });
    }
  });
});

test.describe("pre-rendered HTML (no JavaScript)", () => {
  test("holds the final figures and the headings", async ({ request }) => {
    test.skip(test.info().project.name !== "desktop", "the same HTML at every width");
    for (const { path, figures } of counters) {
      const html = await (await request.get(path)).text();
      for (const [, final] of figures) {
        const escaped = final.replace(/[$+.]/g, "\\$&");
        expect(html, `${path} ${final}`).toMatch(new RegExp(`data-slot="stat-value"[^>]*>${escaped}<`));
      }
      expect(html).not.toContain('data-reveal="waiting"');
    }
    const careers = await (await request.get(ROUTES.careers)).text();
    expect(careers).toContain("Join Our Nursing Team");
    expect(careers).toMatch(/data-testid="typing-word">Work\./);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sections are visible and not waiting to be revealed", async ({ page }) => {
    await page.goto(ROUTES.chartAssist);
    const pricing = page.locator("#pricing");
    await pricing.scrollIntoViewIfNeeded();
    await expect(pricing.getByRole("heading", { level: 2 })).toBeVisible();
    expect(await pricing.locator("> div").evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });
});

test.describe("reveal on scroll", () => {
  test("a section below the fold waits, then fades in when seen; the first screen never waits", async ({
    page,
  }) => {
    await page.goto(ROUTES.careWorks);
    await waitForIslands(page);
    const services = page.locator("#services > div");
    await expect(services).toHaveAttribute("data-reveal", "waiting");
    await expect(page.locator('main [data-reveal="waiting"]').first()).not.toBeInViewport();
    await services.scrollIntoViewIfNeeded();
    await expect(services).toHaveAttribute("data-reveal", "shown");
    await expect.poll(() => services.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  });

  test("reduced motion: nothing is hidden", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(ROUTES.careWorks);
    await waitForIslands(page);
    await expect(page.locator("[data-reveal]")).toHaveCount(0);
  });
});

test.describe("carousels", () => {
  test("home: Previous disabled at the start, Next at the end; arrow keys move it", async ({ page }) => {
    await page.goto(ROUTES.home);
    await waitForIslands(page);
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    // Embla starts as the carousel comes near the viewport (decision 008).
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute("data-ready", "");
    const previous = carousel.getByRole("button", { name: "Previous testimonial" });
    const next = carousel.getByRole("button", { name: "Next testimonial" });
    await expect(carousel.getByRole("group", { name: "1 of 3" })).toBeAttached();

    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await press(next);
    await expect(previous).toBeEnabled();
    await press(next);
    await expect(next).toBeDisabled();

    const viewport = carousel.locator('[data-slot="carousel-viewport"]');
    await viewport.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(next).toBeEnabled();
    await page.keyboard.press("ArrowLeft");
    await expect(previous).toBeDisabled();
    await page.keyboard.press("ArrowRight");
    await expect(previous).toBeEnabled();
  });

  test("a carousel far down the page starts only when it comes near the viewport", async ({ page }) => {
    await page.goto(ROUTES.chartAssist);
    await waitForIslands(page);
    await page.waitForLoadState("networkidle");
    const carousel = page.getByRole("region", { name: "ChartAssist client testimonials" });
    await expect(carousel).not.toHaveAttribute("data-ready");
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute("data-ready", "");
  });

  for (const [path, name] of [
    [ROUTES.chartAssist, "ChartAssist client testimonials"],
    [ROUTES.careWorks, "CareWorks client testimonials"],
  ] as const) {
    test(`${path}: the carousel wraps both ways, with dots`, async ({ page }) => {
      await page.goto(path);
      await waitForIslands(page);
      const carousel = page.getByRole("region", { name });
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel).toHaveAttribute("data-ready", "");
      const dot = (n: number) => carousel.getByRole("button", { name: `Go to testimonial ${n}` });
      await expect(dot(1)).toHaveAttribute("aria-current", "true");

      await press(carousel.getByRole("button", { name: "Previous testimonial" }));
      await expect(dot(3)).toHaveAttribute("aria-current", "true");
      await press(carousel.getByRole("button", { name: "Next testimonial" }));
      await expect(dot(1)).toHaveAttribute("aria-current", "true");
      await press(dot(2));
      await expect(dot(2)).toHaveAttribute("aria-current", "true");
      // The chosen slide settles inside the carousel's viewport.
      const viewportX = async () =>
        (await carousel.locator('[data-slot="carousel-viewport"]').boundingBox())?.x ?? -1;
      const slideX = async () =>
        (await carousel.getByRole("group", { name: "2 of 3" }).boundingBox())?.x ?? -999;
      await expect.poll(async () => Math.abs((await slideX()) - (await viewportX())) < 20).toBe(true);
    });
  }
});

test.describe("careers", () => {
  test("the typing line shows Work., Life. and Choice. within 9 s", async ({ page }) => {
    test.skip(test.info().project.name !== "desktop", "timing-only; the same at every width");
    test.setTimeout(20_000);
    await page.goto(ROUTES.careers);
    await waitForIslands(page);
    const word = page.getByTestId("typing-word");
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add((await word.textContent()) ?? "");
          return ["Work.", "Life.", "Choice."].every((w) => seen.has(w));
        },
        { timeout: 9000, intervals: [50] },
      )
      .toBe(true);
  });

  test("reduced motion: the typing line stays on one word", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(ROUTES.careers);
    await waitForIslands(page);
    // Every text the line shows for 3.5 s: long enough to type a word and start the next (3 s) if it moved.
    const shown = await page.getByTestId("typing-word").evaluate(
      (word) =>
        new Promise<string[]>((resolve) => {
          const seen = new Set([word.textContent ?? ""]);
          const watch = new MutationObserver(() => seen.add(word.textContent ?? ""));
          watch.observe(word, { childList: true, characterData: true, subtree: true });
          setTimeout(() => {
            watch.disconnect();
            resolve([...seen]);
          }, 3500);
        }),
    );
    expect(shown).toEqual(["Work."]);
  });

  test("Apply Now brings the application form into view", async ({ page }) => {
    await page.goto(ROUTES.careers);
    await waitForIslands(page);
    const form = page.locator("#application-form");
    await expect(form).not.toBeInViewport();
    await press(page.locator("main").getByRole("link", { name: "Apply Now" }));
    await expect(form).toBeInViewport();
    await expect(page).toHaveURL(/#application-form$/);
  });
});
