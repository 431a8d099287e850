import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { readdir } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  ACTIVATION_ANSWER,
  type FakeFormService,
  SUCCESS_ANSWER,
  startFakeFormService,
} from "../../test-support/fake-form-service.ts";
import {
  type InProcessServer,
  startInProcessServer,
  type TestServer,
} from "../../test-support/in-process-server.ts";
import {
  applicationBody,
  openSocket,
  readUntilClosed,
  requestHead,
  statusOf,
} from "../../test-support/raw-client.ts";
import { pdfFile } from "../../test-support/resume-fixtures.ts";
import {
  CLI_ENTRY,
  childEnv,
  MINIMAL_BUILD_DIR,
  type ServerProcess,
  startServer,
  waitFor,
} from "../../test-support/server-process.ts";
import { createTestDatabase, DIALECTS } from "../../test-support/test-database.ts";
import { cleanupsAfterEach } from "../../test-support/vitest-fixtures.ts";
import { REQUEST_GRACE_MS } from "../server.ts";
import type { Store } from "../store/store.ts";

const run = promisify(execFile);
const CANARY = {
  name: "Zebulon Canarywhistle",
  email: "canary.7f3a9@example.com",
  phone: "+1 (555) 017-3344",
  message: "canary-message-a81b2c",
};
const JSON_ACCEPT = { Accept: "application/json" };

interface Setup<Server extends TestServer> {
  dataDir: string;
  fake: FakeFormService;
  server: Server;
  store: Store;
  env: Record<string, string>;
}

describe.each(DIALECTS)("relay against a fake form service on %s", (dialect) => {
  const cleanups = cleanupsAfterEach();
  const allLogs: string[] = [];

  /** A server of its own on a fresh database; in this process unless the test needs a real one (signals, kill). */
  async function setup(
    env?: Record<string, string>,
    service?: FakeFormService,
  ): Promise<Setup<InProcessServer>>;
  async function setup(
    env: Record<string, string>,
    service: FakeFormService | undefined,
    where: "child process",
  ): Promise<Setup<ServerProcess>>;
  async function setup(
    env: Record<string, string> = {},
    service?: FakeFormService,
    where: "in process" | "child process" = "in process",
  ): Promise<Setup<TestServer>> {
    const database = await createTestDatabase(dialect, "relay");
    cleanups.push(() => database.drop());
    const { dataDir } = database;
    const fake = service ?? (await startFakeFormService());
    const baseEnv = {
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      FORM_SERVICE_URL: fake.template,
      RELAY_POLL_MS: "50",
      RELAY_BASE_DELAY_MS: "20",
      RELAY_MAX_DELAY_MS: "100",
      RATE_LIMIT_PER_MINUTE: "0",
      LOG_LEVEL: "trace",
      ...env,
    };
    const server =
      where === "child process" ? await startServer(baseEnv) : await startInProcessServer(baseEnv);
    const store = await database.openStore();
    cleanups.push(
      () => fake.close(),
      () => store.close(),
      async () => {
        await server.stop();
        allLogs.push(server.logs());
      },
    );
    return { dataDir, fake, server, store, env: baseEnv };
  }

  const postLead = async (server: TestServer, body: BodyInit, formId = "payroll-info") => {
    const response = await fetch(`${server.url}/api/leads/${formId}`, {
      method: "POST",
      body,
      headers: JSON_ACCEPT,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  };
  const canaryForm = () =>
    new URLSearchParams({
      name: CANARY.name,
      email: CANARY.email,
      phone: CANARY.phone,
      message: CANARY.message,
    });
  const stateOf = async (store: Store, id: string, state: string) =>
    (await store.operations.get(id))?.state === state ? true : undefined;

  it("retries through an outage (503 three times) and delivers the lead exactly once", async () => {
    const fake = await startFakeFormService((index) =>
      index < 3 ? { status: 503, body: { error: "down" } } : SUCCESS_ANSWER,
    );
    const { server, store } = await setup({}, fake);
    const id = await postLead(server, canaryForm());
    await waitFor(() => stateOf(store, id, "delivered"), 20_000, "delivery");
    // Give a duplicate every chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.posts.map((post) => post.status)).toEqual([503, 503, 503, 200]);
    expect(fake.delivered()).toHaveLength(1);
    expect(fake.delivered()[0]?.fields.email).toBe(CANARY.email);
    expect(await store.operations.get(id)).toMatchObject({
      state: "delivered",
      attempts: 4,
      lastError: null,
    });
  });

  it("waits as long as Retry-After says", async () => {
    const fake = await startFakeFormService((index) =>
      index === 0 ? { status: 429, headers: { "Retry-After": "1" } } : SUCCESS_ANSWER,
    );
    const { server, store } = await setup({}, fake);
    const id = await postLead(server, canaryForm());
    await waitFor(() => stateOf(store, id, "delivered"), 20_000, "delivery");
    const stored = await store.operations.get(id);
    expect(stored?.attempts).toBe(2);
    expect((stored?.deliveredAt ?? 0) - (stored?.createdAt ?? 0)).toBeGreaterThanOrEqual(1000);
  });

  it("treats FormSubmit's activation answer as not delivered and tells the operator", async () => {
    const fake = await startFakeFormService(() => ACTIVATION_ANSWER);
    const { server, store, env } = await setup(
      { RELAY_BASE_DELAY_MS: "5000", RELAY_MAX_DELAY_MS: "5000" },
      fake,
    );
    const id = await postLead(server, canaryForm());
    await waitFor(
      async () => ((await store.operations.get(id))?.problem === "activation" ? true : undefined),
      20_000,
      "attempt",
    );
    // Full jitter may retry within milliseconds (a wait in [0, 10 s)): each attempt met the activation answer.
    const stored = await store.operations.get(id);
    expect(stored).toMatchObject({ state: "pending", lastStatus: 200, problem: "activation" });
    expect(stored?.attempts).toBeGreaterThanOrEqual(1);
    expect(fake.delivered()).toEqual([]);

    // The log line may follow the store's change: wait for it.
    const warning = await waitFor(
      () =>
        server
          .logs()
          .split("\n")
          .filter(Boolean)
          .map(
            (line) => JSON.parse(line) as { level: number; problem?: string; leadId?: string; msg: string },
          )
          .find((entry) => entry.problem === "activation"),
      10_000,
      "activation warning",
    );
    expect(warning).toMatchObject({ level: 40, leadId: id, msg: expect.stringContaining("activation") });

    const { stdout } = await run(process.execPath, [CLI_ENTRY, "status"], { env: childEnv(env) });
    expect(stdout).toContain("payroll-info         pending    1");
    expect(stdout).toContain("PROBLEM activation: 1 lead(s)");
    expect(stdout).toContain("This form needs Activation");
  });

  it("gives up after RELAY_GIVE_UP_AFTER_MS, marks the lead dead and logs an error", async () => {
    const fake = await startFakeFormService(() => ({ status: 500 }));
    const { server, store } = await setup({ RELAY_GIVE_UP_AFTER_MS: "400" }, fake);
    const id = await postLead(server, canaryForm());
    await waitFor(() => stateOf(store, id, "dead"), 20_000, "dead");
    expect(fake.posts.length).toBeGreaterThanOrEqual(2);
    // The store changes before the log line is written: wait for the line too.
    const deadLine = await waitFor(
      () =>
        server
          .logs()
          .split("\n")
          .find((line) => line.includes('"outcome":"dead"')),
      10_000,
      "dead log line",
    );
    expect(deadLine).toContain('"level":50');
    expect(deadLine).toContain(id);
  });

  it("loses nothing when the server is killed with SIGKILL right after the 201", async () => {
    const { server, fake, env, store } = await setup({ RELAY_ENABLED: "false" }, undefined, "child process");
    const resume = Buffer.concat([Buffer.from("%PDF-1.5\n"), Buffer.alloc(3 * 1024 * 1024, 0x41)]);
    const body = new FormData();
    for (const [name, value] of Object.entries({
      firstName: "Kill",
      lastName: "Nine",
      email: CANARY.email,
      consent: "on",
    })) {
      body.append(name, value);
    }
    body.append("resume", new Blob([new Uint8Array(resume)]), "cv.pdf");
    const id = await postLead(server, body, "nurse-application");
    await server.kill();
    expect(server.child.signalCode).toBe("SIGKILL");

    expect(fake.posts).toEqual([]);
    const restarted = await startServer({ ...env, RELAY_ENABLED: "true" });
    cleanups.push(async () => {
      await restarted.stop();
      allLogs.push(restarted.logs());
    });
    await waitFor(() => stateOf(store, id, "delivered"), 20_000, "delivery after restart");
    expect(fake.delivered()).toHaveLength(1);
    expect(fake.delivered()[0]?.file).toMatchObject({
      name: "cv.pdf",
      size: resume.length,
      sha256: createHash("sha256").update(resume).digest("hex"),
    });
  });

  it("on a graceful stop (what SIGTERM starts) releases a delivery the service never answers, in time, even with every slot taken, and the leads are due at once", async () => {
    // A form service that takes the request and never answers: the relay's own timeout is far beyond the deadline.
    let received = 0;
    const hanging = createServer((request) => {
      received += 1;
      request.resume();
    });
    hanging.listen(0, "127.0.0.1");
    await once(hanging, "listening");
    const { port } = hanging.address() as AddressInfo;
    const service = {
      template: `http://127.0.0.1:${port}/ajax/{to}`,
      close: async () => {
        hanging.closeAllConnections();
        await new Promise((resolve) => hanging.close(resolve));
      },
    } as FakeFormService;
    // One slot, two leads: the relay is waiting for that slot to free up when the stop comes.
    const { server, store } = await setup({ RELAY_TIMEOUT_MS: "60000", RELAY_CONCURRENCY: "1" }, service);
    const id = await postLead(server, canaryForm());
    const waiting = await postLead(server, canaryForm());
    await waitFor(() => (received > 0 ? true : undefined), 10_000, "the relay's request");

    // SIGTERM gives REQUEST_GRACE_MS; a shorter grace proves the same and keeps the test (and a mutation run) fast.
    const started = Date.now();
    await server.stop(1_000);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(REQUEST_GRACE_MS);
    expect(server.logs()).toContain('"outcome":"released"');

    // No attempt was counted and no lease is held: the next worker may send it right away.
    const lead = await store.operations.get(id);
    expect(lead).toMatchObject({ state: "pending", attempts: 0 });
    const due = await store.outbox.claimDue(Date.now(), 10, 60_000);
    expect(due.map((delivery) => delivery.leadId).sort()).toEqual([id, waiting].sort());
  });

  it("on SIGTERM lets an upload in progress finish: 201, the lead stored, then the process exits", async () => {
    const { server, store, dataDir } = await setup({ RELAY_ENABLED: "false" }, undefined, "child process");
    const port = Number(new URL(server.url).port);
    const body = applicationBody(pdfFile(256 * 1024));
    const socket = await openSocket(port);
    const answer = readUntilClosed(socket);
    socket.write(requestHead(port, "/api/leads/nurse-application", body.length));
    socket.write(body.subarray(0, body.length / 2));
    const exited = once(server.child, "exit");
    // The resume's temp file exists: the server is reading this request, not waiting for one.
    await waitFor(
      async () => ((await readdir(path.join(dataDir, "tmp"))).length > 0 ? true : undefined),
      10_000,
      "the upload in progress",
    );

    server.child.kill("SIGTERM");
    await waitFor(
      () => (server.logs().includes('"msg":"shutting down"') ? true : undefined),
      10_000,
      "shutdown",
    );
    socket.write(body.subarray(body.length / 2));

    const { text } = await answer;
    expect(statusOf(text)).toBe(201);
    const id = (JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)) as { id: string }).id;
    await exited;
    expect(server.child.exitCode).toBe(0);
    expect(await store.operations.get(id)).toMatchObject({ formId: "nurse-application", state: "pending" });
  });

  it("never writes lead contents to the logs (canary)", async () => {
    const { server, store } = await setup();
    const id = await postLead(server, canaryForm());
    await waitFor(() => stateOf(store, id, "delivered"), 20_000, "delivery");
    // Refused and spam submissions carrying the canary go through the logging paths too.
    await fetch(`${server.url}/api/leads/payroll-info`, {
      method: "POST",
      body: new URLSearchParams({ name: CANARY.name, email: `${CANARY.email}x@`, phone: CANARY.phone }),
      headers: JSON_ACCEPT,
    });
    await postLead(
      server,
      new URLSearchParams({ ...Object.fromEntries(canaryForm()), _honey: CANARY.message }),
    );
    await server.stop();
    const logs = [...allLogs, server.logs()].join("\n");
    expect(logs).toContain(id);
    expect(logs.length).toBeGreaterThan(1000);
    for (const secret of Object.values(CANARY)) expect(logs).not.toContain(secret);
    expect(logs).not.toContain("canary");
  });
});
