import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type {
  AuditEntry,
  HistoryEntry,
  LeadDetail,
  LeadRow,
  Note,
  StaffRole,
  StaffUser,
} from "../../app/staff/lib/types.ts";
import type { LeadFormId } from "../../leads/catalog.ts";
import type { LeadSource } from "../../leads/source.ts";
import { NO_SOURCE_VALUE } from "../../leads/source-labels.ts";
import { fieldLabelOf, formLabelOf } from "../../staff/labels.ts";
import { FORMS_OF_ROLE } from "../../staff/roles.ts";
import { statusesOf } from "../../staff/workflow.ts";

/**
 * A contract-faithful fake of the staff API (issue 13 contract), in memory: the UI's component tests call
 * it through fetch, and tests/staff/serve-fake.ts mounts it in the real server for Playwright until the
 * real API (branch i13api) is merged. Same paths, shapes, status codes and error codes as the contract.
 */

export const FAKE_PASSWORD = "correct horse battery";
/** The fake's TOTP: one fixed code (the real server checks a time-based one). */
export const FAKE_CODE = "123456";
export const SETUP_TOKEN = "setup-token-ok";

// The contract's labels, role split and workflows are the real server's own modules (one source, no drift).

interface FakeLead {
  id: number;
  formId: LeadFormId;
  createdAt: string;
  fields: Record<string, string>;
  resume: { filename: string; contentType: string; bytes: Uint8Array } | null;
  status: string;
  assigneeId: string | null;
  delivery: "pending" | "delivered" | "dead";
  opened: boolean;
  source: LeadSource;
  notes: Note[];
  history: HistoryEntry[];
}

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

export const FAKE_STAFF: (StaffUser & { password: string })[] = [
  { id: "u-admin", email: "admin@example.com", name: "Ada Admin", role: "admin", password: FAKE_PASSWORD },
  {
    id: "u-recruiter",
    email: "rita@example.com",
    name: "Rita Recruiter",
    role: "recruiting",
    password: FAKE_PASSWORD,
  },
  { id: "u-sales", email: "sam@example.com", name: "Sam Sales", role: "sales", password: FAKE_PASSWORD },
];

/** A small, varied inbox: every form, a resume, a dead delivery, an opened lead. */
function seedLeads(now: number): FakeLead[] {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const lead = (id: number, formId: LeadFormId, minutesAgo: number, fields: Record<string, string>) =>
    ({
      id,
      formId,
      createdAt: at(minutesAgo),
      fields,
      resume: null,
      status: "New",
      assigneeId: null,
      delivery: "delivered",
      opened: false,
      source: {},
      notes: [],
      history: [],
    }) satisfies FakeLead as FakeLead;
  const leads = [
    lead(1, "chartassist-demo", 60 * 24 * 9, {
      name: "Dana Whitfield",
      email: "dana@oakridge.example",
      company: "Oakridge Care Center",
      phone: "(555) 201-3344",
      beds: "120",
    }),
    lead(2, "nurse-application", 60 * 24 * 6, {
      firstName: "Marisol",
      lastName: "Vega",
      email: "marisol.vega@example.com",
      phone: "(555) 410-2231",
      credential: "RN",
      experience: "3-5",
      message: "Night shifts preferred.",
      consent: "yes",
    }),
    lead(3, "staffing-request", 60 * 24 * 3, {
      facility: "Lakeside Rehab",
      name: "Owen Park",
      email: "owen@lakeside.example",
      phone: "(555) 300-1200",
      nurse_type: "CNA",
      date: "2026-12-01",
    }),
    lead(4, "payroll-info", 60 * 24 * 2, {
      name: "Priya Shah",
      email: "priya@northwind.example",
      phone: "",
      organization: "Northwind Health",
      message: '=HYPERLINK("x")',
    }),
    lead(5, "careworks-demo", 300, {
      name: "Leo Grant",
      email: "leo@harbor.example",
      company: "Harbor Clinics",
      phone: "(555) 777-0101",
      message: "Looking for remote billing help.",
    }),
    lead(6, "nurse-application", 45, {
      firstName: "Jonah",
      lastName: "Brooks",
      email: "jonah.brooks@example.com",
      phone: "(555) 989-4545",
      credential: "LPN",
      experience: "1-3",
      message: "",
      consent: "yes",
    }),
  ];
  const [dana, marisol, owen, , leo, jonah] = leads;
  const newsletter = { landing_page: "/", referrer: "https://news.example.org", utm_campaign: "fall" };
  if (dana) dana.source = { source_page: "/chart-assist", utm_source: "newsletter", ...newsletter };
  if (marisol) marisol.source = { source_page: "/careers", ...newsletter };
  if (leo) leo.source = { source_page: "/health-admin", referrer: "https://search.example.com" };
  if (marisol) {
    marisol.resume = { filename: "marisol-vega-resume.pdf", contentType: "application/pdf", bytes: PDF };
    marisol.opened = true;
    marisol.status = "Screening";
  }
  if (jonah)
    jonah.resume = {
      filename: "jonah-brooks.docx",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      bytes: new TextEncoder().encode("PK fake docx"),
    };
  if (owen) owen.delivery = "dead";
  return leads;
}

const error = (code: string, message: string) => ({ error: code, message });

export interface FakeStaffApi {
  /** Mount under /api (as the server mounts the real one). */
  app: Hono;
  /** Leads arriving while a page is open (the inbox's polling). */
  arrive(formId: LeadFormId, fields: Record<string, string>): number;
  state: { leads: FakeLead[]; audit: AuditEntry[] };
}

export function createFakeStaffApi({
  signedInAs,
  siteOrigin,
  now = Date.now(),
}: {
  /** Component tests: every request is this person's, no cookie needed. */
  signedInAs?: StaffRole;
  /** Origin checks on state changes, as the contract says (off when absent). */
  siteOrigin?: string;
  now?: number;
} = {}): FakeStaffApi {
  const leads = seedLeads(now);
  const audit: AuditEntry[] = [];
  const sessions = new Map<string, string>();
  const failures = new Map<string, number>();
  let setupUsed = false;
  let nextId = 100;

  const audited = (actor: StaffUser | null, action: string, leadId: number | null = null) =>
    audit.unshift({
      id: nextId++,
      at: new Date().toISOString(),
      actor: actor && { id: actor.id, email: actor.email },
      action,
      leadId,
      detail: null,
    });
  audited(FAKE_STAFF[0] ?? null, "sign_in");

  const person = (id: string | null) => {
    const found = FAKE_STAFF.find((staff) => staff.id === id);
    return found ? { id: found.id, name: found.name, email: found.email } : null;
  };
  const nameOf = (lead: FakeLead) =>
    lead.fields.name ?? [lead.fields.firstName, lead.fields.lastName].filter(Boolean).join(" ");
  const row = (lead: FakeLead): LeadRow => ({
    id: lead.id,
    formId: lead.formId,
    formLabel: formLabelOf(lead.formId),
    createdAt: lead.createdAt,
    name: nameOf(lead),
    email: lead.fields.email ?? "",
    organisation: lead.fields.company || lead.fields.facility || lead.fields.organization || null,
    status: lead.status,
    assignee: person(lead.assigneeId),
    delivery: lead.delivery,
    isNew: !lead.opened,
  });
  const detail = (lead: FakeLead): LeadDetail => ({
    id: lead.id,
    formId: lead.formId,
    formLabel: formLabelOf(lead.formId),
    createdAt: lead.createdAt,
    fields: Object.entries(lead.fields).map(([name, value]) => ({
      name,
      label: fieldLabelOf(lead.formId, name),
      value,
    })),
    source: lead.source,
    resume: lead.resume && {
      filename: lead.resume.filename,
      contentType: lead.resume.contentType,
      size: lead.resume.bytes.length,
      inline: lead.resume.contentType === "application/pdf",
    },
    status: lead.status,
    statuses: [...statusesOf(lead.formId)],
    assignee: person(lead.assigneeId),
    deliveries: [
      {
        channel: "email",
        state: lead.delivery,
        attempts: lead.delivery === "dead" ? 8 : 1,
        lastAttemptAt: lead.createdAt,
        lastError: lead.delivery === "dead" ? "550 mailbox unavailable" : null,
        problem: lead.delivery === "dead" ? "The mail server refused the message." : null,
      },
    ],
  });

  const app = new Hono<{ Variables: { user: StaffUser } }>();
  const api = new Hono<{ Variables: { user: StaffUser } }>();

  api.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("X-Robots-Tag", "noindex");
  });
  api.use(async (c, next) => {
    if (siteOrigin && ["POST", "PATCH", "DELETE"].includes(c.req.method)) {
      const origin = c.req.header("Origin");
      if (origin && origin !== siteOrigin)
        return c.json(error("bad_origin", "This request came from another site."), 403);
    }
    await next();
  });

  // Set-up and sign-in: no session needed.
  api.get("/setup", (c) =>
    c.req.query("token") === SETUP_TOKEN && !setupUsed
      ? c.json({ email: "new.person@example.com" })
      : c.json(
          error(
            "setup_link_invalid",
            "This set-up link is invalid, used or expired. Ask an admin for a new one.",
          ),
          410,
        ),
  );
  api.post("/setup/password", async (c) => {
    const { token, password } = await c.req.json<{ token: string; password: string }>();
    if (token !== SETUP_TOKEN || setupUsed)
      return c.json(
        error(
          "setup_link_invalid",
          "This set-up link is invalid, used or expired. Ask an admin for a new one.",
        ),
        410,
      );
    if (password.length < 12)
      return c.json(error("weak_password", "The password is under 12 characters."), 422);
    if (/^password|^123456|qwerty/i.test(password))
      return c.json(error("weak_password", "That password is on the list of common passwords."), 422);
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    return c.json({
      secret,
      totpUri: `otpauth://totp/Staff:new.person%40example.com?secret=${secret}&issuer=Staff&algorithm=SHA1&digits=6&period=30`,
    });
  });
  api.post("/setup/confirm", async (c) => {
    const { token, code } = await c.req.json<{ token: string; code: string }>();
    if (token !== SETUP_TOKEN || setupUsed)
      return c.json(error("setup_link_invalid", "This set-up link is invalid, used or expired."), 410);
    if (code !== FAKE_CODE)
      return c.json(error("bad_code", "That code is wrong or has expired. Enter the current one."), 422);
    setupUsed = true;
    return c.body(null, 204);
  });
  api.post("/sign-in", async (c) => {
    const { email, password, code } = await c.req.json<{ email: string; password: string; code: string }>();
    if (email === "busy@example.com") {
      c.header("Retry-After", "60");
      return c.json(
        error("rate_limited", "Too many sign-in attempts from here. Try again in a minute."),
        429,
      );
    }
    const staff = FAKE_STAFF.find((candidate) => candidate.email === email);
    if ((failures.get(email) ?? 0) >= 5)
      return c.json(error("locked", "This account is locked for 15 minutes after five wrong attempts."), 423);
    if (!staff || staff.password !== password || code !== FAKE_CODE) {
      failures.set(email, (failures.get(email) ?? 0) + 1);
      audited(null, "sign_in_failed");
      return c.json(error("bad_credentials", "E-mail, password or code is wrong."), 401);
    }
    failures.delete(email);
    const token = crypto.randomUUID();
    sessions.set(token, staff.id);
    setCookie(c, "staff_session", token, { httpOnly: true, sameSite: "Lax", path: "/" });
    const { password: _, ...user } = staff;
    audited(user, "sign_in");
    return c.json({ user });
  });

  api.use(async (c, next) => {
    const token = getCookie(c, "staff_session");
    const id = signedInAs
      ? FAKE_STAFF.find((staff) => staff.role === signedInAs)?.id
      : token && sessions.get(token);
    const staff = FAKE_STAFF.find((candidate) => candidate.id === id);
    if (!staff) return c.json(error("unauthenticated", "Sign in to continue."), 401);
    const { password: _, ...user } = staff;
    c.set("user", user);
    await next();
  });

  const notFound = { error: "not_found", message: "No such lead." };
  const visible = (user: StaffUser, lead: FakeLead | undefined) =>
    lead && FORMS_OF_ROLE[user.role].includes(lead.formId) ? lead : undefined;
  const adminOnly = (user: StaffUser) => user.role === "admin";

  api.post("/sign-out", (c) => {
    const token = getCookie(c, "staff_session");
    if (token) sessions.delete(token);
    deleteCookie(c, "staff_session", { path: "/" });
    return c.body(null, 204);
  });
  api.get("/me", (c) => c.json({ user: c.get("user") }));

  type Filter = "form" | "status" | "campaign" | "referrer";
  /** The contract's "none" for a campaign or referrer, and the value as stored. */
  const sourceMatches = (wanted: string | undefined, value: string | undefined) =>
    !wanted || (wanted === NO_SOURCE_VALUE ? value === undefined : value === wanted);
  /** The role's leads under the query's filters, all but `except` (each count leaves its own filter out). */
  const filtered = (user: StaffUser, query: Record<string, string>, except?: Filter) =>
    leads
      .filter((lead) => FORMS_OF_ROLE[user.role].includes(lead.formId))
      .filter((lead) => except === "form" || !query.form || lead.formId === query.form)
      .filter((lead) => except === "status" || !query.status || lead.status === query.status)
      .filter((lead) => except === "campaign" || sourceMatches(query.campaign, lead.source.utm_campaign))
      .filter((lead) => except === "referrer" || sourceMatches(query.referrer, lead.source.referrer))
      .filter((lead) => !query.delivery || lead.delivery === query.delivery)
      .filter((lead) => !query.from || lead.createdAt.slice(0, 10) >= query.from)
      .filter((lead) => !query.to || lead.createdAt.slice(0, 10) <= query.to)
      .filter((lead) => {
        const q = query.q?.toLowerCase();
        return !q || Object.values(lead.fields).some((value) => value.toLowerCase().includes(q));
      })
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

  const tally = (values: (string | null)[]) => {
    const counts = new Map<string | null, number>();
    for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
    return counts;
  };
  const sourceCounts = (values: (string | undefined)[]) =>
    [...tally(values.map((value) => value ?? null))]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || Number(a.value === null) - Number(b.value === null));

  api.get("/leads", (c) => {
    const user = c.get("user");
    const query = c.req.query();
    const shown = filtered(user, query);
    const forms = Object.fromEntries(tally(filtered(user, query, "form").map((lead) => lead.formId)));
    const statuses = Object.fromEntries(tally(filtered(user, query, "status").map((lead) => lead.status)));
    const campaigns = sourceCounts(filtered(user, query, "campaign").map((lead) => lead.source.utm_campaign));
    const referrers = sourceCounts(filtered(user, query, "referrer").map((lead) => lead.source.referrer));
    const page = Math.max(1, Number(query.page) || 1);
    return c.json({
      leads: shown.slice((page - 1) * 50, page * 50).map(row),
      page,
      pageSize: 50,
      total: shown.length,
      counts: { forms, statuses, campaigns, referrers },
      latestId: shown.reduce<number | null>((latest, lead) => Math.max(latest ?? 0, lead.id), null),
    });
  });

  api.get("/leads/:id", (c) => {
    const user = c.get("user");
    const lead = visible(
      user,
      leads.find((candidate) => candidate.id === Number(c.req.param("id"))),
    );
    if (!lead) return c.json(notFound, 404);
    if (!lead.opened) {
      lead.opened = true;
      lead.history.push({
        id: nextId++,
        at: new Date().toISOString(),
        actor: person(user.id),
        action: "viewed",
        from: null,
        to: null,
      });
    }
    audited(user, "lead_view", lead.id);
    return c.json({ lead: detail(lead), notes: lead.notes, history: lead.history });
  });

  api.get("/leads/:id/resume", (c) => {
    const user = c.get("user");
    const lead = visible(
      user,
      leads.find((candidate) => candidate.id === Number(c.req.param("id"))),
    );
    if (!lead?.resume) return c.json(notFound, 404);
    const inline = lead.resume.contentType === "application/pdf" && c.req.query("download") !== "1";
    audited(user, "resume_download", lead.id);
    return c.body(lead.resume.bytes.slice().buffer, 200, {
      "Content-Type": lead.resume.contentType,
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${lead.resume.filename}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      // Framed by the lead page (same origin); the site's default is DENY.
      "X-Frame-Options": "SAMEORIGIN",
    });
  });

  api.patch("/leads/:id", async (c) => {
    const user = c.get("user");
    const lead = visible(
      user,
      leads.find((candidate) => candidate.id === Number(c.req.param("id"))),
    );
    if (!lead) return c.json(notFound, 404);
    const body = await c.req.json<{ status?: string; assigneeId?: string | null }>();
    const stamp = () => ({ id: nextId++, at: new Date().toISOString(), actor: person(user.id) });
    if (body.status !== undefined) {
      if (!detail(lead).statuses.includes(body.status))
        return c.json(error("bad_status", "That status is not part of this lead's workflow."), 422);
      lead.history.push({ ...stamp(), action: "status", from: lead.status, to: body.status });
      audited(user, "status_change", lead.id);
      lead.status = body.status;
    }
    if (body.assigneeId !== undefined) {
      lead.history.push({
        ...stamp(),
        action: "assignee",
        from: person(lead.assigneeId)?.name ?? null,
        to: person(body.assigneeId)?.name ?? null,
      });
      lead.assigneeId = body.assigneeId;
    }
    return c.json({ lead: detail(lead) });
  });

  api.post("/leads/:id/notes", async (c) => {
    const user = c.get("user");
    const lead = visible(
      user,
      leads.find((candidate) => candidate.id === Number(c.req.param("id"))),
    );
    if (!lead) return c.json(notFound, 404);
    const { text } = await c.req.json<{ text: string }>();
    if (!text?.trim() || text.length > 5000)
      return c.json(error("bad_note", "A note is 1 to 5,000 characters."), 422);
    const note: Note = {
      id: nextId++,
      author: person(user.id) ?? { id: user.id, name: user.name, email: user.email },
      at: new Date().toISOString(),
      text,
    };
    lead.notes.push(note);
    lead.history.push({
      id: nextId++,
      at: note.at,
      actor: note.author,
      action: "note",
      from: null,
      to: null,
    });
    return c.json({ note }, 201);
  });

  api.get("/people", (c) => {
    const user = c.get("user");
    const people = FAKE_STAFF.filter(
      (staff) => staff.role === "admin" || staff.role === user.role || user.role === "admin",
    );
    return c.json({ people: people.map(({ id, name, email, role }) => ({ id, name, email, role })) });
  });

  api.get("/export.csv", (c) => {
    const user = c.get("user");
    const defuse = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
    const quote = (value: string) => `"${defuse(value).replaceAll('"', '""')}"`;
    const rows = filtered(user, c.req.query()).map((lead) => {
      const r = row(lead);
      return [r.id, r.formLabel, r.createdAt, r.name, r.email, r.organisation ?? "", r.status]
        .map(String)
        .map(quote)
        .join(",");
    });
    audited(user, "export");
    return c.body(["id,form,created,name,email,organisation,status", ...rows].join("\r\n"), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="leads.csv"',
    });
  });

  api.post("/erase/preview", async (c) => {
    if (!adminOnly(c.get("user"))) return c.json(notFound, 404);
    const { email } = await c.req.json<{ email: string }>();
    const theirs = leads.filter((lead) => lead.fields.email?.toLowerCase() === email.trim().toLowerCase());
    return c.json({
      email,
      leads: theirs.map((lead) => ({
        id: lead.id,
        formLabel: formLabelOf(lead.formId),
        createdAt: lead.createdAt,
      })),
      files: theirs.filter((lead) => lead.resume).length,
      notes: theirs.reduce((sum, lead) => sum + lead.notes.length, 0),
    });
  });
  api.post("/erase", async (c) => {
    const user = c.get("user");
    if (!adminOnly(user)) return c.json(notFound, 404);
    const { email } = await c.req.json<{ email: string }>();
    const theirs = leads.filter((lead) => lead.fields.email?.toLowerCase() === email.trim().toLowerCase());
    const erased = {
      leads: theirs.length,
      files: theirs.filter((lead) => lead.resume).length,
      notes: theirs.reduce((sum, lead) => sum + lead.notes.length, 0),
    };
    for (const lead of theirs) leads.splice(leads.indexOf(lead), 1);
    audited(user, "erase");
    return c.json({ erased });
  });

  api.get("/audit", (c) => {
    if (!adminOnly(c.get("user"))) return c.json(notFound, 404);
    const page = Math.max(1, Number(c.req.query("page")) || 1);
    return c.json({
      entries: audit.slice((page - 1) * 100, page * 100),
      page,
      pageSize: 100,
      total: audit.length,
    });
  });

  api.all("*", (c) => c.json(error("not_found", "No such API endpoint."), 404));
  app.route("/staff", api);

  return {
    app: app as unknown as Hono,
    state: { leads, audit },
    arrive(formId, fields) {
      const id = Math.max(0, ...leads.map((lead) => lead.id)) + 1;
      leads.push({
        id,
        formId,
        createdAt: new Date().toISOString(),
        fields,
        resume: null,
        status: "New",
        assigneeId: null,
        delivery: "pending",
        opened: false,
        source: { source_page: "/" },
        notes: [],
        history: [],
      });
      return id;
    },
  };
}
