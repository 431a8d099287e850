import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applicationBody, BOUNDARY } from "../../test-support/raw-client.ts";
import { pdfFile } from "../../test-support/resume-fixtures.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../runtime/logger.ts";
import { createLeadApi } from "./lead-api.ts";

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A body sent as a stream: no Content-Length, so the cap can only be enforced while reading (chunked). */
function chunked(parts: Buffer[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      const next = parts[index++];
      if (next) controller.enqueue(new Uint8Array(next));
      else controller.close();
    },
  });
}

describe.each(DIALECTS)("malformed and oversized bodies, in process, on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "malformed", { per: "test" });
  let api: Awaited<ReturnType<typeof createLeadApi>>;

  beforeEach(async () => {
    const config = loadConfig({ ...database.env, RATE_LIMIT_PER_MINUTE: "0" });
    api = await createLeadApi({ config, logger: createLogger("silent"), store });
  });
  afterEach(async () => {
    await api.close();
  });

  async function post(body: BodyInit, contentType: string) {
    const response = await api.app.request("/leads/nurse-application", {
      method: "POST",
      body,
      headers: { Accept: "application/json", "Content-Type": contentType },
      duplex: "half",
    } as RequestInit);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function expectNothingKept() {
    expect(await store.operations.list({})).toEqual([]);
    expect(await readdir(path.join(database.dataDir, "tmp"))).toEqual([]);
    expect(await readdir(path.join(database.dataDir, "resumes"))).toEqual([]);
  }

  const whole = applicationBody(pdfFile(64 * 1024));

  it("answers a multipart type without a boundary with 400 malformed", async () => {
    const answer = await post(new Uint8Array(whole), "multipart/form-data");
    expect(answer).toEqual({
      status: 400,
      body: { error: "malformed", message: "The form data could not be read." },
    });
    await expectNothingKept();
  });

  it("answers a body cut off inside the resume with 400 malformed and removes the half-written file", async () => {
    const answer = await post(new Uint8Array(whole.subarray(0, whole.length - 1000)), MULTIPART);
    expect(answer).toEqual({
      status: 400,
      body: { error: "malformed", message: "The form data could not be read." },
    });
    await expectNothingKept();
  });

  it("answers a body whose parts use another boundary with 400 malformed", async () => {
    const answer = await post(new Uint8Array(whole), "multipart/form-data; boundary=not-the-one-used");
    expect(answer).toEqual({
      status: 400,
      body: { error: "malformed", message: "The form data could not be read." },
    });
    await expectNothingKept();
  });

  it("answers a body missing required parts with 400 naming them, and keeps no resume", async () => {
    const withoutNames = Buffer.from(
      whole
        .toString("latin1")
        .replace(/--[^\r]+\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nMary\r\n/, "")
        .replace(/--[^\r]+\r\nContent-Disposition: form-data; name="email"\r\n\r\n[^\r]+\r\n/, ""),
      "latin1",
    );
    const answer = await post(new Uint8Array(withoutNames), MULTIPART);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: "invalid",
      fields: { firstName: expect.any(String), email: expect.any(String) },
    });
    await expectNothingKept();
  });

  it("refuses a chunked body (no Content-Length) with 413 once it passes 12 MB, keeping no temp file", async () => {
    // A 9 MB resume (under its own 10 MB limit) then a 4 MB part the form does not take: only the total is over.
    const resume = pdfFile(9 * 1024 * 1024);
    const head = applicationBody(resume).subarray(0, -`--${BOUNDARY}--\r\n`.length);
    const extra = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="other"; filename="x.bin"\r\n` +
        "Content-Type: application/octet-stream\r\n\r\n",
    );
    const pieces: Buffer[] = [];
    for (let at = 0; at < head.length; at += 256 * 1024) pieces.push(head.subarray(at, at + 256 * 1024));
    pieces.push(extra);
    for (let i = 0; i < 16; i++) pieces.push(Buffer.alloc(256 * 1024, 0x42));
    pieces.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));

    const answer = await post(chunked(pieces), MULTIPART);
    expect(answer).toEqual({
      status: 413,
      body: { error: "too_large", message: "The form is larger than 12 MB." },
    });
    await expectNothingKept();
  });
});
