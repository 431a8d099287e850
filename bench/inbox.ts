/**
 * The staff inbox at 50,000 leads: seeds them into a fresh store, signs an admin in, and measures the server
 * time of the list endpoint (in process, `app.request`: no network) for the first page, a filtered page and a
 * search. Reports p50 / p99 per query; target p99 < 50 ms. Beside them, in the same run, the reports
 * (decision 025): the last 12 weeks and a whole year, as an admin and as a recruiter; target p99 < 100 ms. And
 * the recruiters' Documents filter over the applications' credential checklists (bench/credential-seed.ts),
 * beside the recruiter's unfiltered list.
 * SQLite in a temp dir; with DATABASE_URL also PostgreSQL, in a schema of its own that is dropped afterwards.
 *
 *   npm run bench:inbox                      (INBOX_LEADS=50000, INBOX_RUNS=200)
 *   INBOX_ONLY=documents npm run bench:inbox the recruiter's list and its Documents filters alone
 */
import { randomUUID } from "node:crypto";
import { type Insertable, sql } from "kysely";
import { LEAD_FORM_IDS } from "../leads/forms.ts";
import type { LeadHistoryTable, LeadsTable } from "../server/store/database.ts";
import { statusesOf } from "../staff/workflow.ts";
import { openStaffHarness, type StaffHarness } from "../test-support/staff-harness.ts";
import { seedChecklists } from "./credential-seed.ts";

const LEADS = Number(process.env.INBOX_LEADS ?? 50_000);
const RUNS = Number(process.env.INBOX_RUNS ?? 200);
/** INBOX_ONLY=documents: the recruiter's list and its Documents filters alone (the figures the issue gates). */
const ONLY_DOCUMENTS = process.env.INBOX_ONLY === "documents";
const TARGET_P99_MS = 50;
const REPORTS_TARGET_P99_MS = 100;
const BATCH = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const FIRST = [
  "Ada",
  "Grace",
  "Mary",
  "Linus",
  "Rosalind",
  "Alan",
  "Katherine",
  "Edsger",
  "Barbara",
  "Donald",
];
const LAST = [
  "Lovelace",
  "Hopper",
  "Seacole",
  "Pauling",
  "Franklin",
  "Turing",
  "Johnson",
  "Dijkstra",
  "Liskov",
  "Knuth",
];
const ORGS = ["Riverside Care", "Oak Clinic", "Harbor Health", "Summit Rehab", "Maple Nursing"];
const STATES = ["delivered", "delivered", "delivered", "delivered", "pending", "dead"] as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Leads over the past year, every form, a fifth of them opened and worked on (a status change in their history);
 * one in 500 is a "Quinn"; one in four came from one of 3 campaigns, one in three from one of 7 referring sites;
 * each due 4 hours after it came, two in three answered, within 1 to 9 hours.
 */
async function seed(h: StaffHarness) {
  const { db, store } = h;
  const start = Date.now() - 365 * DAY;
  for (let offset = 0; offset < LEADS; offset += BATCH) {
    const leads: Insertable<LeadsTable>[] = [];
    const history: Insertable<LeadHistoryTable>[] = [];
    for (let index = offset; index < Math.min(LEADS, offset + BATCH); index++) {
      const formId = LEAD_FORM_IDS[index % LEAD_FORM_IDS.length] ?? "chartassist-demo";
      const first = index % 500 === 0 ? "Quinn" : (FIRST[index % FIRST.length] ?? "");
      const last = LAST[Math.floor(index / 10) % LAST.length] ?? "";
      const email = `${first}.${last}.${index}@example.com`.toLowerCase();
      const fields =
        formId === "nurse-application"
          ? { firstName: first, lastName: last, email, phone: `555-01${index % 100}`, consent: "on" }
          : {
              name: `${first} ${last}`,
              email,
              company: ORGS[index % ORGS.length] ?? "",
              phone: `555-01${index % 100}`,
            };
      const id = randomUUID();
      const statuses = statusesOf(formId);
      const worked = index % 5 === 0;
      const createdAt = start + Math.floor((index / LEADS) * 365 * DAY);
      const status = worked ? (statuses[index % statuses.length] ?? "New") : "New";
      if (status !== "New")
        history.push({
          id: randomUUID(),
          lead_id: id,
          action: "status",
          from_value: "New",
          to_value: status,
          at: createdAt + HOUR,
        });
      leads.push({
        id,
        form_id: formId,
        state: STATES[index % STATES.length] ?? "delivered",
        fields: JSON.stringify(fields),
        created_at: createdAt,
        due_at: createdAt + 4 * HOUR,
        first_response_at: index % 3 === 2 ? null : createdAt + (1 + (index % 9)) * HOUR,
        status,
        first_opened_at: worked ? start : null,
        source_page: "/",
        utm_campaign: index % 4 === 0 ? `campaign-${index % 12}` : null,
        referrer: index % 3 === 0 ? `https://site${index % 7}.example` : null,
      });
    }
    await db.insertInto("leads").values(leads).execute();
    if (history.length > 0) await db.insertInto("lead_history").values(history).execute();
  }
  const checklists = await seedChecklists(db, new Date().toISOString().slice(0, 10));
  console.log(`${store.dialect}: ${checklists} applications with a credential checklist`);
  // As a server that has been running has them: SQLite's by the hourly upkeep, PostgreSQL's by autovacuum.
  if (store.dialect === "postgres") await sql`VACUUM ANALYZE leads, credential_items`.execute(db);
  else await store.operations.refreshStatistics();
}

/** How many leads an answer covers: the list's total, or the reports' leads over every week and form. */
function leadsIn(body: unknown): number {
  const answer = body as { total?: number; weeks?: { forms: Record<string, { leads: number }> }[] };
  if (answer.weeks)
    return answer.weeks.reduce(
      (sum, week) => sum + Object.values(week.forms).reduce((inWeek, form) => inWeek + form.leads, 0),
      0,
    );
  return answer.total ?? 0;
}

interface Measured {
  label: string;
  total: number;
  p50: number;
  p99: number;
  target: number;
}

async function measure(
  h: StaffHarness,
  cookie: string,
  label: string,
  path: string,
  target = TARGET_P99_MS,
): Promise<Measured> {
  const times: number[] = [];
  let total = 0;
  for (let run = 0; run < RUNS + 10; run++) {
    const started = performance.now();
    const response = await h.request(path, { cookie });
    const body: unknown = await response.json();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${label}: HTTP ${response.status}`);
    total = leadsIn(body);
    if (run >= 10) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return { label, total, p50: percentile(times, 50), p99: percentile(times, 99), target };
}

/** The recruiter's list under each Documents filter. */
async function documentCases(h: StaffHarness, cookie: string) {
  const cases: Measured[] = [];
  for (const filter of ["requested", "incomplete", "complete", "expiring", "expired"])
    cases.push(await measure(h, cookie, `list: documents ${filter}`, `/leads?documents=${filter}`));
  return cases;
}

const row = (dialect: string, result: Measured) =>
  `${dialect.padEnd(8)} ${result.label.padEnd(27)} ${String(result.total).padStart(6)} leads  p50 ${result.p50.toFixed(1).padStart(6)} ms  p99 ${result.p99.toFixed(1).padStart(6)} ms  (< ${result.target})  ${result.p99 < result.target ? "ok" : "OVER TARGET"}`;

async function bench(dialect: "sqlite" | "postgres") {
  const h = await openStaffHarness(dialect);
  try {
    const admin = await h.addStaff("admin");
    const recruiter = await h.addStaff("recruiting");
    const seeded = performance.now();
    await seed(h);
    console.log(`${dialect}: seeded ${LEADS} leads in ${Math.round(performance.now() - seeded)} ms`);
    // The part of every request that is neither the inbox nor the reports: the session check and the headers.
    const session = await measure(h, admin.cookie, "session only (GET /me)", "/me");
    console.log(
      `${dialect.padEnd(8)} ${session.label.padEnd(27)}               p50 ${session.p50.toFixed(1).padStart(6)} ms  p99 ${session.p99.toFixed(1).padStart(6)} ms`,
    );
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 364 * DAY).toISOString().slice(0, 10);
    if (ONLY_DOCUMENTS) {
      const results = [
        await measure(h, recruiter.cookie, "list: recruiter", "/leads"),
        ...(await documentCases(h, recruiter.cookie)),
      ];
      for (const result of results) console.log(row(dialect, result));
      return results.every((result) => result.p99 < result.target);
    }
    const results = [
      await measure(h, admin.cookie, "list: first page", "/leads"),
      await measure(
        h,
        admin.cookie,
        "list: filtered page",
        "/leads?form=nurse-application&status=New&delivery=delivered&page=2",
      ),
      await measure(h, admin.cookie, "list: search", "/leads?q=quinn"),
      await measure(h, admin.cookie, "list: by campaign", "/leads?campaign=campaign-4"),
      await measure(h, recruiter.cookie, "list: recruiter", "/leads"),
      ...(await documentCases(h, recruiter.cookie)),
      await measure(h, admin.cookie, "reports: 12 weeks", "/reports", REPORTS_TARGET_P99_MS),
      await measure(h, recruiter.cookie, "reports: 12 w, recruiter", "/reports", REPORTS_TARGET_P99_MS),
      await measure(
        h,
        admin.cookie,
        "reports: a year",
        `/reports?from=${yearAgo}&to=${today}`,
        REPORTS_TARGET_P99_MS,
      ),
    ];
    for (const result of results) console.log(row(dialect, result));
    return results.every((result) => result.p99 < result.target);
  } finally {
    await h.close();
  }
}

const dialects: ("sqlite" | "postgres")[] = process.env.DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
let ok = true;
for (const dialect of dialects) ok = (await bench(dialect)) && ok;
console.log(
  `targets p99 < ${TARGET_P99_MS} ms (list), < ${REPORTS_TARGET_P99_MS} ms (reports); ${RUNS} runs each, server time in process: ${ok ? "met" : "NOT met"}`,
);
process.exitCode = ok ? 0 : 1;
