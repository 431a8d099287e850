import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { publicPaths, ROUTES } from "../../config/route-paths.ts";
import { FORM_ANCHORS, ISLANDS_LIVE_AFTER_LOAD_MS, readIslandsTiming } from "../../test-support/browsers.ts";
import { nurseLink, TEST_DOCUMENTS_KEY } from "../../test-support/nurse-link.ts";
import {
  PUBLISHED_OPENINGS,
  type SeededAddresses,
  seedPublicOpenings,
} from "../../test-support/public-openings.ts";
import { type ServerProcess, startServer } from "../../test-support/server-process.ts";

/**
 * The smoke suite every second engine runs against the built site (Firefox ESR over WebDriver BiDi, WebKitGTK over
 * WebDriver classic): every route loads and its islands start soon after `load`, the form anchors, the menu, a
 * carousel's next button, the ChartAssist demo form's two notices, the application's consent rule, the openings'
 * list and an opening's page, and no horizontal overflow at 390 px. Each engine's file gives it a way to open pages (a {@link SmokePage}).
 */

/** An address no page has: the server answers with the pre-rendered 404 page. */
const NOT_FOUND_ANSWER = "/no-such-page";
export const NOT_FOUND_LOG = "404 Error: User attempted to access non-existent route:";
const TEST_TIMEOUT_MS = 60_000;

/** The served store's DATA_DIR, once startSiteServer has started it (the nurse's link is made in it). */
let servedDataDir: string | undefined;

/** The seeded openings' addresses, by title, once startSiteServer has published them. */
let openingAddresses: SeededAddresses | undefined;

/**
 * The built site served as the Playwright suite serves it, with a lead store of its own (`engine`'s name) where
 * the openings are published before it starts (test-support/public-openings.ts).
 */
export async function startSiteServer(engine: string): Promise<ServerProcess> {
  servedDataDir = mkdtempSync(path.join(tmpdir(), `${engine}-leads-`));
  openingAddresses = await seedPublicOpenings(servedDataDir);
  return startServer(
    {
      BUILD_DIR: path.join(process.env.BUILD_OUT || "build", "client"),
      DATA_DIR: servedDataDir,
      DATABASE_URL: "",
      RATE_LIMIT_PER_MINUTE: "0",
      DOCUMENTS_KEY: TEST_DOCUMENTS_KEY,
      // The suites never call the outside form service.
      RELAY_ENABLED: "false",
    },
    // As long as Playwright gives its web server: the suites share a small, busy machine.
    60_000,
  );
}

/** A page open at 390 px in the engine under test: what the scenarios need of its driver. */
export interface SmokePage {
  /** Runs `fn` in the page with JSON arguments and returns its JSON result. */
  evaluate<Args extends unknown[], Result>(fn: (...args: Args) => Result, ...args: Args): Promise<Result>;
  /** Clicks, as a person would, the button or link in `scope` whose text or aria-label is `name`. */
  click(scope: string, name: string): Promise<void>;
  /** Types, as a person would, into the field in `scope` whose label reads `label`. */
  type(scope: string, label: string, value: string): Promise<void>;
  /** Script errors the page reported, where the engine's driver can see them (WebDriver classic cannot). */
  errors?(): string[];
  close(): Promise<void>;
}

export interface SmokeEngine {
  name: string;
  /** The page's viewport width in CSS px: 390, or the narrowest window the engine's browser opens. */
  viewportWidth: number;
  open(path: string): Promise<SmokePage>;
}

/** Below Tailwind's first breakpoint (sm, 640 px) every width lays the pages out alike: a phone's. */
const PHONE_LAYOUT_BELOW = 640;

/** Polls `check` in the page until it returns true. */
async function waitFor<Args extends unknown[]>(
  page: SmokePage,
  check: (...args: Args) => boolean,
  args: Args,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(check, ...args))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** As waitFor, while the page may be navigating: a check that fails with the page going away is tried again. */
async function waitForAcrossNavigation<Args extends unknown[]>(
  page: SmokePage,
  check: (...args: Args) => boolean,
  args: Args,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(check, ...args).catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const islandsSettled = () => document.documentElement.dataset.islands !== undefined;

/** Waits for the page's islands and returns how long after the load event they were live. */
async function liveAfterLoad(page: SmokePage): Promise<number> {
  await waitFor(page, islandsSettled, [], "the islands to start");
  const { load, live } = await page.evaluate(readIslandsTiming);
  return (live ?? Number.NaN) - load;
}

async function expectIslandsLive(page: SmokePage, label: string) {
  const after = await liveAfterLoad(page);
  assert.ok(after < ISLANDS_LIVE_AFTER_LOAD_MS, `${label}: islands live ${Math.round(after)} ms after load`);
  const failed = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-island-state="failed"]')].map((e) => e.dataset.island),
  );
  assert.deepEqual(failed, [], `${label}: islands that failed`);
}

const hasText = (wanted: string) => document.body.textContent?.includes(wanted) ?? false;

/** Focus scrolls without easing (app/styles.css scrolls smoothly while focus is in the page), so clicks land. */
const scrollInstantly = () => {
  document.documentElement.style.scrollBehavior = "auto";
};

async function withPage(engine: SmokeEngine, path: string, run: (page: SmokePage) => Promise<void>) {
  const page = await engine.open(path);
  try {
    await run(page);
  } finally {
    await page.close();
  }
}

export function smokeSuite(engine: SmokeEngine) {
  describe(engine.name, { timeout: 15 * 60_000 }, () => {
    for (const path of [...publicPaths, NOT_FOUND_ANSWER]) {
      test(
        `${path} loads, its islands start, nothing overflows ${engine.viewportWidth} px`,
        { timeout: TEST_TIMEOUT_MS },
        () =>
          withPage(engine, path, async (page) => {
            await expectIslandsLive(page, path);
            // The window's width (innerWidth) is the phone's; a page that overflows it is wider than its own viewport
            // (clientWidth, the window less a classic scrollbar where the engine draws one).
            const widths = await page.evaluate(() => ({
              window: innerWidth,
              page: document.documentElement.scrollWidth,
              viewport: document.documentElement.clientWidth,
            }));
            assert.equal(widths.window, engine.viewportWidth, "the window is the engine's phone width");
            assert.ok(widths.window < PHONE_LAYOUT_BELOW, "a phone's layout");
            assert.ok(
              widths.page <= widths.viewport,
              `${path} is ${widths.page} px wide in ${widths.viewport}`,
            );
            // The 404 page reports the missing path on the console by design (the spec's wording).
            assert.deepEqual(page.errors?.().filter((error) => !error.startsWith(NOT_FOUND_LOG)) ?? [], []);
          }),
      );
    }

    for (const path of FORM_ANCHORS) {
      test(
        `${path}: opened at the form's anchor, the islands and the form start`,
        { timeout: TEST_TIMEOUT_MS },
        () =>
          withPage(engine, path, async (page) => {
            await expectIslandsLive(page, path);
            await waitFor(
              page,
              () => document.querySelector("form[novalidate]") !== null,
              [],
              "the form's island",
            );
            assert.deepEqual(page.errors?.() ?? [], []);
          }),
      );
    }

    test("the home menu opens, and says so", { timeout: TEST_TIMEOUT_MS }, () =>
      withPage(engine, ROUTES.home, async (page) => {
        await liveAfterLoad(page);
        await page.click("nav", "Open site menu");
        await waitFor(
          page,
          () => document.querySelector("nav [popover]")?.matches(":popover-open") === true,
          [],
          "the menu to open",
        );
        const expanded = await page.evaluate(() =>
          document.querySelector("nav button[popovertarget]")?.getAttribute("aria-expanded"),
        );
        assert.equal(expanded, "true");
      }),
    );

    test("a carousel's next button shows the next slide", { timeout: TEST_TIMEOUT_MS }, () =>
      withPage(engine, ROUTES.chartAssist, async (page) => {
        await liveAfterLoad(page);
        const carousel = '[aria-roledescription="carousel"]';
        await page.evaluate((selector: string) => {
          document.querySelector(selector)?.scrollIntoView({ block: "center" });
        }, carousel);
        await waitFor(
          page,
          (selector: string) => document.querySelector(selector)?.hasAttribute("data-ready") === true,
          [carousel],
          "Embla",
        );
        await page.click(carousel, "Next testimonial");
        await waitFor(
          page,
          (selector: string) =>
            [...document.querySelectorAll(`${selector} button[aria-current="true"]`)].some(
              (dot) => dot.textContent?.trim() === "Go to testimonial 2",
            ),
          [carousel],
          "the second slide",
        );
      }),
    );

    test(
      "the ChartAssist demo form: Missing Information, then Demo Request Submitted",
      { timeout: TEST_TIMEOUT_MS },
      () =>
        withPage(engine, `${ROUTES.chartAssist}#demo`, async (page) => {
          await waitFor(
            page,
            () => document.querySelector("#demo form[novalidate]") !== null,
            [],
            "the form's island",
          );
          await page.evaluate(scrollInstantly);
          await page.click("#demo form", "Schedule Demo");
          await waitFor(page, hasText, ["Missing Information"], "the Missing Information notice");
          await page.type("#demo form", "Name*", "Dana Whitfield");
          await page.type("#demo form", "Work Email*", "dana@sunrise-snf.example");
          await page.click("#demo form", "Schedule Demo");
          await waitFor(page, hasText, ["Demo Request Submitted"], "the Demo Request Submitted notice");
          assert.equal(await page.evaluate(() => location.pathname), ROUTES.chartAssist, "no native post");
          assert.deepEqual(page.errors?.() ?? [], []);
        }),
    );

    test("the openings: the careers page lists them, and an opening's page offers its form", {
      timeout: TEST_TIMEOUT_MS,
    }, async () => {
      const [newest] = PUBLISHED_OPENINGS;
      const address = newest && openingAddresses?.[newest.title];
      if (!newest || !address) throw new Error("startSiteServer has not published the openings");
      await withPage(engine, ROUTES.careers, async (page) => {
        await expectIslandsLive(page, ROUTES.careers);
        const cards = await page.evaluate(() =>
          [...document.querySelectorAll("#open-positions li h3 a")].map((link) => ({
            title: link.textContent,
            href: link.getAttribute("href"),
          })),
        );
        assert.equal(cards.length, 20, "a page of cards");
        assert.deepEqual(cards[0], { title: newest.title, href: `${ROUTES.careers}/jobs/${address}` });
      });
      // Opened at its form ("Apply for this position"), whose island starts as the form nears the screen.
      await withPage(engine, `${ROUTES.careers}/jobs/${address}#application-form`, async (page) => {
        await expectIslandsLive(page, address);
        await waitFor(
          page,
          () => document.querySelector("#application-form form[novalidate]") !== null,
          [],
          "the opening's application form",
        );
        const shown = await page.evaluate(() => ({
          title: document.querySelector("h1")?.textContent,
          opening: document.querySelector<HTMLInputElement>('#application-form input[name="opening"]')?.value,
          wide: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        }));
        assert.deepEqual(shown, { title: newest.title, opening: address.split("-").at(-1), wide: false });
        assert.deepEqual(page.errors?.() ?? [], []);
      });
    });

    test("the nurse application without consent: Consent Required", { timeout: TEST_TIMEOUT_MS }, () =>
      withPage(engine, `${ROUTES.careers}#application-form`, async (page) => {
        const form = "#application-form form";
        await waitFor(
          page,
          (selector: string) => document.querySelector(`${selector}[novalidate]`) !== null,
          [form],
          "the form's island",
        );
        await page.evaluate(scrollInstantly);
        await page.type(form, "First Name*", "Maria");
        await page.type(form, "Last Name*", "Lopez");
        await page.type(form, "Email*", "maria.lopez@example.com");
        await page.click(form, "Submit Application");
        await waitFor(page, hasText, ["Consent Required"], "the Consent Required notice");
      }),
    );

    test("the nurse's documents page takes one item by a plain form post", {
      timeout: TEST_TIMEOUT_MS,
    }, async () => {
      if (!servedDataDir) throw new Error("startSiteServer has not started the server");
      const { token } = await nurseLink(servedDataDir);
      await withPage(engine, `/documents/${token}`, async (page) => {
        const form = "#item-reference-1 form";
        await waitFor(page, hasText, ["0 of 10 done"], "the checklist");
        await page.type(form, "Name", "Ada Byron");
        await page.type(form, "Relationship", "Charge nurse");
        await page.type(form, "Phone or e-mail", "ada@example.org");
        await page.click(form, "Upload");
        // The post answers 303 back to the page: read it once the navigation has settled.
        await waitForAcrossNavigation(page, hasText, ["1 of 10 done"], "the item shown as submitted");
      });
    });
  });
}

/** In the page: the control in `scope` whose text (or aria-label) is `name`. */
export function findControl(scope: string, name: string): HTMLElement | null {
  return (
    [...document.querySelectorAll<HTMLElement>(`${scope} :is(a, button)`)].find(
      (element) => (element.getAttribute("aria-label") ?? element.textContent ?? "").trim() === name,
    ) ?? null
  );
}

/** In the page: the field in `scope` whose label reads `label`. */
export function findField(scope: string, label: string): HTMLElement | null {
  return (
    [...document.querySelectorAll<HTMLLabelElement>(`${scope} label`)].find(
      (candidate) => candidate.textContent?.trim() === label,
    )?.control ?? null
  );
}
