import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSiteConfig } from "../../config/site.ts";
import { type Schema, validate } from "../../test-support/json-schema.ts";
import { openingValues } from "../../test-support/openings.ts";
import { createTestDatabase, DIALECTS, type TestDatabase } from "../../test-support/test-database.ts";
import { loadConfig } from "../config.ts";
import { createApp } from "../http/app.ts";
import { loadStaticSite } from "../http/static-site.ts";
import { createLogger } from "../runtime/logger.ts";
import type { OpeningValues } from "../store/queries/openings.ts";
import type { Store } from "../store/store.ts";
import { openingsPages } from "./public-pages.ts";
import { createShownOpenings, SHOWN_OPENINGS_MAX_AGE_MS } from "./shown-openings.ts";

const SCHEMA = JSON.parse(
  readFileSync(new URL("../../docs/job-posting.schema.json", import.meta.url), "utf8"),
) as Schema;
const DAY = 86_400_000;
/** The company facts the render module was built with (the tests' placeholders). */
const site = readSiteConfig({});
const ENTITIES: Record<string, string> = { quot: '"', lt: "<", gt: ">", "#x27": "'", amp: "&" };
const HOSTILE = "</script><script>alert(1)</script>";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** In the checkout, so the render module finds React and the rest in node_modules as the real build does. */
const BUILD = path.join(ROOT, `build-test-openings-${process.pid}`);

/**
 * The render module as `npm run build` makes it (vite.render.config.ts), beside shells as the build pre-renders
 * them, reduced to their slots. Returns the client folder.
 */
async function buildSite() {
  await build({
    configFile: path.join(ROOT, "vite.render.config.ts"),
    logLevel: "warn",
    build: { outDir: path.join(BUILD, "render") },
  });
  const dir = path.join(BUILD, "client");
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  };
  const page = (head: string, body: string) =>
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${head}</head><body><main>${body}</main></body></html>`;
  write(
    "carestaff/careers/index.html",
    page(
      "<title>Careers</title>",
      '<div data-shell-slot="openings"></div><form id="application-form"></form>',
    ),
  );
  write(
    "carestaff/careers/jobs/_shell/index.html",
    page('<meta data-shell-slot="head"/>', '<div data-shell-slot="main" class="accent-staff"></div>'),
  );
  write("404/index.html", page("<title>Page not found</title>", "<h1>Oops! Page not found</h1>"));
  return dir;
}

const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? ""),
  );

/**
 * The public openings pages over the real store: the careers list and its search, each opening's page with its
 * JSON-LD, the 301 and 410 answers, and a change seen at once by a second server on the same database.
 */
let clientDir: string;
beforeAll(async () => {
  clientDir = await buildSite();
});
afterAll(() => rmSync(BUILD, { recursive: true, force: true }));

describe.each(DIALECTS)("the public openings pages on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let other: Store;
  let app: ReturnType<typeof createApp>;
  let otherApp: ReturnType<typeof createApp>;
  /** How far the other server's clock is moved on, to pass its copy's age without waiting. */
  let otherAhead = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect, "public-openings");
    [store, other] = [await database.openStore(), await database.openStore()];
    const dir = clientDir;
    const site = await loadStaticSite(dir);
    const config = loadConfig({ BUILD_DIR: dir, SITE_URL: "https://care.example.com" });
    const appOn = async (on: Store, now?: () => number) =>
      createApp({
        config,
        logger: createLogger("silent"),
        site,
        renderedPages: await openingsPages({
          site,
          buildDir: dir,
          shown: createShownOpenings({ openings: on.openings, ...(now && { now }) }),
        }),
      });
    [app, otherApp] = [await appOn(store), await appOn(other, () => Date.now() + otherAhead)];
  });
  afterAll(async () => {
    await Promise.all([store?.close(), other?.close()]);
    await database?.drop();
  });

  let clock = Date.now() - 1000 * 60_000;
  /** A published opening (each a minute after the one before, so the newest first is clear). */
  const publish = async (change: Partial<OpeningValues> = {}) => {
    clock += 60_000;
    const draft = await store.openings.create(openingValues(change), clock);
    const moved = await store.openings.move(
      draft.id,
      { from: ["draft"], to: "published", defaultValidThrough: clock + 60 * DAY },
      clock,
    );
    if (!moved?.moved) throw new Error("not published");
    return moved.opening;
  };
  const page = async (url: string, on = app) => {
    const response = await on.request(url);
    return {
      status: response.status,
      location: response.headers.get("location"),
      html: await response.text(),
    };
  };
  const titlesIn = (html: string) =>
    [...html.matchAll(/<h3[^>]*><a href="[^"]+"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
  const address = (opening: { slug: string; shortId: string }) =>
    `/carestaff/careers/jobs/${opening.slug}-${opening.shortId}`;

  it("says there are no openings and points to the general application when none is published", async () => {
    await store.openings.create(openingValues({ title: "A draft" }), clock);
    const { status, html } = await page("/carestaff/careers");
    expect(status).toBe(200);
    expect(html).toContain("There are no open positions listed right now.");
    expect(html).toContain('href="#application-form"');
    expect(html).not.toContain("A draft");
  });

  it("lists the published openings newest first, and filters them by credential, shift and place", async () => {
    await publish({ title: "Day LPN, Troy", credential: "LPN", shift: "days", city: "Troy" });
    await publish({
      title: "Evening CNA, Buffalo",
      credential: "CNA",
      shift: "evenings",
      city: "Buffalo",
      postalCode: "14201",
    });
    const paused = await publish({ title: "Paused RN" });
    await store.openings.move(paused.id, { from: ["published"], to: "paused" }, clock);
    await publish({ title: "Night RN, Albany" });

    const all = await page("/carestaff/careers/");
    expect(titlesIn(all.html)).toEqual(["Night RN, Albany", "Evening CNA, Buffalo", "Day LPN, Troy"]);
    expect(all.html).toContain("$48.50–$62 an hour");
    expect(all.html).toMatch(/<search aria-label="Search openings"/);
    expect(titlesIn((await page("/carestaff/careers?credential=LPN")).html)).toEqual(["Day LPN, Troy"]);
    expect(titlesIn((await page("/carestaff/careers?shift=evenings")).html)).toEqual([
      "Evening CNA, Buffalo",
    ]);
    expect(titlesIn((await page("/carestaff/careers?place=albany+ny")).html)).toEqual(["Night RN, Albany"]);
    expect(titlesIn((await page("/carestaff/careers?place=142")).html)).toEqual(["Evening CNA, Buffalo"]);
    const none = await page("/carestaff/careers?credential=NP&place=Troy");
    expect(titlesIn(none.html)).toEqual([]);
    expect(none.html).toContain("No openings match your search.");
    // What the visitor asked for stays in the form, escaped.
    const typed = await page(`/carestaff/careers?place=${encodeURIComponent('"><b>Troy')}&credential=LPN`);
    expect(typed.html).toContain('value="&quot;&gt;&lt;b&gt;Troy"');
    expect(typed.html).toMatch(/<option value="LPN" selected="">/);
  });

  it("shows an opening with its details, the form carrying it, and one JobPosting that validates", async () => {
    const opening = await publish({
      title: "Hostile </script><!-- RN",
      description: `Intro ${HOSTILE}\n\n- <!-- a bullet`,
    });
    const { status, html } = await page(address(opening));
    expect(status).toBe(200);
    expect(html).toContain("<h1");
    expect(html).toContain("Apply for this position");
    expect(html).toContain(`<link rel="canonical" href="${site.url}${address(opening)}"/>`);
    const props = /data-island="lead-form" data-props="([^"]+)"/.exec(html)?.[1];
    const decoded = props?.replace(/&(quot|lt|gt|#x27|amp);/g, (_, name: string) => ENTITIES[name] ?? "");
    expect(JSON.parse(decoded ?? "{}")).toEqual({
      id: "nurse-application",
      opening: { id: opening.shortId, title: "Hostile </script><!-- RN" },
    });
    // The hostile text is text: once in the page body escaped, never as markup.
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("</script><!--");
    expect(html).not.toContain("<!-- a bullet");
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;");

    const blocks = jsonLdOf(html);
    expect(blocks).toHaveLength(1);
    const [posting] = blocks;
    expect(validate(SCHEMA, posting)).toEqual([]);
    expect(posting).toMatchObject({
      title: "Hostile </script><!-- RN",
      employmentType: "PER_DIEM",
      identifier: { value: opening.shortId },
      directApply: true,
      baseSalary: { currency: "USD", value: { minValue: 48.5, maxValue: 62, unitText: "HOUR" } },
      jobLocation: { address: { addressLocality: "Albany", addressRegion: "NY", postalCode: "12207" } },
    });
    expect(posting.description).toBe(
      "<p>Intro &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p><ul><li>&lt;!-- a bullet</li></ul>",
    );
    // Inside the script element, no "<" at all: staff text cannot end it or open a comment.
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(script).not.toContain("<");
    expect(script).toContain('"title":"Hostile \\u003c/script\\u003e\\u003c!-- RN"');
  });

  it("moves a renamed opening's old address to the current one, for good", async () => {
    const opening = await publish({ title: "Old Title RN" });
    const edited = await store.openings.edit(opening.id, openingValues({ title: "New Title RN" }), clock);
    const moved = await page(address(opening));
    expect([moved.status, moved.location]).toEqual([
      301,
      address({ slug: "new-title-rn", shortId: opening.shortId }),
    ]);
    expect(edited?.after.slug).toBe("new-title-rn");
    expect((await page(address(edited?.after ?? opening))).status).toBe(200);
  });

  it("answers 410 without JSON-LD for an opening no longer shown or unknown, and 404 for an address that is none", async () => {
    const current = await publish({ title: "Still Open RN" });
    const paused = await publish({ title: "Paused Later RN" });
    await store.openings.move(paused.id, { from: ["published"], to: "paused" }, clock);
    const closed = await publish({ title: "Closed RN" });
    await store.openings.move(closed.id, { from: ["published"], to: "closed" }, clock);
    const expired = await publish({ title: "Expired RN" });
    await store.openings.edit(
      expired.id,
      openingValues({ title: "Expired RN", validThrough: Date.now() - 1000 }),
      clock,
    );
    for (const gone of [paused, closed, expired, { slug: "anything", shortId: "zzzzzzzz" }]) {
      const { status, html } = await page(address(gone));
      expect([address(gone), status]).toEqual([address(gone), 410]);
      expect(jsonLdOf(html)).toEqual([]);
      expect(html).toContain("This position is no longer open");
      expect(html).toContain(current.title);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
    }
    for (const notOne of [
      "/carestaff/careers/jobs/nothing",
      "/carestaff/careers/jobs/x-ABCDEFGH",
      "/carestaff/careers/jobs/_shell",
    ])
      expect((await page(notOne)).status).toBe(404);
  });

  it("shows a change at once on its own server, and on another on the same database within 10 s", async () => {
    otherAhead += SHOWN_OPENINGS_MAX_AGE_MS;
    const opening = await publish({ title: "Fresh RN" });
    expect((await page(address(opening), otherApp)).status).toBe(200);
    expect(titlesIn((await page("/carestaff/careers", otherApp)).html)).toContain("Fresh RN");
    await store.openings.move(opening.id, { from: ["published"], to: "paused" }, clock);
    expect((await page(address(opening))).status).toBe(410);
    expect(titlesIn((await page("/carestaff/careers")).html)).not.toContain("Fresh RN");
    // The other server answers from its copy while it is young, and never from one 10 s old.
    expect((await page(address(opening), otherApp)).status).toBe(200);
    otherAhead += SHOWN_OPENINGS_MAX_AGE_MS;
    expect((await page(address(opening), otherApp)).status).toBe(410);
    expect(titlesIn((await page("/carestaff/careers", otherApp)).html)).not.toContain("Fresh RN");
  });

  it("makes each page once per read of the openings: the same ETag and bytes until a change", async () => {
    const opening = await publish({ title: "Cached RN" });
    const first = await app.request(address(opening), { headers: { "Accept-Encoding": "br" } });
    const again = await app.request(address(opening), { headers: { "Accept-Encoding": "br" } });
    expect(again.headers.get("ETag")).toBe(first.headers.get("ETag"));
    expect(again.headers.get("Content-Encoding")).toBe("br");
    const edited = await store.openings.edit(
      opening.id,
      openingValues({ title: "Cached RN", city: "Troy" }),
      clock,
    );
    expect(edited).not.toBeNull();
    const after = await app.request(address(opening), { headers: { "Accept-Encoding": "br" } });
    expect(after.headers.get("ETag")).not.toBe(first.headers.get("ETag"));
    const gone = await app.request("/carestaff/careers/jobs/gone-zzzzzzzz", {
      headers: { "Accept-Encoding": "br" },
    });
    expect([gone.status, gone.headers.get("Content-Encoding")]).toEqual([410, "br"]);
  });
});

describe("the JobPosting schema's validator", () => {
  it("refuses a posting without a required property, of a wrong type or outside an enumeration", () => {
    const good = {
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: "RN",
      description: "<p>x</p>",
      datePosted: "2026-11-28T04:00:00.000Z",
      hiringOrganization: { "@type": "Organization", name: "Co", sameAs: "https://co.example/" },
      jobLocation: {
        "@type": "Place",
        address: {
          "@type": "PostalAddress",
          addressLocality: "Albany",
          addressRegion: "NY",
          addressCountry: "US",
        },
      },
      employmentType: "PER_DIEM",
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "USD",
        value: { "@type": "QuantitativeValue", minValue: 1, maxValue: 2, unitText: "HOUR" },
      },
    };
    expect(validate(SCHEMA, good)).toEqual([]);
    const { datePosted: _, ...undated } = good;
    expect(validate(SCHEMA, undated)).toEqual(["$: lacks datePosted"]);
    expect(validate(SCHEMA, { ...good, employmentType: "per-diem" })).toEqual([
      "$.employmentType: matches none of anyOf",
    ]);
    expect(validate(SCHEMA, { ...good, datePosted: "yesterday" })).toEqual([
      "$.datePosted: is not a date-time",
    ]);
    expect(validate(SCHEMA, { ...good, title: 5 })).toEqual(["$.title: is number, not string"]);
    expect(
      validate(SCHEMA, {
        ...good,
        baseSalary: { ...good.baseSalary, value: { ...good.baseSalary.value, unitText: "hour" } },
      }),
    ).toHaveLength(1);
  });
});
