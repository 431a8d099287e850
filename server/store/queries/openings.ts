import { randomInt } from "node:crypto";
import type { Selectable } from "kysely";
import { type OpeningStatus, SHORT_ID_ALPHABET, SHORT_ID_LENGTH, slugOf } from "../../../staff/openings.ts";
import type { LeadDb } from "../database.ts";
import type { Engine } from "../engine.ts";
import { newId } from "../ids.ts";
import type { OpeningsTable } from "../openings-table.ts";

/** What staff write of an opening, as the store keeps it: pay in cents per hour, valid-through as an instant. */
export interface OpeningValues {
  title: string;
  credential: string;
  specialty: string;
  setting: string;
  city: string;
  state: string;
  postalCode: string;
  employmentType: string;
  shift: string;
  payFromCents: number;
  payToCents: number;
  /** YYYY-MM-DD. */
  startDate: string;
  description: string;
  /** The last millisecond it is shown; null takes the default when it is published. */
  validThrough: number | null;
}

export interface OpeningRecord extends OpeningValues {
  id: string;
  shortId: string;
  /** The current title's slug (staff/openings.ts, slugOf). */
  slug: string;
  status: OpeningStatus;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const recordOf = (row: Selectable<OpeningsTable>): OpeningRecord => ({
  id: row.id,
  shortId: row.short_id,
  slug: row.slug,
  status: row.status as OpeningStatus,
  title: row.title,
  credential: row.credential,
  specialty: row.specialty,
  setting: row.setting,
  city: row.city,
  state: row.state,
  postalCode: row.postal_code,
  employmentType: row.employment_type,
  shift: row.shift,
  payFromCents: Number(row.pay_from_cents),
  payToCents: Number(row.pay_to_cents),
  startDate: row.start_date,
  description: row.description,
  validThrough: row.valid_through === null ? null : Number(row.valid_through),
  publishedAt: row.published_at === null ? null : Number(row.published_at),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const columnsOf = (values: OpeningValues) => ({
  slug: slugOf(values.title),
  title: values.title,
  credential: values.credential,
  specialty: values.specialty,
  setting: values.setting,
  city: values.city,
  state: values.state,
  postal_code: values.postalCode,
  employment_type: values.employmentType,
  shift: values.shift,
  pay_from_cents: values.payFromCents,
  pay_to_cents: values.payToCents,
  start_date: values.startDate,
  description: values.description,
  valid_through: values.validThrough,
});

const newShortId = () =>
  Array.from({ length: SHORT_ID_LENGTH }, () => SHORT_ID_ALPHABET[randomInt(SHORT_ID_ALPHABET.length)]).join(
    "",
  );

/** A status change: the statuses it may leave, the one it gives, and when published, the default valid-through. */
export interface OpeningMoveRequest {
  from: readonly OpeningStatus[];
  to: OpeningStatus;
  /** Publishing: the valid-through an opening gets when it has none, or one already past. */
  defaultValidThrough?: number;
}

/** What a status change did: the opening as it is now and the status it left, or the status that refused it. */
export type OpeningMoveResult =
  | { moved: true; from: OpeningStatus; opening: OpeningRecord }
  | { moved: false; status: OpeningStatus };

/**
 * The openings: what staff write and publish (server/staff/openings), what the public pages show (published and
 * within their valid-through), and the expiry sweep. Every change of one opening reads and writes it in one
 * transaction, its row locked on PostgreSQL, so two instances changing it take turns.
 */
export function openingQueries(engine: Engine) {
  const { db } = engine;
  /** Told after each committed change made through these queries (this process's copies of what is shown). */
  const listeners = new Set<() => void>();
  const write: Engine["write"] = async (work) => {
    const result = await engine.write(work);
    for (const listener of listeners) listener();
    return result;
  };

  const lockedRow = (trx: LeadDb, id: string) => {
    const query = trx.selectFrom("openings").selectAll().where("id", "=", id);
    return (engine.sql.rowLocks ? query.forUpdate() : query).executeTakeFirst();
  };

  return {
    /**
     * Calls `listener` after every change this process commits (a create, an edit, a status move, a sweep);
     * returns the function that stops it. Other instances' changes are not told: readers bound their age.
     */
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** A new draft, with a short id no other opening has. */
    create: (values: OpeningValues, at: number) =>
      write(async (trx) => {
        let shortId = newShortId();
        while (
          await trx.selectFrom("openings").select("id").where("short_id", "=", shortId).executeTakeFirst()
        )
          shortId = newShortId();
        const row = await trx
          .insertInto("openings")
          .values({ id: newId(at), short_id: shortId, ...columnsOf(values), created_at: at, updated_at: at })
          .returningAll()
          .executeTakeFirstOrThrow();
        return recordOf(row);
      }),

    /**
     * Rewrites what staff write of it (the slug follows the title); null when there is no such opening. A
     * published opening left without a valid-through keeps the one publishing gave it.
     */
    edit: (id: string, values: OpeningValues, at: number) =>
      write(async (trx) => {
        const before = await lockedRow(trx, id);
        if (!before) return null;
        const keep = values.validThrough === null && before.status === "published";
        const after = await trx
          .updateTable("openings")
          .set({ ...columnsOf(values), ...(keep && { valid_through: before.valid_through }), updated_at: at })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { before: recordOf(before), after: recordOf(after) };
      }),

    /**
     * Moves its status when it is in one `move` may leave; publishing also sets its first publishing time and,
     * when it has no valid-through or one already past, the default. Null when there is no such opening.
     */
    move: (id: string, move: OpeningMoveRequest, at: number) =>
      write(async (trx): Promise<OpeningMoveResult | null> => {
        const before = await lockedRow(trx, id);
        if (!before) return null;
        const from = before.status as OpeningStatus;
        if (!move.from.includes(from)) return { moved: false, status: from };
        const publishing = move.to === "published" && move.defaultValidThrough !== undefined;
        const stale = before.valid_through === null || Number(before.valid_through) < at;
        const after = await trx
          .updateTable("openings")
          .set({
            status: move.to,
            updated_at: at,
            ...(publishing && { published_at: before.published_at ?? at }),
            ...(publishing && stale && { valid_through: move.defaultValidThrough }),
          })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return { moved: true, from, opening: recordOf(after) };
      }),

    /**
     * The expiry sweep: every published opening whose valid-through has passed becomes expired, each with its
     * audit entry, in one transaction. One conditional UPDATE claims them, so of instances sweeping at once each
     * opening is expired by one. Returns the short ids this call expired.
     */
    expirePast: (now: number) =>
      write(async (trx) => {
        const expired = await trx
          .updateTable("openings")
          .set({ status: "expired", updated_at: now })
          .where("status", "=", "published")
          .where("valid_through", "<", now)
          .returning(["short_id"])
          .execute();
        if (expired.length > 0)
          await trx
            .insertInto("staff_audit")
            .values(
              expired.map(({ short_id }) => ({
                id: newId(now),
                at: now,
                actor_id: null,
                action: "opening_status_changed",
                lead_id: null,
                detail: `${short_id} published -> expired`,
              })),
            )
            .execute();
        return expired.map((row) => row.short_id);
      }),

    /** Every opening, or those of one status, for staff: the newest first. */
    async list(status?: OpeningStatus) {
      let query = db.selectFrom("openings").selectAll();
      if (status) query = query.where("status", "=", status);
      const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
      return rows.map(recordOf);
    },

    /** What the public site shows at `now`: published and within its valid-through, the newest first. */
    async published(now: number) {
      const rows = await db
        .selectFrom("openings")
        .selectAll()
        .where("status", "=", "published")
        .where("valid_through", ">=", now)
        .orderBy("published_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(recordOf);
    },

    async byId(id: string) {
      const row = await db.selectFrom("openings").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? recordOf(row) : null;
    },

    /** By the short id its public address ends with, whatever its status (the page answers 410 when not shown). */
    async byShortId(shortId: string) {
      const row = await db
        .selectFrom("openings")
        .selectAll()
        .where("short_id", "=", shortId)
        .executeTakeFirst();
      return row ? recordOf(row) : null;
    },
  };
}

export type OpeningQueries = ReturnType<typeof openingQueries>;
