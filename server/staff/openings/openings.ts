import { Temporal } from "temporal-polyfill";
import type { StaffUser } from "../../../staff/api.ts";
import {
  addDays,
  OPENING_MOVES,
  type OpeningMove,
  VALID_DAYS_DEFAULT,
  validThroughRefusal,
} from "../../../staff/openings.ts";
import {
  type Opening,
  type OpeningField,
  type OpeningFields,
  openingFields,
} from "../../../staff/openings-api.ts";
import { leadScopeOf } from "../../../staff/permissions.ts";
import type { Role } from "../../../staff/roles.ts";
import { type BusinessCalendar, localDate, startOfDate } from "../../calendar/business-calendar.ts";
import type { AuditLog } from "../../store/queries/audit-log.ts";
import type { OpeningCountQueries } from "../../store/queries/opening-counts.ts";
import type { OpeningQueries, OpeningRecord, OpeningValues } from "../../store/queries/openings.ts";
import { Refusal, refuse } from "../api/refusals.ts";

/** What each move does, as a refusal words it: "A draft opening cannot be paused." */
const DONE: Record<OpeningMove, string> = {
  publish: "published",
  pause: "paused",
  reopen: "reopened",
  close: "closed",
};

const NO_APPLICATIONS = { applications: 0, answeredInTime: 0, hired: 0 };

const NO_SUCH_OPENING = () => refuse(404, "not_found", "There is no such opening.");

/**
 * Openings as staff work on them (the endpoint table's openings rows): created as drafts, edited, and moved
 * between statuses, each change audited with who made it, the fields it changed (never their values) or the
 * status it moved. A valid-through day is the business time zone's: the opening is shown until that day ends.
 */
export function createOpenings(deps: {
  openings: OpeningQueries;
  openingCounts: OpeningCountQueries;
  audit: Pick<AuditLog, "record">;
  calendar: BusinessCalendar;
  now: () => number;
}) {
  const { openings, openingCounts, audit, calendar, now } = deps;

  /** The last millisecond of a day in the business time zone. */
  const endOf = (day: string) => startOfDate(Temporal.PlainDate.from(day).add({ days: 1 }), calendar) - 1;

  const answerOf = (record: OpeningRecord): Opening => ({
    id: record.id,
    shortId: record.shortId,
    slug: record.slug,
    status: record.status,
    title: record.title,
    credential: record.credential as Opening["credential"],
    specialty: record.specialty,
    setting: record.setting as Opening["setting"],
    city: record.city,
    state: record.state as Opening["state"],
    postalCode: record.postalCode,
    employmentType: record.employmentType as Opening["employmentType"],
    shift: record.shift as Opening["shift"],
    payFrom: record.payFromCents / 100,
    payTo: record.payToCents / 100,
    startDate: record.startDate,
    description: record.description,
    validThrough: record.validThrough === null ? null : localDate(record.validThrough, calendar),
    publishedAt: record.publishedAt === null ? null : new Date(record.publishedAt).toISOString(),
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
  });

  /** The fields as the store keeps them, or the refusal of a valid-through out of its bounds on `at`'s day. */
  const valuesOf = (fields: OpeningFields, at: number): OpeningValues | Refusal => {
    if (fields.validThrough !== null) {
      const refusal = validThroughRefusal(fields.validThrough, localDate(at, calendar));
      if (refusal) return refuse(422, "bad_opening", refusal);
    }
    const { payFrom, payTo, validThrough, ...rest } = fields;
    return {
      ...rest,
      payFromCents: Math.round(payFrom * 100),
      payToCents: Math.round(payTo * 100),
      validThrough: validThrough === null ? null : endOf(validThrough),
    };
  };

  /** The fields whose value an edit changed, in the contract's order and names. */
  const changedFields = (before: Opening, after: Opening) =>
    (Object.keys(openingFields.shape) as OpeningField[]).filter((key) => before[key] !== after[key]);

  return {
    /** Every opening (or those of one status) with the counts of its applications the role may see. */
    async list(role: Role, status?: Opening["status"]) {
      const [records, counts] = await Promise.all([
        openings.list(status),
        openingCounts.byOpening(leadScopeOf(role).forms),
      ]);
      return {
        openings: records.map(answerOf),
        counts: Object.fromEntries(records.map(({ id }) => [id, counts.get(id) ?? NO_APPLICATIONS])),
      };
    },

    async get(id: string) {
      const record = await openings.byId(id);
      return record ? { opening: answerOf(record) } : NO_SUCH_OPENING();
    },

    async create(staff: StaffUser, fields: OpeningFields) {
      const at = now();
      const values = valuesOf(fields, at);
      if (values instanceof Refusal) return values;
      const record = await openings.create(values, at);
      await audit.record(
        { actorId: staff.id, action: "opening_created", detail: `${record.shortId} draft` },
        at,
      );
      return { opening: answerOf(record) };
    },

    async edit(staff: StaffUser, id: string, fields: OpeningFields) {
      const at = now();
      const values = valuesOf(fields, at);
      if (values instanceof Refusal) return values;
      const edited = await openings.edit(id, values, at);
      if (!edited) return NO_SUCH_OPENING();
      const after = answerOf(edited.after);
      const changed = changedFields(answerOf(edited.before), after);
      if (changed.length > 0)
        await audit.record(
          { actorId: staff.id, action: "opening_changed", detail: `${after.shortId} ${changed.join(", ")}` },
          at,
        );
      return { opening: after };
    },

    /** Publish, pause, reopen or close: refused when the opening's status is not one the move leaves. */
    async move(staff: StaffUser, id: string, move: OpeningMove) {
      const at = now();
      const { from, to } = OPENING_MOVES[move];
      const defaultValidThrough =
        to === "published" ? endOf(addDays(localDate(at, calendar), VALID_DAYS_DEFAULT)) : undefined;
      const result = await openings.move(id, { from, to, defaultValidThrough }, at);
      if (!result) return NO_SUCH_OPENING();
      if (!result.moved)
        return refuse(422, "bad_status", `An opening that is ${result.status} cannot be ${DONE[move]}.`);
      await audit.record(
        {
          actorId: staff.id,
          action: "opening_status_changed",
          detail: `${result.opening.shortId} ${result.from} -> ${result.opening.status}`,
        },
        at,
      );
      return { opening: answerOf(result.opening) };
    },
  };
}

export type Openings = ReturnType<typeof createOpenings>;
