import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startFakeFormService } from "../../test-support/fake-form-service.ts";
import { pdfFile, uploadedResume } from "../../test-support/resume-fixtures.ts";
import { waitFor } from "../../test-support/server-process.ts";
import { createTestDatabase, DIALECTS } from "../../test-support/test-database.ts";
import { cleanupsAfterEach } from "../../test-support/vitest-fixtures.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import type { Store } from "../store/store.ts";
import type { NewLead } from "../store/store-records.ts";
import { leadDeliveries } from "./lead-deliveries.ts";
import { createOutboxWorker, type OutboxWorkerDeps } from "./outbox-worker.ts";

/** The outbox worker over the leads' deliveries alone (no mail outbox), as these tests drive it. */
const leadRelay = (deps: Parameters<typeof leadDeliveries>[0] & Omit<OutboxWorkerDeps, "kinds" | "config">) =>
  createOutboxWorker({ ...deps, kinds: [leadDeliveries(deps)] });
const logger = createLogger("silent");

describe.each(DIALECTS)("relay failure paths (in process, against loopback services) on %s", (dialect) => {
  const cleanups = cleanupsAfterEach();

  async function setup(formServiceUrl: string, { start = true } = {}) {
    const database = await createTestDatabase(dialect, "relay-failures");
    cleanups.push(() => database.drop());
    const store = await database.openStore();
    cleanups.push(() => store.close());
    const { dataDir } = database;
    const config = loadConfig({
      ...database.env,
      FORM_SERVICE_URL: formServiceUrl,
      RELAY_POLL_MS: "20",
      RELAY_BASE_DELAY_MS: "20",
      RELAY_MAX_DELAY_MS: "40",
      RELAY_TIMEOUT_MS: "200",
    });
    const relay = leadRelay({ config, logger, store });
    cleanups.push(() => relay.stop(0));
    if (start) relay.start();
    return { store, dataDir, relay, config, database };
  }

  async function accept(store: Store, dataDir: string, resume?: Buffer) {
    const lead: NewLead = {
      id: randomUUID(),
      formId: resume ? "nurse-application" : "payroll-info",
      state: "pending",
      fields: resume
        ? { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", consent: "on" }
        : { name: "Ada Lovelace", email: "ada@example.com", phone: "555-0100" },
      createdAt: Date.now(),
    };
    if (resume) lead.resume = await uploadedResume(dataDir, resume);
    await store.intake.acceptLead(lead);
    return lead.id;
  }

  const attempted = (store: Store, id: string, atLeast: number) => async () => {
    const lead = await store.operations.get(id);
    return lead && lead.attempts >= atLeast ? lead : undefined;
  };
  const inState = (store: Store, id: string, state: string) => async () =>
    (await store.operations.get(id))?.state === state ? true : undefined;

  it("counts a form service that hangs past RELAY_TIMEOUT_MS as a failed attempt, keeps the lead pending and retries it", async () => {
    let received = 0;
    const hanging = createServer((request, response) => {
      received += 1;
      // The first two requests never get an answer; the third is confirmed.
      if (received <= 2) {
        request.resume();
        return;
      }
      request.resume();
      request.on("end", () => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ success: "true" }));
      });
    });
    hanging.listen(0, "127.0.0.1");
    await once(hanging, "listening");
    cleanups.push(async () => {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    });
    const { port } = hanging.address() as AddressInfo;
    const { store, dataDir } = await setup(`http://127.0.0.1:${port}/ajax/{to}`);
    const id = await accept(store, dataDir);

    const failed = await waitFor(attempted(store, id, 1), 10_000, "first attempt");
    expect(failed).toMatchObject({
      state: "pending",
      lastStatus: null,
      problem: "network",
      lastError: "no answer within 200 ms",
      deliveredAt: null,
    });
    await waitFor(inState(store, id, "delivered"), 10_000, "delivery after the timeouts");
    expect(received).toBe(3);
    expect(await store.operations.get(id)).toMatchObject({
      state: "delivered",
      attempts: 3,
      lastError: null,
    });
  });

  it("counts a refused connection as a failed attempt, retries, and never marks the lead delivered", async () => {
    // A port that was just free and now has nobody listening: connect() is refused.
    const probe = createServer();
    probe.listen(0, "127.0.0.1");
    await once(probe, "listening");
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const { store, dataDir } = await setup(`http://127.0.0.1:${port}/ajax/{to}`);
    const id = await accept(store, dataDir);

    const lead = await waitFor(attempted(store, id, 2), 10_000, "two refused attempts");
    expect(lead).toMatchObject({
      state: "pending",
      lastStatus: null,
      problem: "network",
      lastError: "request failed: TypeError",
      deliveredAt: null,
    });
    expect(lead.nextAttemptAt).not.toBeNull();
  });

  it("counts a connection reset mid-request as a failed attempt and delivers on the retry", async () => {
    let received = 0;
    const resetting = createServer((request, response) => {
      received += 1;
      if (received === 1) {
        request.socket.destroy();
        return;
      }
      request.resume();
      request.on("end", () => {
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ success: true }));
      });
    });
    resetting.listen(0, "127.0.0.1");
    await once(resetting, "listening");
    cleanups.push(async () => {
      resetting.closeAllConnections();
      await new Promise((resolve) => resetting.close(resolve));
    });
    const { port } = resetting.address() as AddressInfo;
    const { store, dataDir } = await setup(`http://127.0.0.1:${port}/ajax/{to}`);
    const id = await accept(store, dataDir);

    await waitFor(inState(store, id, "delivered"), 10_000, "delivery after the reset");
    expect(received).toBe(2);
    expect(await store.operations.get(id)).toMatchObject({ state: "delivered", attempts: 2 });
  });

  it.each([400, 401, 403, 404, 422])(
    "flags a %i answer as a configuration problem, keeps the lead pending and delivers once the service is fixed",
    async (status) => {
      const fake = await startFakeFormService(() => ({ status, body: { error: "refused" } }));
      cleanups.push(() => fake.close());
      const { store, dataDir } = await setup(fake.template);
      const id = await accept(store, dataDir);

      const refused = await waitFor(attempted(store, id, 1), 10_000, "refused attempt");
      expect(refused).toMatchObject({
        state: "pending",
        lastStatus: status,
        problem: "configuration",
        deliveredAt: null,
      });
      expect(refused.lastError).toContain(`HTTP ${status}`);
      expect(refused.nextAttemptAt).not.toBeNull();
      expect(fake.delivered()).toEqual([]);

      // Not dead-lettered at once: an operator fixes the setting and the next attempt goes through.
      fake.respondWith(() => ({ status: 200, body: { success: "true" } }));
      await waitFor(inState(store, id, "delivered"), 10_000, "delivery after the fix");
      expect(fake.delivered()).toHaveLength(1);
      expect(fake.posts.slice(0, -1).every((post) => post.status === status)).toBe(true);
    },
  );

  it("fails a lead whose resume was lost (its file, or its lead_files row) as a configuration problem, and still delivers the others", async () => {
    const fake = await startFakeFormService();
    cleanups.push(() => fake.close());
    const { store, dataDir, relay, database } = await setup(fake.template, { start: false });
    const lost = await accept(store, dataDir, pdfFile(2048));
    await database.removeResume(lost);
    const kept = await accept(store, dataDir, pdfFile(4096));
    relay.start();

    await waitFor(inState(store, kept, "delivered"), 10_000, "the other lead's delivery");
    const failed = await waitFor(attempted(store, lost, 1), 10_000, "the lost file's attempt");
    expect(failed).toMatchObject({
      state: "pending",
      problem: "configuration",
      lastError: "resume file missing",
      deliveredAt: null,
    });
    const later = await accept(store, dataDir);
    await waitFor(inState(store, later, "delivered"), 10_000, "a later lead's delivery");
    expect(fake.delivered().map((post) => post.file?.size ?? null)).toEqual([4096, null]);
  });

  it("delivers a lead whose worker died mid-delivery once its lease runs out, exactly once to the service", async () => {
    const fake = await startFakeFormService();
    cleanups.push(() => fake.close());
    const { store, dataDir, config } = await setup(fake.template, { start: false });
    const id = await accept(store, dataDir);

    // The first worker's request gets no answer while it is alive (its process was killed): it holds the lease,
    // records nothing, and ignores its timeout as a dead process would.
    let sent = 0;
    let answerTheDead: ((response: Response) => void) | undefined;
    const dead = leadRelay({
      config,
      logger,
      store,
      fetchImpl: () => {
        sent += 1;
        return new Promise<Response>((resolve) => {
          answerTheDead = resolve;
        });
      },
    });
    dead.start();
    await waitFor(async () => (sent > 0 ? true : undefined), 10_000, "the dead worker's request");
    expect(await store.operations.get(id)).toMatchObject({ state: "pending", attempts: 0 });

    // A restarted worker, its clock past the lease (RELAY_TIMEOUT_MS + 60 s), takes the lead over.
    const leaseMs = config.RELAY_TIMEOUT_MS + 60_000;
    const restarted = leadRelay({ config, logger, store, now: () => Date.now() + leaseMs + 1000 });
    restarted.start();
    cleanups.push(() => restarted.stop(0));
    await waitFor(inState(store, id, "delivered"), 10_000, "delivery by the restarted worker");
    expect(fake.delivered()).toHaveLength(1);

    // Even a confirmation reaching the old worker late is fenced out by the lease: one attempt, one delivery.
    answerTheDead?.(Response.json({ success: "true" }));
    await dead.stop(0);
    expect(await store.operations.get(id)).toMatchObject({ state: "delivered", attempts: 1 });
  });
});
