import { describe, expect, it } from "vitest";
import type { OpeningRecord } from "../store/queries/openings.ts";
import { createShownOpenings, SHOWN_OPENINGS_MAX_AGE_MS } from "./shown-openings.ts";

/** A record as the store's `published` gives it; only the short id and valid-through matter here. */
const record = (shortId: string, validThrough: number | null = null) =>
  ({ shortId, validThrough }) as OpeningRecord;

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

  it("sees another instance's change once its copy is as old as the limit, not before", async () => {
    let clock = 1_000_000;
    const store = fakeOpenings([record("a")]);
    const shown = createShownOpenings({ openings: store.queries, now: () => clock });
    await shown.current();
    store.changeElsewhere([]);
    clock += SHOWN_OPENINGS_MAX_AGE_MS - 1;
    expect(ids(await shown.current())).toEqual(["a"]);
    clock += 1;
    expect(ids(await shown.current())).toEqual([]);
    expect(store.reads()).toBe(2);
    expect(SHOWN_OPENINGS_MAX_AGE_MS).toBeLessThanOrEqual(10_000 / 2);
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
