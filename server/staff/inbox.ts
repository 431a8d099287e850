import { type SelectQueryBuilder, type SqlBool, sql } from "kysely";
import { findLeadForm } from "../../leads/forms.ts";
import { RESUME_TYPES } from "../../leads/resume.ts";
import { fieldLabelOf, formLabelOf, nameOf, organisationOf } from "../../staff/labels.ts";
import { FORMS_OF_ROLE, maySee, ROLES, type Role } from "../../staff/roles.ts";
import { NEW_STATUS, statusesOf } from "../../staff/workflow.ts";
import type { Database, LeadDb } from "../store/database.ts";
import { newId } from "../store/ids.ts";
import { parseFields, SOURCE_COLUMNS, sourceOf } from "../store/lead-rows.ts";
import type { LeadRecord, LeadStore, StoreDialect } from "../store/lead-store.ts";
import { audit } from "./audit.ts";
import type { StaffUser } from "./session.ts";
import type { StaffDb } from "./staff-db.ts";

export const PAGE_SIZE = 50;
export const DELIVERY_FILTERS = ["pending", "delivered", "dead"] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

export interface LeadFilters {
  form?: string | undefined;
  status?: string | undefined;
  delivery?: DeliveryFilter | undefined;
  /** Created at or after (ms). */
  from?: number | undefined;
  /** Created before (ms). */
  to?: number | undefined;
  q?: string | undefined;
  /** The landing page's utm_campaign; null: leads without one. */
  campaign?: string | null | undefined;
  /** The referring site's origin; null: leads without one (direct, or a browser that sent none). */
  referrer?: string | null | undefined;
}

/** A campaign or a referrer and how many leads it brought under the other filters; null: none recorded. */
export interface SourceCount {
  value: string | null;
  count: number;
}

/** The inbox counts this many campaigns and referrers, the most leads first (the rest are still filterable). */
export const SOURCE_COUNT_LIMIT = 20;

type From = Database & { l: Database["leads"] };
type LeadQuery = SelectQueryBuilder<From, "l", object>;

const truthy = (value: boolean | number | null | undefined) => value === true || value === 1;
const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

/** One field of a lead's JSON (the lead aliased `l`), as text. */
export const leadField = (dialect: StoreDialect, name: string) =>
  dialect === "postgres"
    ? sql<string>`l.fields->>${name}`
    : sql<string>`json_extract(l.fields, ${`$.${name}`})`;

type CountGroup = {
  form_id: string;
  status: string;
  utm_campaign: string | null;
  referrer: string | null;
  count: number | string | bigint;
};

/** What each count is of: the group's value for it. */
const COUNTED = {
  form: (group: CountGroup) => group.form_id,
  status: (group: CountGroup) => group.status,
  campaign: (group: CountGroup) => group.utm_campaign,
  referrer: (group: CountGroup) => group.referrer,
} as const;
type Counted = keyof typeof COUNTED;

/**
 * The inbox's counts from one grouped scan: per form, status, campaign and referrer, each under every filter
 * but its own (so each menu shows what choosing another of its values would give), and the filtered total.
 * Campaigns and referrers come most leads first, "none" after the named ones it ties with.
 */
export function countGroups(role: Role, filters: LeadFilters, groups: readonly CountGroup[]) {
  const names = Object.keys(COUNTED) as Counted[];
  const passes = (group: CountGroup, name: Counted) =>
    filters[name] === undefined || COUNTED[name](group) === filters[name];
  const tallies = Object.fromEntries(names.map((name) => [name, new Map<string | null, number>()])) as Record<
    Counted,
    Map<string | null, number>
  >;
  let total = 0;
  for (const group of groups) {
    const count = Number(group.count);
    const failed = names.filter((name) => !passes(group, name));
    if (failed.length === 0) total += count;
    for (const name of names) {
      if (failed.length === 0 || (failed.length === 1 && failed[0] === name)) {
        const value = COUNTED[name](group);
        tallies[name].set(value, (tallies[name].get(value) ?? 0) + count);
      }
    }
  }
  const record = (tally: Map<string | null, number>, zeros: readonly string[] = []) => ({
    ...Object.fromEntries(zeros.map((key) => [key, 0])),
    ...Object.fromEntries(tally),
  });
  const top = (tally: Map<string | null, number>): SourceCount[] =>
    [...tally]
      .map(([value, count]) => ({ value, count }))
      .sort(
        (a, b) =>
          b.count - a.count ||
          Number(a.value === null) - Number(b.value === null) ||
          (a.value ?? "").localeCompare(b.value ?? ""),
      )
      .slice(0, SOURCE_COUNT_LIMIT);
  return {
    total,
    counts: {
      forms: record(tallies.form, FORMS_OF_ROLE[role]) as Record<string, number>,
      statuses: record(tallies.status) as Record<string, number>,
      campaigns: top(tallies.campaign),
      referrers: top(tallies.referrer),
    },
  };
}

/** One entry of a lead's history, in the transaction of the change it records. */
const recordHistory = (
  trx: LeadDb,
  entry: {
    leadId: string;
    actorId: string;
    action: "viewed" | "status" | "assignee" | "note";
    from?: string | null;
    to?: string | null;
    at: number;
  },
) =>
  trx
    .insertInto("lead_history")
    .values({
      id: newId(),
      lead_id: entry.leadId,
      actor_id: entry.actorId,
      action: entry.action,
      from_value: entry.from ?? null,
      to_value: entry.to ?? null,
      at: entry.at,
    })
    .execute();

export function createInbox(deps: { staffDb: StaffDb; store: LeadStore; now?: () => number }) {
  const { staffDb, store, now = Date.now } = deps;
  const { db } = staffDb;
  /** A substring of the lower-cased search text; LIKE's wildcards in the query are taken literally. */
  const contains = (q: string) =>
    sql<SqlBool>`l.search_text like ${`%${q.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`} escape '\\'`;

  /** The source column equals the value, or is empty for null. */
  const sourceIs = (column: "l.utm_campaign" | "l.referrer", value: string | null) => (q: LeadQuery) =>
    (value === null ? q.where(column, "is", null) : q.where(column, "=", value)) as LeadQuery;

  /**
   * The leads a role may see that match the filters; for the counts, the form, status, campaign and referrer
   * filters are left out (each count applies the others itself).
   */
  const matching = (role: Role, filters: LeadFilters, counts?: "counts"): LeadQuery => {
    const forms = FORMS_OF_ROLE[role].filter((form) => counts || !filters.form || form === filters.form);
    const query = db
      .selectFrom("leads as l")
      .where("l.form_id", "in", forms.length > 0 ? forms : ["-"])
      .where("l.state", "!=", "spam")
      .$if(Boolean(filters.delivery), (q) => q.where("l.state", "=", filters.delivery ?? "pending"))
      .$if(filters.from !== undefined, (q) => q.where("l.created_at", ">=", filters.from ?? 0))
      .$if(filters.to !== undefined, (q) => q.where("l.created_at", "<", filters.to ?? 0))
      .$if(Boolean(filters.status) && !counts, (q) => q.where("l.status", "=", filters.status ?? NEW_STATUS))
      .$if(Boolean(filters.q), (q) => q.where(contains(filters.q ?? ""))) as LeadQuery;
    if (counts) return query;
    return query
      .$call(filters.campaign === undefined ? (q) => q : sourceIs("l.utm_campaign", filters.campaign))
      .$call(filters.referrer === undefined ? (q) => q : sourceIs("l.referrer", filters.referrer));
  };

  /**
   * What names a lead inside a search's subquery. On SQLite the rowid, which every index holds: the covering
   * index then answers the whole search, where the text id would fetch every candidate lead's row.
   */
  const rowKey = staffDb.dialect === "sqlite" ? sql<string>`l.rowid` : sql<string>`l.id`;

  /**
   * The page's rows. A search finds its (usually few) matches through the covering index first and sorts
   * those, rather than reading leads newest first until enough match.
   */
  const pageOf = (role: Role, filters: LeadFilters) =>
    filters.q
      ? rowsOf(
          db
            .selectFrom("leads as l")
            .where(rowKey, "in", matching(role, filters).select(rowKey.as("key"))) as LeadQuery,
        )
      : rowsOf(matching(role, filters));

  const rowsOf = (query: LeadQuery) =>
    query
      .leftJoin("staff_user as u", "u.id", "l.assignee_id")
      .select([
        "l.id",
        "l.form_id",
        "l.created_at",
        "l.fields",
        "l.state",
        "l.status",
        "l.first_opened_at",
        "l.assignee_id",
        "u.name as assignee_name",
        "u.email as assignee_email",
      ])
      .orderBy("l.created_at", "desc")
      .orderBy("l.id", "desc");

  type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>["execute"]>>[number];
  const assigneeOf = (row: {
    assignee_id: string | null;
    assignee_name: string | null;
    assignee_email: string | null;
  }) =>
    row.assignee_id
      ? { id: row.assignee_id, name: row.assignee_name ?? "", email: row.assignee_email ?? "" }
      : null;
  const toListRow = (row: Row) => {
    const fields = parseFields(row.fields);
    return {
      id: row.id,
      formId: row.form_id,
      formLabel: formLabelOf(row.form_id),
      createdAt: iso(row.created_at) ?? "",
      name: nameOf(fields),
      email: fields.email ?? "",
      organisation: organisationOf(fields),
      status: row.status,
      assignee: assigneeOf(row),
      delivery: (row.state === "spam" ? "delivered" : row.state) as DeliveryFilter,
      isNew: row.first_opened_at === null || row.first_opened_at === undefined,
    };
  };

  /** The lead if it exists and the role may see it; null otherwise (the caller answers 404 either way). */
  const visibleLead = async (role: Role, id: string): Promise<LeadRecord | null> => {
    const lead = await store.get(id);
    return lead && lead.state !== "spam" && maySee(role, lead.formId) ? lead : null;
  };

  const workOf = (leadId: string) =>
    db
      .selectFrom("leads as l")
      .leftJoin("staff_user as u", "u.id", "l.assignee_id")
      .select([
        "l.status",
        "l.assignee_id",
        "l.first_opened_at",
        "u.name as assignee_name",
        "u.email as assignee_email",
      ])
      .where("l.id", "=", leadId)
      .executeTakeFirst();

  const leadView = async (lead: LeadRecord) => {
    const work = await workOf(lead.id);
    const known = findLeadForm(lead.formId)?.fields ?? [];
    const names = [
      ...known.filter((name) => name in lead.fields),
      ...Object.keys(lead.fields).filter((name) => !(known as readonly string[]).includes(name)),
    ];
    return {
      id: lead.id,
      formId: lead.formId,
      formLabel: formLabelOf(lead.formId),
      createdAt: iso(lead.createdAt) ?? "",
      fields: names.map((name) => ({
        name,
        label: fieldLabelOf(lead.formId, name),
        value: lead.fields[name] ?? "",
      })),
      resume: lead.resume
        ? {
            filename: lead.resume.name,
            contentType: RESUME_TYPES[lead.resume.kind],
            size: lead.resume.size,
            inline: lead.resume.kind === "pdf",
          }
        : null,
      source: lead.source,
      status: work?.status ?? NEW_STATUS,
      statuses: [...statusesOf(lead.formId)],
      assignee: work ? assigneeOf(work) : null,
      deliveries: lead.deliveries.map((delivery) => ({
        channel: delivery.channel,
        state: delivery.state,
        attempts: delivery.attempts,
        lastAttemptAt: iso(delivery.lastAttemptAt),
        lastError: delivery.lastError,
        problem: delivery.problem,
      })),
    };
  };

  const history = async (leadId: string) => {
    const rows = await db
      .selectFrom("lead_history as h")
      .leftJoin("staff_user as u", "u.id", "h.actor_id")
      .select(["h.id", "h.at", "h.actor_id", "u.name", "u.email", "h.action", "h.from_value", "h.to_value"])
      .where("h.lead_id", "=", leadId)
      .orderBy("h.at")
      .orderBy("h.id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      at: iso(row.at) ?? "",
      actor: row.actor_id ? { id: row.actor_id, name: row.name ?? "", email: row.email ?? "" } : null,
      action: row.action,
      from: row.from_value,
      to: row.to_value,
    }));
  };

  const notes = async (leadId: string) => {
    const rows = await db
      .selectFrom("lead_notes as n")
      .leftJoin("staff_user as u", "u.id", "n.author_id")
      .select(["n.id", "n.created_at", "n.author_id", "u.name", "u.email", "n.text"])
      .where("n.lead_id", "=", leadId)
      .orderBy("n.created_at")
      .orderBy("n.id")
      .execute();
    return rows.map((row) => ({
      id: row.id,
      author: row.author_id ? { id: row.author_id, name: row.name ?? "", email: row.email ?? "" } : null,
      at: iso(row.created_at) ?? "",
      text: row.text,
    }));
  };

  /** Active, enrolled staff whose role shares at least one form with `role` (who may be given such leads). */
  const people = async (role: Role) => {
    const roles = ROLES.filter((other) => FORMS_OF_ROLE[other].some((form) => maySee(role, form)));
    const rows = await db
      .selectFrom("staff_user")
      .select(["id", "name", "email", "role", "disabled", "twoFactorEnabled"])
      .where("role", "in", roles)
      .orderBy("name")
      .execute();
    return rows
      .filter((row) => !truthy(row.disabled) && truthy(row.twoFactorEnabled))
      .map((row) => ({ id: row.id, name: row.name, email: row.email, role: row.role as Role }));
  };

  /** One scan for every count: by form, status, campaign and referrer, under the other filters. */
  const countsQuery = (role: Role, filters: LeadFilters) =>
    matching(role, filters, "counts")
      .select((eb) => [
        "l.form_id",
        "l.status",
        "l.utm_campaign",
        "l.referrer",
        eb.fn.countAll<number>().as("count"),
      ])
      .groupBy(["l.form_id", "l.status", "l.utm_campaign", "l.referrer"]);

  return {
    /** The list's count query, for its plan (inbox-sources.test.ts checks it reads the covering index alone). */
    countsQuery,
    /** The list's page query, for its plan (inbox-sources.test.ts checks how a search finds its leads). */
    pageQuery: pageOf,

    async list(role: Role, filters: LeadFilters, page: number) {
      const [rows, groups, latest] = await Promise.all([
        pageOf(role, filters)
          .limit(PAGE_SIZE)
          .offset((page - 1) * PAGE_SIZE)
          .execute(),
        countsQuery(role, filters).execute(),
        matching(role, {})
          .select("l.id")
          .orderBy("l.created_at", "desc")
          .orderBy("l.id", "desc")
          .limit(1)
          .executeTakeFirst(),
      ]);
      const counts = countGroups(role, filters, groups);
      return {
        leads: rows.map(toListRow),
        page,
        pageSize: PAGE_SIZE,
        total: counts.total,
        counts: counts.counts,
        latestId: latest?.id ?? null,
      };
    },

    /** Every matching lead the role may see, newest first, with every field and its source (for the CSV export). */
    async exportRows(role: Role, filters: LeadFilters) {
      // The source columns only here: the list (polled every 15 s) never shows them.
      const rows = await pageOf(role, filters)
        .select([...SOURCE_COLUMNS])
        .execute();
      return rows.map((row) => ({
        ...toListRow(row),
        fields: parseFields(row.fields),
        source: sourceOf(row),
      }));
    },

    /** The lead page; opening it marks the lead not new and is audited. Null when missing or not the role's. */
    async open(actor: StaffUser, id: string) {
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      const at = now();
      const work = await workOf(lead.id);
      if (!work?.first_opened_at) {
        await staffDb.transaction(async (trx) => {
          const opened = await trx
            .updateTable("leads")
            .set({ first_opened_at: at })
            .where("id", "=", lead.id)
            .where("first_opened_at", "is", null)
            .executeTakeFirst();
          if (Number(opened.numUpdatedRows) === 1)
            await recordHistory(trx, { leadId: lead.id, actorId: actor.id, action: "viewed", at });
        });
      }
      await audit(db, { actorId: actor.id, action: "lead_viewed", leadId: lead.id }, at);
      return { lead: await leadView(lead), notes: await notes(lead.id), history: await history(lead.id) };
    },

    /** The resume of a lead the role may see, audited; null when there is none to give. */
    async resume(actor: StaffUser, id: string) {
      const lead = await visibleLead(actor.role, id);
      if (!lead?.resume) return null;
      const blob = await store.readResume(lead.id);
      if (!blob) return null;
      await audit(db, { actorId: actor.id, action: "resume_downloaded", leadId: lead.id });
      return { blob, resume: lead.resume };
    },

    /**
     * Changes status and/or assignee, each change in the history and the audit. Null when the lead is not
     * the role's; a string names what was refused.
     */
    async update(
      actor: StaffUser,
      id: string,
      change: { status?: string | undefined; assigneeId?: string | null | undefined },
    ) {
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      if (change.status !== undefined && !statusesOf(lead.formId).includes(change.status))
        return "bad_status" as const;
      let assignee: { id: string; name: string } | null | undefined;
      if (change.assigneeId !== undefined) {
        if (change.assigneeId === null) assignee = null;
        else {
          const candidate = (await people(actor.role)).find((person) => person.id === change.assigneeId);
          if (!candidate || !maySee(candidate.role, lead.formId)) return "bad_assignee" as const;
          assignee = candidate;
        }
      }
      const at = now();
      const entries: { action: "status_changed" | "assignee_changed"; detail: string }[] = [];
      await staffDb.transaction(async (trx) => {
        const before = await trx
          .selectFrom("leads as l")
          .leftJoin("staff_user as u", "u.id", "l.assignee_id")
          .select(["l.status", "l.assignee_id", "u.name as assignee_name"])
          .where("l.id", "=", lead.id)
          .executeTakeFirst();
        const status = change.status ?? before?.status ?? NEW_STATUS;
        const assigneeId = assignee === undefined ? (before?.assignee_id ?? null) : (assignee?.id ?? null);
        await trx
          .updateTable("leads")
          .set({ status, assignee_id: assigneeId })
          .where("id", "=", lead.id)
          .execute();
        const fromStatus = before?.status ?? NEW_STATUS;
        if (status !== fromStatus) {
          await recordHistory(trx, {
            leadId: lead.id,
            actorId: actor.id,
            action: "status",
            from: fromStatus,
            to: status,
            at,
          });
          entries.push({ action: "status_changed", detail: `${fromStatus} -> ${status}` });
        }
        if (assignee !== undefined && assigneeId !== (before?.assignee_id ?? null)) {
          await recordHistory(trx, {
            leadId: lead.id,
            actorId: actor.id,
            action: "assignee",
            from: before?.assignee_name ?? null,
            to: assignee?.name ?? null,
            at,
          });
          entries.push({
            action: "assignee_changed",
            detail: `${before?.assignee_id ?? "none"} -> ${assigneeId ?? "none"}`,
          });
        }
      });
      for (const entry of entries) await audit(db, { actorId: actor.id, leadId: lead.id, ...entry }, at);
      return { lead: await leadView(lead) };
    },

    async addNote(actor: StaffUser, id: string, text: string) {
      const lead = await visibleLead(actor.role, id);
      if (!lead) return null;
      const at = now();
      const noteId = newId();
      await staffDb.transaction(async (trx) => {
        await trx
          .insertInto("lead_notes")
          .values({ id: noteId, lead_id: lead.id, author_id: actor.id, text, created_at: at })
          .execute();
        await recordHistory(trx, { leadId: lead.id, actorId: actor.id, action: "note", to: noteId, at });
      });
      await audit(db, { actorId: actor.id, action: "note_added", leadId: lead.id }, at);
      return {
        note: {
          id: noteId,
          author: { id: actor.id, name: actor.name, email: actor.email },
          at: iso(at) ?? "",
          text,
        },
      };
    },

    people,
  };
}

export type Inbox = ReturnType<typeof createInbox>;
