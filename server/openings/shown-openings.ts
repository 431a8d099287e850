import type { OpeningQueries, OpeningRecord } from "../store/queries/openings.ts";

/**
 * How old this process's copy of the published openings may be when it answers. A change made on this instance
 * shows at once (the store tells the copy); one made on another shows within this, under the 10 s.
 */
export const SHOWN_OPENINGS_MAX_AGE_MS = 5_000;

/** What the public site shows at one moment: the openings, newest first, and the copy they were read into. */
export interface ShownOpenings {
  openings: OpeningRecord[];
  /**
   * The same object for every answer from one read of the store: a key for what was made from that read (pages,
   * the sitemap, the feed) that no change can outlive.
   */
  read: object;
}

/**
 * The published openings, read from the store into one copy the public pages, the sitemap and the feed share
 * (decision 028): at most one read at a time, again after `maxAgeMs` or at once after a change this process
 * made. Each answer leaves out what passed its valid-through since the read, so an opening never outlives it.
 */
export function createShownOpenings({
  openings,
  now = Date.now,
  maxAgeMs = SHOWN_OPENINGS_MAX_AGE_MS,
}: {
  openings: Pick<OpeningQueries, "published" | "onChange">;
  now?: () => number;
  maxAgeMs?: number;
}) {
  /** Bumped by each change this process made: a copy read before it is not current. */
  let generation = 0;
  let copy: { records: OpeningRecord[]; readAt: number; generation: number } | undefined;
  let reading: { promise: Promise<void>; generation: number } | undefined;
  /** The answers made of the current copy, keyed by how many of its openings are still within valid-through. */
  let answers = new Map<number, ShownOpenings>();
  const stop = openings.onChange(() => {
    generation += 1;
  });

  /**
   * Joins the read under way when it began after the last change, or begins one: either way the copy it leaves
   * is at least as new as the caller's request. A failed read is not kept; the next request tries again.
   */
  const read = () => {
    if (reading?.generation !== generation) {
      const started = { generation, at: now() };
      const promise = openings.published(started.at).then((records) => {
        if (!copy || started.generation >= copy.generation) {
          copy = { records, readAt: started.at, generation: started.generation };
          answers = new Map();
        }
      });
      const current = { promise, generation };
      reading = current;
      const done = () => {
        if (reading === current) reading = undefined;
      };
      promise.then(done, done);
    }
    return reading?.promise;
  };

  return {
    async current(): Promise<ShownOpenings> {
      if (!copy || copy.generation !== generation || now() - copy.readAt >= maxAgeMs) await read();
      const at = now();
      const records = copy?.records ?? [];
      const shown = records.filter((record) => (record.validThrough ?? Number.MAX_SAFE_INTEGER) >= at);
      let answer = answers.get(shown.length);
      if (!answer) {
        answer = { openings: shown, read: {} };
        answers.set(shown.length, answer);
      }
      return answer;
    },
    /** Stops following the store's changes (the server's shutdown). */
    close: stop,
  };
}

export type ShownOpeningsSource = ReturnType<typeof createShownOpenings>;
