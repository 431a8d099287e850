import { createHash } from "node:crypto";
import type { OpeningQueries, OpeningRecord } from "../store/queries/openings.ts";

/**
 * How this process's copy of the published openings follows the store. A change made on this instance shows at
 * once (the store tells the copy). For one made on another: from this age a request starts a read in the
 * background and is answered from the copy; at the limit a request waits for a read, so no answer is ever made
 * from a copy older than it: the 10 s.
 */
export const SHOWN_OPENINGS_REFRESH_MS = 5_000;
export const SHOWN_OPENINGS_MAX_AGE_MS = 10_000;

/** What the public site shows at one moment: the openings, newest first, and the copy they were read into. */
export interface ShownOpenings {
  openings: OpeningRecord[];
  /**
   * The same object for every answer from the same openings: a key for what was made of them (pages, the
   * sitemap, the feed) that no change can outlive. A read that finds nothing changed keeps it.
   */
  read: object;
}

interface Copy {
  records: OpeningRecord[];
  /** What a read compares: a digest of the openings as read, in order. */
  signature: string;
  /** When the read that made it (or last found it unchanged) began. */
  readAt: number;
  generation: number;
}

/** Every field of every opening: two writes in one millisecond, or a clock set back, cannot hide a change. */
const signatureOf = (records: OpeningRecord[]) =>
  createHash("sha256").update(JSON.stringify(records)).digest("base64url");

/**
 * The published openings, read from the store into one copy the public pages, the sitemap and the feed share
 * (decision 028): at most one read at a time; at once after a change this process made; in the background once
 * the copy is `refreshMs` old, waited for at `maxAgeMs`. Each answer leaves out what passed its valid-through
 * since the read, so an opening never outlives it.
 */
export function createShownOpenings({
  openings,
  now = Date.now,
  refreshMs = SHOWN_OPENINGS_REFRESH_MS,
  maxAgeMs = SHOWN_OPENINGS_MAX_AGE_MS,
}: {
  openings: Pick<OpeningQueries, "published" | "onChange">;
  now?: () => number;
  refreshMs?: number;
  maxAgeMs?: number;
}) {
  /** Bumped by each change this process made: a copy read before it is not current. */
  let generation = 0;
  let copy: Copy | undefined;
  let reading: { promise: Promise<void>; generation: number } | undefined;
  /** The answers made of the current openings, keyed by how many of them are still within valid-through. */
  let answers = new Map<number, ShownOpenings>();
  const stop = openings.onChange(() => {
    generation += 1;
  });

  /** Keeps what a read found: a newer copy, or the same openings found again (their answers and pages kept). */
  const keep = (records: OpeningRecord[], started: { at: number; generation: number }) => {
    if (copy && started.generation < copy.generation) return;
    const signature = signatureOf(records);
    if (copy?.signature !== signature) answers = new Map();
    copy = { records, signature, readAt: started.at, generation: started.generation };
  };

  /**
   * Joins the read under way when it began after the last change, or begins one: either way the copy it leaves
   * is at least as new as the caller's request. A failed read is not kept; the next request tries again.
   */
  const read = () => {
    if (reading?.generation !== generation) {
      const started = { generation, at: now() };
      const promise = openings.published(started.at).then((records) => keep(records, started));
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
      const age = copy ? now() - copy.readAt : Number.POSITIVE_INFINITY;
      if (!copy || copy.generation !== generation || age >= maxAgeMs) await read();
      else if (age >= refreshMs)
        // Answered from the copy meanwhile; a failed background read is tried again by the next request.
        read()?.catch(() => undefined);
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
