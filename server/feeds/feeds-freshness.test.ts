import { Temporal } from "temporal-polyfill";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSiteConfig } from "../../config/site.ts";
import { type EndpointName, pathOf, STAFF_ENDPOINTS } from "../../staff/endpoints.ts";
import { type Opening, openingAnswer } from "../../staff/openings-api.ts";
import { GOOD_OPENING } from "../../test-support/openings.ts";
import { waitFor } from "../../test-support/server-process.ts";
import { SITE_URL, type StaffMemberFixture } from "../../test-support/staff-harness.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../test-support/vitest-fixtures.ts";
import { createShownOpenings } from "../openings/shown-openings.ts";
import { createLogger } from "../runtime/logger.ts";
import { startStaffUpkeep } from "../staff/staff-upkeep.ts";
import { openStore, type Store } from "../store/store.ts";
import { createFeedsApi } from "./feeds-api.ts";

const DAY = 86_400_000;
/** How soon a change must show on an instance other than the one that made it. */
const ELSEWHERE_MS = 10_000;
const site = readSiteConfig({ SITE_URL });
const today = () => Temporal.Now.plainDateISO("America/New_York").toString();

/**
 * The sitemap and the job feed follow the openings as staff change them through the staff API: each change
 * shows at once on the instance that made it and, on PostgreSQL, within 10 s on a second instance (its own
 * store on the same database; PostgreSQL is all they share). SQLite runs one instance.
 */
describe.each(DIALECTS)("the sitemap and the feed following the openings on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let recruiter: StaffMemberFixture;
  let second: Store | undefined;
  /** The feeds of each instance: the one staff use, and on PostgreSQL another. */
  let instances: { name: string; feeds: ReturnType<typeof createFeedsApi> }[];

  beforeAll(async () => {
    recruiter = await h.addStaff("recruiting");
    instances = [
      {
        name: "this instance",
        feeds: createFeedsApi({
          shown: createShownOpenings({ openings: h.store.openings }),
          site,
          builtSitemap: undefined,
        }),
      },
    ];
    if (dialect === "postgres") {
      second = await openStore({ dataDir: h.dataDir, databaseUrl: h.config.DATABASE_URL });
      instances.push({
        name: "another instance",
        feeds: createFeedsApi({
          shown: createShownOpenings({ openings: second.openings }),
          site,
          builtSitemap: undefined,
        }),
      });
    }
  });
  afterAll(() => second?.close());

  const call = async (name: EndpointName, openingId = "", json?: unknown): Promise<Opening> => {
    const answer = await h.request(pathOf(name, { openingId } as never), {
      method: STAFF_ENDPOINTS[name].method,
      cookie: recruiter.cookie,
      ...(json !== undefined && { json }),
    });
    expect([name, answer.status]).toEqual([name, name === "createOpening" ? 201 : 200]);
    return openingAnswer.parse(await answer.json()).opening;
  };

  /** What one instance's sitemap and feed say of the opening with `shortId`. */
  const seen = async (feeds: ReturnType<typeof createFeedsApi>, shortId: string) => {
    const sitemap = await (await feeds.request("/sitemap.xml")).text();
    const feed = await (await feeds.request("/carestaff/careers/jobs.xml")).text();
    const address = new RegExp(
      `<loc>[^<]*/carestaff/careers/jobs/([a-z0-9-]+)-${shortId}</loc><lastmod>([^<]+)`,
    );
    const [, slug = null, lastmod = null] = address.exec(sitemap) ?? [];
    const job = feed.split("<job>").find((part) => part.includes(`<referencenumber>${shortId}<`));
    const title = job && /<title><!\[CDATA\[(.*?)\]\]><\/title>/.exec(job)?.[1];
    return { slug, lastmod, title: title ?? null };
  };

  /** Every instance comes to see `expected`: this one at once, another within 10 s. */
  const everywhere = async (shortId: string, expected: { slug: string | null; title: string | null }) => {
    for (const { name, feeds } of instances) {
      const wanted = (view: Awaited<ReturnType<typeof seen>>) =>
        view.slug === expected.slug && view.title === expected.title ? view : undefined;
      if (name === "this instance") expect(wanted(await seen(feeds, shortId)), name).toBeDefined();
      else
        await waitFor(
          async () => wanted(await seen(feeds, shortId)),
          ELSEWHERE_MS,
          `${name}: ${JSON.stringify(expected)}`,
        );
    }
  };
  const gone = { slug: null, title: null };

  /** The sitemap's lastmod of an opening on this instance, which is its last change in the store. */
  const lastChangeOf = async (shortId: string) => {
    const { lastmod } = await seen(
      createFeedsApi({
        shown: createShownOpenings({ openings: h.store.openings }),
        site,
        builtSitemap: undefined,
      }),
      shortId,
    );
    const stored = await h.store.openings.byShortId(shortId);
    expect(lastmod).toBe(stored && new Date(stored.updatedAt).toISOString());
    return Date.parse(lastmod ?? "");
  };

  it("lists an opening once published, renamed at its new address, not while paused or closed, again when reopened", async () => {
    const opening = await call("createOpening", "", GOOD_OPENING);
    await everywhere(opening.shortId, gone);

    await call("publishOpening", opening.id);
    await everywhere(opening.shortId, { slug: "night-shift-rn-med-surg", title: GOOD_OPENING.title });
    const before = await lastChangeOf(opening.shortId);

    await call("editOpening", opening.id, { ...GOOD_OPENING, title: "Night RN, Albany Med" });
    await everywhere(opening.shortId, { slug: "night-rn-albany-med", title: "Night RN, Albany Med" });
    expect(await lastChangeOf(opening.shortId)).toBeGreaterThan(before);

    await call("pauseOpening", opening.id);
    await everywhere(opening.shortId, gone);
    await call("reopenOpening", opening.id);
    await everywhere(opening.shortId, { slug: "night-rn-albany-med", title: "Night RN, Albany Med" });
    await call("closeOpening", opening.id);
    await everywhere(opening.shortId, gone);
  });

  it("drops an opening the expiry sweep expired", async () => {
    const opening = await call("createOpening", "", {
      ...GOOD_OPENING,
      title: "CNA days",
      validThrough: today(),
    });
    await call("publishOpening", opening.id);
    await everywhere(opening.shortId, { slug: "cna-days", title: "CNA days" });
    const upkeep = startStaffUpkeep({
      store: h.store,
      logger: createLogger("silent"),
      retentionDays: 3650,
      now: () => Date.now() + 2 * DAY,
    });
    // It sweeps at once when it starts; stopping waits for that sweep.
    await upkeep.stop();
    expect((await h.store.openings.byShortId(opening.shortId))?.status).toBe("expired");
    await everywhere(opening.shortId, gone);
  });
});
