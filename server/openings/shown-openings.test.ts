import { describe, expect, it } from "vitest";
import type { OpeningRecord } from "../store/queries/openings.ts";
import {
  createShownOpenings,
  SHOWN_OPENINGS_MAX_AGE_MS,
  SHOWN_OPENINGS_REFRESH_MS,
} from "./shown-openings.ts";

/** A record as the store's `published` gives it; only the short id and valid-through matter here. */
const record = (shortId: string, validThrough: number | null = null) =>
  ({ id: shortId, shortId, validThrough, updatedAt: 1 }) as OpeningRecord;

/** A store's openings whose reads are counted, and held until `finish` when `hold` is set. */
function fakeOpenings(initial: OpeningRecord[]) {
  let rows = initial;
  let reads = 0;
  let hold = false;
  const waiting: (() => void)[] = [];
  const listeners = new Set<() => void>();
  return {
    queries: {
      async published() {
        reads += 1;
        const answer = rows;
        if (hold) await new Promise<void>((resolve) => waiting.push(resolve));
        return answer;
      },
      onChange(listener: () => void) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
    /** A change this process commits: the rows change, then the listeners hear of it. */
    change(next: OpeningRecord[]) {
      rows = next;
      for (const listener of listeners) listener();
    },
    /** A change another instance commits: nobody here hears of it. */
    changeElsewhere(next: OpeningRecord[]) {
      rows = next;
    },
    hold: (on: boolean) => {
      hold = on;
    },
    finish: () => {
      for (const resolve of waiting.splice(0)) resolve();
    },
    reads: () => reads,
    listeners: () => listeners.size,
  };
}

const ids = (shown: { openings: OpeningRecord[] }) => shown.openings.map((item) => item.shortId);

describe("this process's copy of the published openings", () => {
  it("reads once, answers from the copy, and reads again at once after a change made here", async () => {
    const store = fakeOpenings([record("a")]);
    const shown = createShownOpenings({ openings: store.queries });
    const first = await shown.current();
    const again = await shown.current();
    expect([ids(first), store.reads()]).toEqual([["a"], 1]);
    // The same answer object, so pages made of it are kept by it.
    expect(again).toBe(first);
    expect(again.read).toBe(first.read);

    store.change([record("b"), record("a")]);
    const changed = await shown.current();
    expect([ids(changed), store.reads()]).toEqual([["b", "a"], 2]);
    expect(changed.read).not.toBe(first.read);
  });

  it("sees another instance's change by reading again in the background from 5 s, and never answers from a copy 10 s old", async () => {
    let clock = 1_000_000;
    const store = fakeOpenings([record("a")]);
    const shown = createShownOpenings({ openings: store.queries, now: () => clock });
    const first = await shown.current();
    store.changeElsewhere([]);
    clock += SHOWN_OPENINGS_REFRESH_MS - 1;
    expect([ids(await shown.current()), store.reads()]).toEqual([["a"], 1]);
    // From 5 s: answered from the copy at once, while a read begins; the next request has what it found.
    clock += 1;
    store.hold(true);
    expect([ids(await shown.current()), store.reads()]).toEqual([["a"], 2]);
    expect([ids(await shown.current()), store.reads()]).toEqual([["a"], 2]);
    store.finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ids(await shown.current())).toEqual([]);
    expect((await shown.current()).read).not.toBe(first.read);

    // With no request for 10 s, the next one waits for a read rather than answer from so old a copy.
    store.hold(false);
    store.changeElsewhere([record("c")]);
    clock += SHOWN_OPENINGS_MAX_AGE_MS;
    expect(ids(await shown.current())).toEqual(["c"]);
    expect(SHOWN_OPENINGS_MAX_AGE_MS).toBeLessThanOrEqual(10_000);
  });

  it("keeps its answers, and the pages made of them, when a read finds the same openings", async () => {
    let clock = 1_000_000;
    const store = fakeOpenings([record("a"), record("b")]);
    const shown = createShownOpenings({ openings: store.queries, now: () => clock });
    const first = await shown.current();
    clock += SHOWN_OPENINGS_MAX_AGE_MS;
    store.changeElsewhere([record("a"), record("b")]);
    expect(await shown.current()).toBe(first);
    expect(store.reads()).toBe(2);
    // The same openings with any field changed are not the same.
    store.changeElsewhere([record("a"), { ...record("b"), title: "Renamed" } as OpeningRecord]);
    clock += SHOWN_OPENINGS_MAX_AGE_MS;
    expect((await shown.current()).read).not.toBe(first.read);
  });

  it("leaves out an opening whose valid-through passed since the read, without reading again", async () => {
    let clock = 1_000_000;
    const store = fakeOpenings([
      record("later", clock + 10_000),
      record("soon", clock + 100),
      record("open"),
    ]);
    const shown = createShownOpenings({ openings: store.queries, now: () => clock });
    expect(ids(await shown.current())).toEqual(["later", "soon", "open"]);
    clock += 100;
    expect(ids(await shown.current())).toEqual(["later", "soon", "open"]);
    clock += 1;
    const after = await shown.current();
    expect(ids(after)).toEqual(["later", "open"]);
    expect((await shown.current()).read).toBe(after.read);
    expect(store.reads()).toBe(1);
  });

  it("shares one read among requests that come while it is under way", async () => {
    const store = fakeOpenings([record("a")]);
    const shown = createShownOpenings({ openings: store.queries });
    store.hold(true);
    const answers = Promise.all([shown.current(), shown.current(), shown.current()]);
    await Promise.resolve();
    store.finish();
    const [one, two, three] = await answers;
    expect(store.reads()).toBe(1);
    expect(two).toBe(one);
    expect(three).toBe(one);
  });

  it("does not answer a request made after a change from a read begun before it", async () => {
    const store = fakeOpenings([record("a")]);
    const shown = createShownOpenings({ openings: store.queries });
    store.hold(true);
    const before = shown.current();
    await Promise.resolve();
    store.change([record("b")]);
    const after = shown.current();
    await Promise.resolve();
    store.finish();
    // The earlier request may be answered from either read; the later one only from the read after the change.
    expect([["a"], ["b"]]).toContainEqual(ids(await before));
    expect(ids(await after)).toEqual(["b"]);
    expect(store.reads()).toBe(2);
  });

  it("does not keep a failed read: the next request reads again", async () => {
    const store = fakeOpenings([record("a")]);
    let fail = true;
    const shown = createShownOpenings({
      openings: {
        ...store.queries,
        published: async () => {
          if (fail) throw new Error("database unavailable");
          return store.queries.published();
        },
      },
    });
    await expect(shown.current()).rejects.toThrow("database unavailable");
    fail = false;
    expect(ids(await shown.current())).toEqual(["a"]);
  });

  it("stops following the store's changes when closed", () => {
    const store = fakeOpenings([]);
    const shown = createShownOpenings({ openings: store.queries });
    expect(store.listeners()).toBe(1);
    shown.close();
    expect(store.listeners()).toBe(0);
  });
});
