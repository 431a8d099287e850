import { Temporal } from "temporal-polyfill";
import { beforeAll, describe, expect, it } from "vitest";
import { auditPageAnswer, errorAnswer } from "../../../staff/api.ts";
import { type EndpointName, pathOf, STAFF_ENDPOINTS } from "../../../staff/endpoints.ts";
import { addDays } from "../../../staff/openings.ts";
import { type Opening, openingAnswer, openingListAnswer } from "../../../staff/openings-api.ts";
import { GOOD_OPENING } from "../../../test-support/openings.ts";
import type { StaffMemberFixture } from "../../../test-support/staff-harness.ts";
import { DIALECTS } from "../../../test-support/test-database.ts";
import { staffHarnessFixture } from "../../../test-support/vitest-fixtures.ts";
import { createLogger } from "../../runtime/logger.ts";
import { startStaffUpkeep } from "../staff-upkeep.ts";

const DAY = 86_400_000;
/** Today in the business time zone (BUSINESS_TIMEZONE's default), as valid-through days are counted. */
const today = () => Temporal.Now.plainDateISO("America/New_York").toString();

const OPENING_ENDPOINTS = (Object.keys(STAFF_ENDPOINTS) as EndpointName[]).filter(
  (name) => STAFF_ENDPOINTS[name].permission === "openings:manage",
);

/**
 * The openings' staff API over the real store: recruiters and admins write, publish, pause, reopen and close
 * openings, each change in the audit log; the sales role finds no such endpoint; the upkeep expires them.
 */
describe.each(DIALECTS)("openings in the staff API on %s", (dialect) => {
  const h = staffHarnessFixture(dialect);
  let recruiter: StaffMemberFixture;
  let admin: StaffMemberFixture;
  let seller: StaffMemberFixture;

  beforeAll(async () => {
    [recruiter, admin, seller] = await Promise.all([
      h.addStaff("recruiting"),
      h.addStaff("admin"),
      h.addStaff("sales"),
    ]);
  });

  const call = (who: StaffMemberFixture, name: EndpointName, openingId = "", json?: unknown) =>
    h.request(pathOf(name, { openingId } as never), {
      method: STAFF_ENDPOINTS[name].method,
      cookie: who.cookie,
      ...(json !== undefined && { json }),
    });

  const openingFrom = async (response: Response, status = 200): Promise<Opening> => {
    expect([response.status, response.status === status ? "" : await response.text()]).toEqual([status, ""]);
    return openingAnswer.parse(await response.json()).opening;
  };

  const refusalFrom = async (response: Response) => ({
    status: response.status,
    ...errorAnswer.parse(await response.json()),
  });

  /** The audit log's opening entries about one opening, oldest first, as the admin's audit page lists them. */
  const auditOf = async (shortId: string) => {
    const page = auditPageAnswer.parse(await (await h.request("/audit", { cookie: admin.cookie })).json());
    return page.entries
      .filter((entry) => entry.action.startsWith("opening_") && entry.detail?.startsWith(`${shortId} `))
      .reverse()
      .map((entry) => [entry.actor?.email ?? null, entry.action, entry.detail]);
  };

  const create = async (who = recruiter, change: Record<string, unknown> = {}) =>
    openingFrom(await call(who, "createOpening", "", { ...GOOD_OPENING, ...change }), 201);

  it("creates a draft as the form saved it, audited", async () => {
    const opening = await create();
    expect(opening).toMatchObject({
      ...GOOD_OPENING,
      status: "draft",
      slug: "night-shift-rn-med-surg",
      publishedAt: null,
    });
    expect(await openingFrom(await call(recruiter, "opening", opening.id))).toEqual(opening);
    expect(await auditOf(opening.shortId)).toEqual([
      [recruiter.email, "opening_created", `${opening.shortId} draft`],
    ]);
  });

  it("refuses what the contract refuses, saying why, and a valid-through out of its bounds", async () => {
    const refused = async (change: Record<string, unknown>) =>
      refusalFrom(await call(recruiter, "createOpening", "", { ...GOOD_OPENING, ...change }));
    expect(await refused({ payFrom: 70, payTo: 60 })).toEqual({
      status: 422,
      error: "bad_opening",
      message: "Pay to must be at least Pay from.",
    });
    expect(await refused({ state: "XX" })).toMatchObject({
      status: 422,
      message: "State must be a two-letter US state code, such as NY.",
    });
    expect(await refused({ validThrough: addDays(today(), 181) })).toEqual({
      status: 422,
      error: "bad_opening",
      message: "Valid through must be at most 180 days after publishing.",
    });
    expect(await refused({ validThrough: addDays(today(), -1) })).toMatchObject({
      status: 422,
      message: "Valid through must be today or a later day.",
    });
    const notJson = await h.request(pathOf("createOpening", {}), {
      method: "POST",
      cookie: recruiter.cookie,
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect((await refusalFrom(notJson)).error).toBe("malformed");
    expect((await create(recruiter, { validThrough: addDays(today(), 180) })).validThrough).toBe(
      addDays(today(), 180),
    );
  });

  it("edits an opening: a rename changes the slug, never the short id, and the audit names the fields", async () => {
    const opening = await create();
    const edited = await openingFrom(
      await call(recruiter, "editOpening", opening.id, { ...GOOD_OPENING, title: "Night RN", payTo: 64.5 }),
    );
    expect(edited).toMatchObject({
      title: "Night RN",
      slug: "night-rn",
      shortId: opening.shortId,
      payTo: 64.5,
    });
    expect(await auditOf(opening.shortId)).toEqual([
      [recruiter.email, "opening_created", `${opening.shortId} draft`],
      [recruiter.email, "opening_changed", `${opening.shortId} title, payTo`],
    ]);
    const renamedBack = await h.store.openings.byShortId(opening.shortId);
    expect(renamedBack?.slug).toBe("night-rn");

    const missing = await call(recruiter, "editOpening", "no-such-opening", { ...GOOD_OPENING, title: "" });
    expect(await refusalFrom(missing)).toMatchObject({ status: 404, error: "not_found" });
    expect((await refusalFrom(await call(recruiter, "opening", "no-such-opening"))).status).toBe(404);
  });

  it("publishes, pauses, reopens and closes, each at once and audited; a move its status refuses is a 422", async () => {
    const opening = await create(admin);
    const published = await openingFrom(await call(recruiter, "publishOpening", opening.id));
    expect(published).toMatchObject({ status: "published", validThrough: addDays(today(), 60) });
    expect(Date.parse(published.publishedAt ?? "")).toBeGreaterThan(Date.now() - DAY);

    expect(await refusalFrom(await call(recruiter, "reopenOpening", opening.id))).toEqual({
      status: 422,
      error: "bad_status",
      message: "An opening that is published cannot be reopened.",
    });
    expect((await openingFrom(await call(recruiter, "pauseOpening", opening.id))).status).toBe("paused");
    expect(await refusalFrom(await call(recruiter, "publishOpening", opening.id))).toMatchObject({
      status: 422,
      message: "An opening that is paused cannot be published.",
    });
    const reopened = await openingFrom(await call(admin, "reopenOpening", opening.id));
    expect(reopened).toMatchObject({ status: "published", publishedAt: published.publishedAt });
    expect((await openingFrom(await call(recruiter, "closeOpening", opening.id))).status).toBe("closed");
    expect((await openingFrom(await call(recruiter, "reopenOpening", opening.id))).status).toBe("published");
    expect((await openingFrom(await call(recruiter, "closeOpening", opening.id))).status).toBe("closed");
    expect((await refusalFrom(await call(recruiter, "pauseOpening", opening.id))).status).toBe(422);
    expect((await refusalFrom(await call(recruiter, "closeOpening", "no-such-opening"))).status).toBe(404);

    const { shortId } = opening;
    expect(await auditOf(shortId)).toEqual([
      [admin.email, "opening_created", `${shortId} draft`],
      [recruiter.email, "opening_status_changed", `${shortId} draft -> published`],
      [recruiter.email, "opening_status_changed", `${shortId} published -> paused`],
      [admin.email, "opening_status_changed", `${shortId} paused -> published`],
      [recruiter.email, "opening_status_changed", `${shortId} published -> closed`],
      [recruiter.email, "opening_status_changed", `${shortId} closed -> published`],
      [recruiter.email, "opening_status_changed", `${shortId} published -> closed`],
    ]);

    const list = async (query = "") =>
      openingListAnswer.parse(
        await (await h.request(`${pathOf("openings", {})}${query}`, { cookie: recruiter.cookie })).json(),
      ).openings;
    expect((await list()).map((o) => o.id)).toContain(opening.id);
    expect((await list("?status=closed")).map((o) => o.id)).toEqual([opening.id]);
    const badFilter = await h.request(`${pathOf("openings", {})}?status=gone`, { cookie: recruiter.cookie });
    expect((await refusalFrom(badFilter)).error).toBe("bad_filter");
  });

  it("answers the sales role 404 from every openings endpoint, as if it did not exist", async () => {
    const opening = await create();
    expect(OPENING_ENDPOINTS).toHaveLength(8);
    for (const name of OPENING_ENDPOINTS) {
      const answer = await call(
        seller,
        name,
        opening.id,
        STAFF_ENDPOINTS[name].method === "GET" ? undefined : GOOD_OPENING,
      );
      expect([name, answer.status, await answer.json()]).toEqual([
        name,
        404,
        { error: "not_found", message: "No such API endpoint." },
      ]);
    }
    expect(await openingFrom(await call(recruiter, "opening", opening.id))).toEqual(opening);
  });

  it("expires a published opening once its valid-through has passed, from the staff upkeep", async () => {
    const opening = await create(recruiter, { validThrough: today() });
    await openingFrom(await call(recruiter, "publishOpening", opening.id));
    const upkeep = startStaffUpkeep({
      store: h.store,
      logger: createLogger("silent"),
      retentionDays: 3650,
      now: () => Date.now() + 2 * DAY,
    });
    // The upkeep sweeps at once when it starts; stopping waits for that sweep.
    await upkeep.stop();
    expect((await openingFrom(await call(recruiter, "opening", opening.id))).status).toBe("expired");
    expect((await auditOf(opening.shortId)).at(-1)).toEqual([
      null,
      "opening_status_changed",
      `${opening.shortId} published -> expired`,
    ]);
  });
});
