import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { sitemapXml } from "../../scripts/generate-seo-files.ts";
import { OPENING_MOVES } from "../../staff/openings.ts";
import { GOOD_OPENING } from "../../test-support/openings.ts";
import { childEnv, MINIMAL_BUILD_DIR, waitFor } from "../../test-support/server-process.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { cleanupsAfterEach, databaseFixture } from "../../test-support/vitest-fixtures.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import { beginStartup } from "../runtime/startup.ts";
import { startSiteServer } from "../server.ts";
import { openStaffSide } from "../staff/staff-side.ts";
import type { OpeningValues } from "../store/queries/openings.ts";

const DAY = 86_400_000;

const values = (title: string): OpeningValues => ({
  ...GOOD_OPENING,
  title,
  payFromCents: 4850,
  payToCents: 6200,
  validThrough: null,
});

/**
 * The started server as `npm run serve` runs it (server/index.ts: with the staff side): it answers the sitemap
 * (the build's pages and the published openings) and the feed from the store, and its staff upkeep expires
 * lapsed openings on its own, once however many instances start on the database.
 */
describe.each(DIALECTS)("the feeds and the expiry in a started server on %s", (dialect) => {
  const database = databaseFixture(dialect, "feeds-server", { per: "test" });
  const cleanups = cleanupsAfterEach();

  /** A build with the sitemap the build step writes. */
  const buildWithSitemap = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "feeds-build-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await cp(MINIMAL_BUILD_DIR, dir, { recursive: true });
    await writeFile(path.join(dir, "sitemap.xml"), sitemapXml(loadConfig({}).site));
    return dir;
  };

  const startServer = async (buildDir: string) => {
    const config = loadConfig(childEnv({ ...database.env, BUILD_DIR: buildDir, LOG_LEVEL: "silent" }));
    const logger = createLogger("silent", new Writable({ write: (_chunk, _encoding, done) => done() }));
    const startup = beginStartup({ deadlineMs: 10_000, onTimeout: () => {} });
    const server = await startSiteServer({ config, logger, startup, staffSide: openStaffSide });
    cleanups.push(() => server.stop(1000));
    return `http://127.0.0.1:${server.port}`;
  };

  it("expires a lapsed opening once across instances, and serves the sitemap and the feed without it", async () => {
    const store = await database.openStore();
    cleanups.push(() => store.close());
    const now = Date.now();
    const publish = { ...OPENING_MOVES.publish, defaultValidThrough: now + 30 * DAY };
    const live = await store.openings.create(values("Night RN"), now);
    await store.openings.move(live.id, publish, now);
    const lapsed = await store.openings.create(values("Lapsed CNA"), now);
    await store.openings.move(lapsed.id, publish, now);
    // Its valid-through passed while no server ran.
    await store.authDatabase.db
      .updateTable("openings")
      .set({ valid_through: now - 1000 })
      .where("id", "=", lapsed.id)
      .execute();

    const buildDir = await buildWithSitemap();
    const instances = dialect === "postgres" ? 2 : 1;
    const urls = await Promise.all(Array.from({ length: instances }, () => startServer(buildDir)));

    await waitFor(
      async () => ((await store.openings.byShortId(lapsed.shortId))?.status === "expired" ? true : undefined),
      10_000,
      "the upkeep's expiry",
    );
    const audit = await store.authDatabase.db
      .selectFrom("staff_audit")
      .select("detail")
      .where("action", "=", "opening_status_changed")
      .execute();
    expect(audit.map((row) => row.detail)).toEqual([`${lapsed.shortId} published -> expired`]);

    for (const url of urls) {
      const sitemap = await fetch(`${url}/sitemap.xml`);
      expect(sitemap.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
      expect(sitemap.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
      const text = await sitemap.text();
      // The build's pages stay, the live opening joins them.
      expect(text).toContain("<loc>http://localhost:3000/carestaff/careers</loc>");
      expect(text).toContain(`/carestaff/careers/jobs/night-rn-${live.shortId}</loc>`);
      expect(text).not.toContain(lapsed.shortId);
      const feed = await fetch(`${url}/carestaff/careers/jobs.xml`);
      expect(feed.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
      const jobs = await feed.text();
      expect(jobs).toContain(`<referencenumber>${live.shortId}</referencenumber>`);
      expect(jobs).not.toContain(lapsed.shortId);
    }
  });
});
