import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { startFakeFormService } from "../../test-support/fake-form-service.ts";
import { leaseOf } from "../../test-support/lease.ts";
import { CLI_ENTRY, childEnv, waitFor } from "../../test-support/server-process.ts";
import { startSmtpSink } from "../../test-support/smtp-sink.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { runCli } from "../cli.ts";
import { loadConfig } from "../config.ts";
import { confirmationPlan, confirmationSettingsOf } from "../mail/confirmation-plan.ts";
import { BULK_BATCH } from "../store/engine.ts";
import { newTempPath } from "../store/resume-files.ts";

const run = promisify(execFile);
const DAY = 86_400_000;

describe.each(DIALECTS)("operator CLI on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "lead-cli", { per: "test" });
  const ids = { old: randomUUID(), spam: randomUUID(), pending: randomUUID(), dead: randomUUID() };

  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    let streamed = "";
    const stdout = new Writable({
      write(chunk: Buffer, _, done) {
        streamed += chunk.toString("utf8");
        done();
      },
    });
    const code = await runCli(argv, {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      stdout,
      env: database.env,
    });
    return { code, out: out.join("\n") + streamed, err: err.join("\n") };
  };
  /** Where `show` and `export` say the resume is: its file on SQLite, its row on PostgreSQL. */
  const resumeLocation = (id: string) =>
    dialect === "sqlite" ? path.join(database.dataDir, "resumes", `${id}.pdf`) : `postgres:lead_files/${id}`;

  beforeEach(async () => {
    const now = Date.now();
    const tempPath = newTempPath(database.dataDir);
    await writeFile(tempPath, "%PDF-1.4 cv");
    await store.intake.acceptLead({
      id: ids.old,
      formId: "nurse-application",
      state: "pending",
      fields: { firstName: "Old", lastName: "Timer", email: "old@example.com", consent: "true" },
      resume: { tempPath, name: "cv.pdf", kind: "pdf", size: 11, sha256: "x" },
      createdAt: now - 40 * DAY,
    });
    await store.outbox.markDelivered(ids.old, await leaseOf(store, ids.old, now - 40 * DAY), now - 40 * DAY);
    await store.intake.acceptLead({
      id: ids.spam,
      formId: "careworks-demo",
      state: "spam",
      fields: { name: "Bot", _honey: "x" },
      createdAt: now - 35 * DAY,
    });
    await store.intake.acceptLead({
      id: ids.pending,
      formId: "chartassist-demo",
      state: "pending",
      fields: { name: '=HYPERLINK("x")', email: "pending@example.com", company: 'Say "hi", ok' },
      createdAt: now - 2 * DAY,
    });
    await store.intake.acceptLead({
      id: ids.dead,
      formId: "chartassist-demo",
      state: "pending",
      fields: { name: "Dead", email: "dead@example.com" },
      createdAt: now - DAY,
    });
    await store.outbox.recordFailure(ids.dead, await leaseOf(store, ids.dead, now), {
      at: now,
      nextAttemptAt: null,
      status: 500,
      error: "HTTP 500",
      problem: "service",
    });
  });

  it("status counts by form and state and names the oldest waiting lead", async () => {
    const { code, out } = await cli("status");
    expect(code).toBe(0);
    expect(out).toContain(`store: ${dialect}`);
    expect(out).toContain("chartassist-demo     dead       1");
    expect(out).toContain("chartassist-demo     pending    1");
    expect(out).toContain("careworks-demo       spam       1");
    expect(out).toContain("nurse-application    delivered  1");
    expect(out).toMatch(/waiting: 1, oldest 2d \(/);
    expect(out).toContain("PROBLEM service: 1 lead(s)");
    expect(out).toContain("dead: 1");
  });

  it("lists with filters", async () => {
    expect((await cli("list")).out).toContain("4 lead(s)");
    const byForm = await cli("list", "--form", "chartassist-demo", "--state", "pending");
    expect(byForm.out).toContain(ids.pending);
    expect(byForm.out).not.toContain(ids.dead);
    expect(byForm.out).toContain("1 lead(s)");
    const recent = await cli("list", "--since", "3d");
    expect(recent.out).toContain("2 lead(s)");
    expect((await cli("list", "--since", new Date(Date.now() - 36 * DAY).toISOString())).out).toContain(
      "3 lead(s)",
    );
  });

  it("shows one lead with every field", async () => {
    const { code, out } = await cli("show", ids.old);
    expect(code).toBe(0);
    const lead = JSON.parse(out);
    expect(lead).toMatchObject({
      id: ids.old,
      state: "delivered",
      fields: { firstName: "Old", email: "old@example.com" },
      resume: { name: "cv.pdf", kind: "pdf" },
      resumeLocation: resumeLocation(ids.old),
    });
    expect((await cli("show", randomUUID())).code).toBe(1);
  });

  it("exports CSV and JSON with every field and resumes by path", async () => {
    const csv = await cli("export", "--format", "csv");
    expect(csv.code).toBe(0);
    // The inbox export's columns (one definition), with the operator's delivery and resume columns.
    const lines = csv.out.split("\r\n");
    expect(lines[0]).toBe(
      '\uFEFF"id","form","created_at","status","assignee","delivery","delivered_at","attempts","last_error","resume_name","resume_path","_honey","Company","Consent","Email","First name","Last name","Name","Form page","Landing page","Referring site","UTM source","UTM medium","Campaign","UTM term","UTM content"',
    );
    expect(lines).toHaveLength(6);
    expect(lines.at(-1)).toBe("");
    expect(csv.out).toContain(`"${resumeLocation(ids.old)}"`);
    // Quotes doubled, and a formula neutralised.
    expect(csv.out).toContain('"Say ""hi"", ok"');
    expect(csv.out).toContain(`"'=HYPERLINK(""x"")"`);

    const json = JSON.parse((await cli("export", "--format", "json", "--since", "3d")).out) as {
      id: string;
    }[];
    expect(json.map((lead) => lead.id).sort()).toEqual([ids.pending, ids.dead].sort());
  });

  it("exports each lead's due time and first response in ISO 8601 UTC with --format json", async () => {
    const answered = randomUUID();
    const dueAt = Date.parse("2026-03-06T14:25:00.000Z");
    await store.intake.acceptLead({
      id: answered,
      formId: "staffing-request",
      state: "pending",
      fields: { name: "Clock", email: "clock@example.com" },
      createdAt: dueAt - 3_600_000,
      dueAt,
    });
    const firstResponseAt = Date.parse("2026-03-06T14:07:30.250Z");
    await store.authDatabase.db
      .updateTable("leads")
      .set({ first_response_at: firstResponseAt })
      .where("id", "=", answered)
      .execute();
    const json = JSON.parse((await cli("export", "--format", "json")).out) as {
      id: string;
      dueAt: string | null;
      firstResponseAt: string | null;
    }[];
    expect(json.find((lead) => lead.id === answered)).toMatchObject({
      dueAt: "2026-03-06T14:25:00.000Z",
      firstResponseAt: "2026-03-06T14:07:30.250Z",
    });
    // Unanswered: still due, no first response.
    const pending = json.find((lead) => lead.id === ids.pending);
    expect(pending?.firstResponseAt).toBeNull();
    expect(pending?.dueAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("exports every lead once across the store's batches, even when many share a creation time", async () => {
    const many = Array.from({ length: BULK_BATCH * 2 + 3 }, () => randomUUID());
    const createdAt = Date.now() - 3 * DAY;
    for (let start = 0; start < many.length; start += 500)
      await store.authDatabase.db
        .insertInto("leads")
        .values(
          many.slice(start, start + 500).map((id) => ({
            id,
            form_id: "payroll-info",
            state: "delivered" as const,
            fields: JSON.stringify({ name: "Many" }),
            created_at: createdAt,
          })),
        )
        .execute();
    const everyId = [...Object.values(ids), ...many].sort();
    const csv = await cli("export", "--format", "csv");
    const rows = csv.out.slice(1).trimEnd().split("\r\n").slice(1);
    expect(rows.map((row) => row.split(",")[0]?.replaceAll('"', "")).sort()).toEqual(everyId);
    const json = JSON.parse((await cli("export", "--format", "json")).out) as { id: string }[];
    expect(json.map((lead) => lead.id).sort()).toEqual(everyId);
  });

  it("retries one lead or every dead one", async () => {
    expect(await cli("retry", ids.dead)).toMatchObject({ code: 0 });
    expect((await store.operations.get(ids.dead))?.state).toBe("pending");
    expect((await cli("retry", ids.old)).err).toContain("is delivered");
    const now = Date.now();
    await store.outbox.recordFailure(ids.dead, await leaseOf(store, ids.dead, now), {
      at: now,
      nextAttemptAt: null,
      status: 500,
      error: "x",
      problem: "service",
    });
    expect((await cli("retry", "--dead")).out).toContain("1 dead lead(s) queued");
    expect((await store.operations.get(ids.dead))?.state).toBe("pending");
  });

  it("purges old delivered and spam leads with their files", async () => {
    expect(await database.storedResume(ids.old)).toEqual(Buffer.from("%PDF-1.4 cv"));
    const { code, out } = await cli("purge", "--older-than", "30");
    expect(code).toBe(0);
    expect(out).toContain("Purged 2 lead(s) and 1 file(s)");
    expect(await database.storedResume(ids.old)).toBeNull();
    expect((await store.operations.list({})).map((lead) => lead.id).sort()).toEqual(
      [ids.pending, ids.dead].sort(),
    );
  });

  it("refuses bad arguments with exit code 1 and a clear message", async () => {
    expect(await cli("frobnicate")).toMatchObject({
      code: 1,
      err: expect.stringContaining('Unknown command "frobnicate"'),
    });
    expect(await cli("list", "--state", "lost")).toMatchObject({
      code: 1,
      err: expect.stringContaining("--state must be"),
    });
    expect(await cli("list", "--form", "nope")).toMatchObject({
      code: 1,
      err: expect.stringContaining("--form must be"),
    });
    expect(await cli("list", "--since", "yesterday")).toMatchObject({
      code: 1,
      err: expect.stringContaining("--since"),
    });
    expect(await cli("export", "--format", "xml")).toMatchObject({
      code: 1,
      err: expect.stringContaining("--format"),
    });
    expect(await cli("purge")).toMatchObject({ code: 1, err: expect.stringContaining("--older-than") });
    expect(await cli("purge", "--older-than", "-3")).toMatchObject({ code: 1 });
    expect(await cli("show")).toMatchObject({
      code: 1,
      err: expect.stringContaining("missing argument <id>"),
    });
    expect(await cli("list", "--bogus")).toMatchObject({ code: 1, err: expect.stringContaining("--bogus") });
  });

  it("exits 1 from the real process on a bad argument", async () => {
    const failure = await run(process.execPath, [CLI_ENTRY, "list", "--state", "lost"], {
      env: childEnv(database.env),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining("--state must be one of") });
  });

  it("runs the relay alone until SIGTERM, sending the mail outbox's messages too", async () => {
    const fake = await startFakeFormService();
    const sink = await startSmtpSink();
    const MAIL_FROM = "Northwind Care <hello@northwind.example>";
    const confirmed = { formId: "careworks-demo" as const, state: "pending" as const };
    const fields = { name: "Mail Person", email: "mail.person@example.com" };
    const mailLead = randomUUID();
    await store.intake.acceptLead({
      id: mailLead,
      ...confirmed,
      fields,
      createdAt: Date.now(),
      confirmation: confirmationPlan(
        { ...confirmed, fields },
        {
          enabled: true,
          mail: { from: MAIL_FROM },
          company: loadConfig({}).site.company,
          hoursPerBusinessDay: 8,
          limits: confirmationSettingsOf(loadConfig({})).limits,
        },
      ),
    });
    const relay = spawn(process.execPath, [CLI_ENTRY, "relay"], {
      env: childEnv({
        ...database.env,
        FORM_SERVICE_URL: fake.template,
        RELAY_POLL_MS: "50",
        SMTP_URL: sink.url,
        MAIL_FROM,
      }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let logs = "";
    relay.stdout.on("data", (chunk: Buffer) => {
      logs += chunk.toString();
    });
    try {
      await waitFor(
        async () => ((await store.operations.get(ids.pending))?.state === "delivered" ? true : undefined),
        20_000,
      );
      const [mail] = await sink.waitForAccepted(1);
      expect(mail?.envelope.to).toEqual(["mail.person@example.com"]);
      await waitFor(async () =>
        (await store.mail.confirmationOf(mailLead))?.state === "delivered" ? true : undefined,
      );
      expect(
        fake
          .delivered()
          .map((post) => post.fields.email)
          .sort(),
      ).toEqual(["mail.person@example.com", "pending@example.com"]);
      const exited = new Promise<number | null>((resolve) => relay.once("exit", resolve));
      relay.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(logs).toContain("relay stopped");
    } finally {
      if (relay.exitCode === null) relay.kill("SIGKILL");
      await fake.close();
      await sink.close();
    }
  });
});
