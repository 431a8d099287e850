import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OPENING_MOVES, openingAddressOf, parseOpeningAddress } from "../../staff/openings.ts";
import { openingValues } from "../../test-support/openings.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { cleanupsAfterEach, storeFixture } from "../../test-support/vitest-fixtures.ts";

const T0 = Date.parse("2026-12-01T15:00:00Z");
const DAY = 86_400_000;

const PUBLISH = { ...OPENING_MOVES.publish, defaultValidThrough: T0 + 60 * DAY };

describe.each(DIALECTS)("the openings in the store on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "openings", { per: "test" });
  const cleanups = cleanupsAfterEach();

  it("creates a draft with the title's slug and a short id of its own, found by either id", async () => {
    const first = await store.openings.create(openingValues(), T0);
    const second = await store.openings.create(openingValues({ title: "École CNA — Days!" }), T0 + 1);
    expect(first).toMatchObject({ status: "draft", slug: "night-shift-rn-med-surg", publishedAt: null });
    expect(second.slug).toBe("ecole-cna-days");
    for (const opening of [first, second]) {
      expect(opening.shortId).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/);
      expect(await store.openings.byShortId(opening.shortId)).toEqual(opening);
      expect(await store.openings.byId(opening.id)).toEqual(opening);
    }
    expect(second.shortId).not.toBe(first.shortId);
    expect(first).toMatchObject({ payFromCents: 4850, payToCents: 6200, createdAt: T0, updatedAt: T0 });
    expect(await store.openings.byShortId("zzzzzzzz")).toBeNull();
  });

  it("renames an opening: a new slug, the same short id, and its old address still finds it", async () => {
    const created = await store.openings.create(openingValues(), T0);
    const oldAddress = openingAddressOf(created);
    const edited = await store.openings.edit(
      created.id,
      openingValues({ title: "Night RN (Med/Surg)" }),
      T0 + 5,
    );
    expect(edited?.before.slug).toBe("night-shift-rn-med-surg");
    expect(edited?.after).toMatchObject({
      slug: "night-rn-med-surg",
      shortId: created.shortId,
      updatedAt: T0 + 5,
    });

    const asked = parseOpeningAddress(oldAddress);
    const found = asked && (await store.openings.byShortId(asked.shortId));
    expect(found?.id).toBe(created.id);
    // The slug asked for is not the current one: the public page redirects to the current address.
    expect(found && openingAddressOf(found)).toBe(`night-rn-med-surg-${created.shortId}`);
    expect(asked?.slug).not.toBe(found?.slug);
    expect(await store.openings.edit(randomUUID(), openingValues(), T0)).toBeNull();
  });

  it("keeps a published opening's valid-through when an edit leaves it empty, and takes one it is given", async () => {
    const { id } = await store.openings.create(openingValues(), T0);
    await store.openings.move(id, PUBLISH, T0);
    expect(
      (await store.openings.edit(id, openingValues({ title: "Renamed" }), T0 + 1))?.after.validThrough,
    ).toBe(T0 + 60 * DAY);
    expect(
      (await store.openings.edit(id, openingValues({ validThrough: T0 + DAY }), T0 + 2))?.after.validThrough,
    ).toBe(T0 + DAY);
    await store.openings.move(id, OPENING_MOVES.close, T0 + 3);
    expect((await store.openings.edit(id, openingValues(), T0 + 4))?.after.validThrough).toBeNull();
  });

  it("publishes, pauses, reopens and closes, each only from the statuses it leaves", async () => {
    const { id } = await store.openings.create(openingValues(), T0);
    expect(await store.openings.move(id, OPENING_MOVES.pause, T0)).toEqual({ moved: false, status: "draft" });

    const published = await store.openings.move(id, PUBLISH, T0 + 10);
    expect(published).toMatchObject({ moved: true, from: "draft" });
    expect(published?.moved && published.opening).toMatchObject({
      status: "published",
      publishedAt: T0 + 10,
      validThrough: T0 + 60 * DAY,
    });
    expect(await store.openings.move(id, PUBLISH, T0 + 11)).toEqual({ moved: false, status: "published" });

    expect(await store.openings.move(id, OPENING_MOVES.pause, T0 + 20)).toMatchObject({
      moved: true,
      from: "published",
      opening: { status: "paused" },
    });
    const reopened = await store.openings.move(
      id,
      { ...OPENING_MOVES.reopen, defaultValidThrough: T0 + 90 * DAY },
      T0 + 30,
    );
    // First published stays the date posted; a valid-through still ahead is kept.
    expect(reopened).toMatchObject({
      moved: true,
      from: "paused",
      opening: { status: "published", publishedAt: T0 + 10, validThrough: T0 + 60 * DAY },
    });
    expect(await store.openings.move(id, OPENING_MOVES.close, T0 + 40)).toMatchObject({
      moved: true,
      from: "published",
      opening: { status: "closed" },
    });
    expect(await store.openings.move(id, OPENING_MOVES.close, T0 + 41)).toEqual({
      moved: false,
      status: "closed",
    });
    expect(await store.openings.move(randomUUID(), PUBLISH, T0)).toBeNull();

    // Reopened after its valid-through passed, it gets the default again rather than expiring at once.
    const late = T0 + 61 * DAY;
    expect(
      await store.openings.move(id, { ...OPENING_MOVES.reopen, defaultValidThrough: late + 60 * DAY }, late),
    ).toMatchObject({ moved: true, opening: { status: "published", validThrough: late + 60 * DAY } });
  });

  it("shows the public site the published openings within their valid-through, the newest first", async () => {
    const older = await store.openings.create(openingValues({ title: "Older" }), T0);
    const newer = await store.openings.create(openingValues({ title: "Newer" }), T0);
    const lapsed = await store.openings.create(
      openingValues({ title: "Lapsed", validThrough: T0 + 1000 }),
      T0,
    );
    const paused = await store.openings.create(openingValues({ title: "Paused" }), T0);
    await store.openings.create(openingValues({ title: "Draft" }), T0);
    await store.openings.move(older.id, PUBLISH, T0 + 1);
    await store.openings.move(newer.id, PUBLISH, T0 + 2);
    await store.openings.move(lapsed.id, PUBLISH, T0 + 3);
    await store.openings.move(paused.id, PUBLISH, T0 + 4);
    await store.openings.move(paused.id, OPENING_MOVES.pause, T0 + 5);

    const titles = async (now: number) => (await store.openings.published(now)).map((o) => o.title);
    expect(await titles(T0 + 1000)).toEqual(["Lapsed", "Newer", "Older"]);
    // Past its valid-through it is gone from the site before the sweep marks it expired.
    expect(await titles(T0 + 1001)).toEqual(["Newer", "Older"]);
    expect((await store.openings.list()).map((o) => o.title)).toHaveLength(5);
    expect((await store.openings.list("paused")).map((o) => o.title)).toEqual(["Paused"]);
  });

  it("expires each lapsed published opening once, however many instances sweep at the same moment", async () => {
    const second = await database.openStore();
    cleanups.push(() => second.close());
    const lapsing: string[] = [];
    for (let index = 0; index < 12; index++) {
      const opening = await store.openings.create(openingValues({ validThrough: T0 + 1000 + index }), T0);
      await store.openings.move(opening.id, PUBLISH, T0);
      lapsing.push(opening.shortId);
    }
    const ahead = await store.openings.create(openingValues({ validThrough: T0 + DAY }), T0);
    await store.openings.move(ahead.id, PUBLISH, T0);
    const paused = await store.openings.create(openingValues({ validThrough: T0 + 1000 }), T0);
    await store.openings.move(paused.id, PUBLISH, T0);
    await store.openings.move(paused.id, OPENING_MOVES.pause, T0);

    const sweeps = await Promise.all(
      [store, second, store, second].map((handle) => handle.openings.expirePast(T0 + 2000)),
    );
    expect(sweeps.flat().sort()).toEqual([...lapsing].sort());
    expect(await store.openings.expirePast(T0 + 3000)).toEqual([]);

    const statuses = Object.fromEntries((await store.openings.list()).map((o) => [o.shortId, o.status]));
    for (const shortId of lapsing) expect(statuses[shortId]).toBe("expired");
    expect(statuses[ahead.shortId]).toBe("published");
    expect(statuses[paused.shortId]).toBe("paused");

    const audit = await store.audit.page(1);
    const details = audit.rows
      .filter((row) => row.action === "opening_status_changed")
      .map((row) => row.detail);
    expect(details.sort()).toEqual(lapsing.map((shortId) => `${shortId} published -> expired`).sort());
    expect(audit.rows.every((row) => row.actor_id === null && row.lead_id === null)).toBe(true);
  });

  it("keeps on a lead the opening it was an application for, none by default", async () => {
    const opening = await store.openings.create(openingValues(), T0);
    const leadId = randomUUID();
    await store.intake.acceptLead({
      id: leadId,
      formId: "nurse-application",
      state: "pending",
      fields: { firstName: "Mary", lastName: "Seacole", email: "mary@example.com", consent: "on" },
      createdAt: T0,
    });
    const db = store.authDatabase.db;
    const openingOf = async () =>
      (await db.selectFrom("leads").select("opening_id").where("id", "=", leadId).executeTakeFirstOrThrow())
        .opening_id;
    expect(await openingOf()).toBeNull();
    await db.updateTable("leads").set({ opening_id: opening.id }).where("id", "=", leadId).execute();
    expect(await openingOf()).toBe(opening.id);
  });

  it("gives the relay the title an application's opening has now, and none for other leads", async () => {
    const opening = await store.openings.create(openingValues({ title: "Night RN, Troy" }), T0);
    const lead = (openingId: string | null) => ({
      id: randomUUID(),
      formId: "nurse-application",
      state: "pending" as const,
      fields: { firstName: "Mary", lastName: "Seacole", email: "mary@example.com", consent: "on" },
      createdAt: T0,
      openingId,
    });
    const [withOpening, without] = [lead(opening.id), lead(null)];
    await store.intake.acceptLead(withOpening);
    await store.intake.acceptLead(without);
    await store.openings.edit(opening.id, openingValues({ title: "Night RN, Troy (tele)" }), T0 + 1);
    const claimed = await store.outbox.claimDue(T0 + 60_000, 100, 60_000);
    const titles = new Map(claimed.map((delivery) => [delivery.leadId, delivery.openingTitle]));
    expect(titles.get(withOpening.id)).toBe("Night RN, Troy (tele)");
    expect(titles.get(without.id)).toBeNull();
  });
});
