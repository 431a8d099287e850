import { createHash, randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { Hono } from "hono";
import { URI } from "otpauth";
import type { LeadSource } from "../leads/source.ts";
import { loadConfig, type ServerConfig } from "../server/config.ts";
import { createLogger } from "../server/runtime/logger.ts";
import { createStaffAccounts, type StaffAccounts } from "../server/staff/auth/accounts.ts";
import { openStaffAuth, type StaffAuth } from "../server/staff/auth/auth.ts";
import { createStaffApi } from "../server/staff/staff-api.ts";
import type { LeadDb } from "../server/store/database.ts";
import { newTempPath } from "../server/store/resume-files.ts";
import type { Store } from "../server/store/store.ts";
import type { NewLead, StoreDialect } from "../server/store/store-records.ts";
import type { Role } from "../staff/roles.ts";
import { waitFor } from "./server-process.ts";
import { createTestDatabase } from "./test-database.ts";

export const SITE_URL = "https://inbox.northwind.example";
export const PASSWORD = "correct horse battery staple";

/** The current code of an authenticator enrolled with this otpauth:// URI, computed by otpauth (at the real time: better-auth checks codes against it). */
export const totpNow = (totpUri: string, at = Date.now()) => {
  const otp = URI.parse(totpUri);
  if (!("period" in otp)) throw new Error("not a TOTP URI");
  return otp.generate({ timestamp: at });
};

/** A TOTP step is 30 s; the server accepts the current one and one either side, each once per account. */
export const TOTP_STEP_MS = 30_000;

/** A request to /api/staff<path> from the site's own origin, as the UI sends it. */
type StaffRequest = (
  pathname: string,
  init?: RequestInit & { cookie?: string; json?: unknown },
) => Promise<Response>;

export interface StaffMemberFixture {
  id: string;
  email: string;
  role: Role;
  totpUri: string;
  /** The signed-in session's Cookie header. */
  cookie: string;
}

export interface StaffHarness {
  dialect: StoreDialect;
  config: ServerConfig;
  store: Store;
  /** The store's connection, for a test that reads or plants rows directly. */
  db: LeadDb;
  auth: StaffAuth;
  accounts: StaffAccounts;
  dataDir: string;
  /** Resolves once nothing in the mail outbox is pending: every message queued so far was sent or given up. */
  mailSettled(): Promise<void>;
  /** Moves the API's clock (idle timeout, lockout). */
  advance(ms: number): void;
  /** A request to /api/staff<path> from the site's own origin, as the UI sends it. */
  request: StaffRequest;
  /** Adds a person with the CLI's code path, sets them up through the API and signs them in. */
  addStaff(role: Role, email?: string): Promise<StaffMemberFixture>;
  /**
   * Signs in with a code the account has not used (each is accepted once): the current one, else the next, else
   * it waits for the step after.
   */
  signIn(email: string, totpUri: string, password?: string): Promise<Response>;
  /** A second server's staff API on the same database (its own store, better-auth and limiter), closed with this. */
  secondInstance(): Promise<{ request: StaffRequest }>;
  seedLead(
    formId: string,
    fields: Record<string, string>,
    options?: {
      resume?: Buffer;
      createdAt?: number;
      dueAt?: number;
      source?: LeadSource;
      /** "spam": as the honeypot keeps it. */
      state?: "pending" | "spam";
    },
  ): Promise<string>;
  close(): Promise<void>;
}

/** Requests to /api/staff<path> of `app`, from the site's own origin, as the UI sends them. */
function requester(app: Hono): StaffRequest {
  return (pathname, init = {}) => {
    const { cookie, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has("Origin") && !headers.has("X-No-Origin")) headers.set("Origin", SITE_URL);
    headers.delete("X-No-Origin");
    if (cookie) headers.set("Cookie", cookie);
    if (json !== undefined) headers.set("Content-Type", "application/json");
    return Promise.resolve(
      app.request(`${SITE_URL}/api/staff${pathname}`, {
        ...rest,
        headers,
        ...(json !== undefined && { body: JSON.stringify(json) }),
      }),
    );
  };
}

/** The staff API in process (app.request) over a real store: SQLite in a temp dir, or a PostgreSQL schema. */
export async function openStaffHarness(
  dialect: StoreDialect,
  env: Record<string, string> = {},
): Promise<StaffHarness> {
  const database = await createTestDatabase(dialect, "staff-test");
  const { dataDir } = database;
  const config = loadConfig({ SITE_URL, LOG_LEVEL: "silent", ...database.env, ...env });
  let offset = 0;
  const now = () => Date.now() + offset;
  const closing: (() => Promise<unknown>)[] = [];
  /** The staff API on a store of this database, as one server instance mounts it. */
  const instance = async () => {
    const store = await database.openStore();
    const auth = await openStaffAuth(store, SITE_URL);
    const api = await createStaffApi({ config, logger: createLogger("silent"), store, auth, now });
    closing.push(
      () => api.close(),
      () => store.close(),
    );
    // Mounted where server/index.ts mounts it, so better-auth sees its own paths.
    return { store, auth, request: requester(new Hono().route("/api/staff", api.app)) };
  };
  const { store, auth, request } = await instance();
  const accounts = createStaffAccounts({ store, auth, siteUrl: SITE_URL, now });

  /** The last TOTP step each authenticator (by its URI) signed in with. */
  const usedSteps = new Map<string, number>();
  const signIn: StaffHarness["signIn"] = async (email, totpUri, password = PASSWORD) => {
    const current = Math.floor(Date.now() / TOTP_STEP_MS);
    const step = Math.max(current, (usedSteps.get(totpUri) ?? -1) + 1);
    // Two steps ahead is not accepted yet: wait until it is the next one.
    if (step > current + 1) await sleep((step - 1) * TOTP_STEP_MS - Date.now() + 50);
    const code = totpNow(totpUri, step * TOTP_STEP_MS + 1);
    const response = await request("/sign-in", { method: "POST", json: { email, password, code } });
    if (response.status === 200) usedSteps.set(totpUri, step);
    return response;
  };

  return {
    dialect,
    config,
    store,
    db: store.authDatabase.db,
    auth,
    accounts,
    dataDir,
    async mailSettled() {
      await waitFor(async () => {
        const pending = await store.authDatabase.db
          .selectFrom("mail_outbox")
          .select("id")
          .where("state", "=", "pending")
          .execute();
        return pending.length === 0 ? true : undefined;
      });
    },
    advance(ms) {
      offset += ms;
    },
    request,
    signIn,
    async addStaff(role, email = `${role}-${randomUUID().slice(0, 8)}@staff.example`) {
      const { id, link } = await accounts.add({ email, role });
      const token = new URL(link).searchParams.get("token") ?? "";
      const chosen = await request("/setup/password", {
        method: "POST",
        json: { token, password: PASSWORD },
      });
      if (chosen.status !== 200) throw new Error(`setup/password answered ${chosen.status}`);
      const { totpUri } = (await chosen.json()) as { totpUri: string };
      const confirmed = await request("/setup/confirm", {
        method: "POST",
        json: { token, code: totpNow(totpUri) },
      });
      if (confirmed.status !== 204) throw new Error(`setup/confirm answered ${confirmed.status}`);
      const signedIn = await signIn(email, totpUri);
      if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((value) => value.split(";")[0] ?? "")
        .filter((pair) => !pair.endsWith("="))
        .join("; ");
      return { id, email, role, totpUri, cookie };
    },
    async seedLead(formId, fields, options = {}) {
      const id = randomUUID();
      let resume: NewLead["resume"];
      if (options.resume) {
        const tempPath = newTempPath(dataDir);
        await writeFile(tempPath, options.resume);
        resume = {
          name: "resume.pdf",
          kind: "pdf",
          size: options.resume.length,
          sha256: createHash("sha256").update(options.resume).digest("hex"),
          tempPath,
        };
      }
      await store.intake.acceptLead({
        id,
        formId,
        state: options.state ?? "pending",
        fields,
        createdAt: options.createdAt ?? now(),
        ...(options.dueAt !== undefined && { dueAt: options.dueAt }),
        ...(resume && { resume }),
        ...(options.source && { source: options.source }),
      });
      return id;
    },
    async secondInstance() {
      return { request: (await instance()).request };
    },
    async close() {
      for (const close of closing.reverse()) await close();
      await database.drop();
    },
  };
}
