import { type SqlBool, sql } from "kysely";
import { NEW_STATUS } from "../../../staff/workflow.ts";
import { SOURCE_COLUMNS } from "../database-rows.ts";
import { BULK_BATCH, type Engine } from "../engine.ts";
import { overdue, unansweredByDue } from "../response-clock.ts";
import { type DocumentDay, documentProgress, documentsAre } from "./document-filters.ts";
import type { LeadFilters } from "./inbox-filters.ts";
import { beyond, fieldNamesIn, inBatches, type LeadsFrom } from "./lead-reads.ts";

/**
 * The leads a staff member may see (the role's scope, staff/permissions.ts): those of these forms, and what the
 * honeypot caught only with `spam` (then only under the Spam filter).
 */
export interface InboxScope {
  forms: readonly string[];
  spam: boolean;
}

/** The inbox's views, counted over all the scope's leads whatever the filters (spam only where it may see it). */
export interface ViewCounts {
  awaiting: number;
  mine: number;
  overdue: number;
  spam?: number;
}

/** An opening and how many of the matching leads were applications for it. */
export interface OpeningCountRow {
  id: string;
  title: string;
  count: number | string | bigint;
}

/** One group of the counts' scan: how many leads share a form, status, campaign and referrer. */
export interface CountGroup {
  form_id: string;
  status: string;
  utm_campaign: string | null;
  referrer: string | null;
  count: number | string | bigint;
}

export type { LeadFilters } from "./inbox-filters.ts";

type LeadQuery = LeadsFrom;

export type InboxSort = "newest" | "due";

/** Without a business day given (the export, the plans' tests), statuses are read on a day no item expires near. */
const NO_DAY: DocumentDay = { today: "0000-01-01", soon: "0000-01-01" };

/** What the staff inbox's list and export read: the leads a role may see, filtered, searched and counted. */
export function inboxQueries(engine: Engine) {
  const { db } = engine;

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
  const matching = (scope: InboxScope, filters: LeadFilters, counts?: "counts"): LeadQuery => {
    const forms = scope.forms.filter((form) => counts || !filters.form || form === filters.form);
    const query = db
      .selectFrom("leads as l")
      .where("l.form_id", "in", forms.length > 0 ? forms : ["-"])
      .where("l.state", filters.spam && scope.spam ? "=" : "!=", "spam")
      .$if(Boolean(filters.awaiting), (q) => q.where("l.awaiting_since", "is not", null))
      .$if(filters.assigneeId !== undefined, (q) => q.where("l.assignee_id", "=", filters.assigneeId ?? ""))
      .$if(filters.overdueAt !== undefined, (q) => q.where(overdue(filters.overdueAt ?? 0)))
      .$if(Boolean(filters.delivery), (q) => q.where("l.state", "=", filters.delivery ?? "pending"))
      .$if(filters.from !== undefined, (q) => q.where("l.created_at", ">=", filters.from ?? 0))
      .$if(filters.to !== undefined, (q) => q.where("l.created_at", "<", filters.to ?? 0))
      .$if(Boolean(filters.status) && !counts, (q) => q.where("l.status", "=", filters.status ?? NEW_STATUS))
      .$if(filters.openingId !== undefined, (q) => q.where("l.opening_id", "=", filters.openingId ?? ""))
      .$if(Boolean(filters.q), (q) => q.where(contains(filters.q ?? "")))
      .$if(filters.documents !== undefined && filters.day !== undefined, (q) =>
        q.where(documentsAre(filters.documents ?? "requested", filters.day ?? NO_DAY)),
      ) as LeadQuery;
    if (counts) return query;
    return query
      .$call(filters.campaign === undefined ? (q) => q : sourceIs("l.utm_campaign", filters.campaign))
      .$call(filters.referrer === undefined ? (q) => q : sourceIs("l.referrer", filters.referrer));
  };

  /**
   * The page's rows. The assignee's name and e-mail are looked up for the rows of the page alone: joining the
   * staff table made SQLite sort every lead of the role before taking the page (decision 025).
   */
  const rowsOf = (query: LeadQuery, sort: InboxSort = "newest", day: DocumentDay = NO_DAY) =>
    query
      .select(documentProgress(day))
      .select((eb) => [
        "l.id",
        "l.form_id",
        "l.created_at",
        "l.fields",
        "l.state",
        "l.status",
        "l.first_opened_at",
        "l.assignee_id",
        eb
          .selectFrom("staff_user as u")
          .select("u.name")
          .whereRef("u.id", "=", "l.assignee_id")
          .as("assignee_name"),
        eb
          .selectFrom("staff_user as u")
          .select("u.email")
          .whereRef("u.id", "=", "l.assignee_id")
          .as("assignee_email"),
        "l.awaiting_since",
        "l.unread_replies",
        "l.due_at",
        "l.first_response_at",
        "l.opening_id",
        // Like the assignee's name, for the page's rows alone (the opening's title as it is now).
        eb
          .selectFrom("openings as o")
          .select("o.title")
          .whereRef("o.id", "=", "l.opening_id")
          .as("opening_title"),
      ])
      // "due": the unanswered first, the earliest due first; then the rest newest first.
      .$if(sort === "due", (q) => q.orderBy(unansweredByDue[0]).orderBy(unansweredByDue[1]))
      .orderBy("l.created_at", "desc")
      .orderBy("l.id", "desc");

  /**
   * The page's rows, newest first. A search finds its (usually few) matches through the covering index first
   * (by the engine's row key) and sorts those, rather than reading leads newest first until enough match: the
   * matches are a materialised CTE, since PostgreSQL otherwise chose to walk every lead newest first
   * (decision 025 has both times).
   */
  const pageQuery = (scope: InboxScope, filters: LeadFilters, sort?: InboxSort) =>
    filters.q
      ? rowsOf(
          db
            .with(
              (cte) => cte("matches").materialized(),
              () => matching(scope, filters).select(engine.sql.rowKey.as("key")),
            )
            .selectFrom("leads as l")
            .where(engine.sql.rowKey, "in", (eb) =>
              eb.selectFrom("matches").select("matches.key"),
            ) as unknown as LeadQuery,
          sort,
          filters.day,
        )
      : rowsOf(matching(scope, filters), sort, filters.day);

  /** One scan for every count: by form, status, campaign and referrer, under the other filters. */
  const countsQuery = (scope: InboxScope, filters: LeadFilters) =>
    matching(scope, filters, "counts")
      .select((eb) => [
        "l.form_id",
        "l.status",
        "l.utm_campaign",
        "l.referrer",
        eb.fn.countAll<number>().as("count"),
      ])
      .groupBy(["l.form_id", "l.status", "l.utm_campaign", "l.referrer"]);

  /**
   * The views' counts in one statement, each its own subquery over the index that holds its leads
   * (leads_awaiting, leads_by_assignee, leads_unanswered_due, leads_by_state), so none reads the role's every lead.
   */
  const viewsQuery = (scope: InboxScope, viewerId: string, now: number) => {
    const count = (filters: LeadFilters) =>
      matching(scope, filters).select((eb) => eb.fn.countAll<number | string | bigint>().as("count"));
    return db.selectNoFrom([
      count({ awaiting: true }).as("awaiting"),
      count({ assigneeId: viewerId }).as("mine"),
      count({ overdueAt: now }).as("overdue"),
      (scope.spam ? count({ spam: true }) : sql<number>`0`).as("spam"),
    ]);
  };

  /**
   * Every opening with its applications among the matching leads, the Opening filter left out: per opening, a
   * count through the partial index leads_by_opening (opening_id = ?), so it reads only applications tied to an
   * opening, never every lead of the role (a grouped join made SQLite walk them all by form).
   */
  const openingCountsQuery = (scope: InboxScope, filters: LeadFilters) => {
    const applications = matching(scope, { ...filters, openingId: undefined })
      .where(sql<SqlBool>`l.opening_id = o.id`)
      .select(sql<number>`count(*)`.as("n"));
    return (
      db
        .selectFrom("openings as o")
        .select(["o.id", "o.title", sql<number | string | bigint>`(${applications})`.as("count")])
        .orderBy("count", "desc")
        // Then the newest opening first (ids are time-ordered): titles sort apart on the two databases.
        .orderBy("o.id", "desc")
    );
  };

  return {
    /** The openings' count query, for its plan (inbox-openings.test.ts checks it reads leads_by_opening). */
    openingCountsQuery,
    /** The views' count query, for its plans (inbox-views-plan.test.ts checks each reads one small index). */
    viewsQuery,
    /** The list's count query, for its plan (inbox-sources.test.ts checks it reads the covering index alone). */
    countsQuery,
    /** The list's page query, for its plan (inbox-sources.test.ts checks how a search finds its leads). */
    pageQuery,

    /** One page of leads, the count groups under the filters, and the newest lead of the scope at all. */
    async list(scope: InboxScope, filters: LeadFilters, page: number, pageSize: number, sort?: InboxSort) {
      const [rows, groups, latest] = await Promise.all([
        pageQuery(scope, filters, sort)
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
        countsQuery(scope, filters).execute() as Promise<CountGroup[]>,
        matching(scope, {})
          .select("l.id")
          .orderBy("l.created_at", "desc")
          .orderBy("l.id", "desc")
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { rows, groups, latestId: latest?.id ?? null };
    },

    /**
     * The openings with applications among the matching leads (the Opening filter left out), the most first;
     * the chosen opening is among them even when none of its applications match.
     */
    async openingCounts(scope: InboxScope, filters: LeadFilters): Promise<OpeningCountRow[]> {
      const rows = await openingCountsQuery(scope, filters).execute();
      return rows.filter((row) => Number(row.count) > 0 || row.id === filters.openingId);
    },

    /** The views' counts for one staff member: over all the role's leads, whatever the filters. */
    async views(scope: InboxScope, viewerId: string, now: number): Promise<ViewCounts> {
      const row = await viewsQuery(scope, viewerId, now).executeTakeFirstOrThrow();
      return {
        awaiting: Number(row.awaiting),
        mine: Number(row.mine),
        overdue: Number(row.overdue),
        ...(scope.spam && { spam: Number(row.spam) }),
      };
    },

    /** Every field name the matching leads have (the export's columns). */
    exportFieldNames: (scope: InboxScope, filters: LeadFilters) =>
      fieldNamesIn(engine, matching(scope, filters)),

    /** The count groups alone (the export audits how many leads it carries). */
    counts: (scope: InboxScope, filters: LeadFilters) =>
      countsQuery(scope, filters).execute() as Promise<CountGroup[]>,

    /**
     * Every matching lead with its source, newest first, BULK_BATCH at a time (for the CSV export, which streams
     * them). The source columns only here: the list (polled every 15 s) never shows them.
     */
    exportBatches: (scope: InboxScope, filters: LeadFilters) =>
      inBatches((end) =>
        pageQuery(scope, filters)
          .select([...SOURCE_COLUMNS])
          .$if(end !== undefined, (q) => q.where(beyond("desc", end ?? { createdAt: 0, id: "" })))
          .limit(BULK_BATCH)
          .execute(),
      ),
  };
}

export type InboxQueries = ReturnType<typeof inboxQueries>;
export type InboxRow = Awaited<ReturnType<InboxQueries["list"]>>["rows"][number];
