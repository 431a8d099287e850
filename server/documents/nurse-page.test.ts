import { randomBytes, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessServer, type TestServer } from "../../test-support/in-process-server.ts";
import { dribble, openSocket, readUntilClosed } from "../../test-support/raw-client.ts";
import { MINIMAL_BUILD_DIR, waitFor } from "../../test-support/server-process.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { databaseFixture } from "../../test-support/vitest-fixtures.ts";
import { documentDirOf, tempDirOf } from "../store/resume-files.ts";
import type { Store } from "../store/store.ts";
import { requestDocuments, tokenHashOf } from "./document-links.ts";

const KEY = Buffer.alloc(32, 7).toString("base64");
const DAY = 86_400_000;
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n"),
  randomBytes(6000),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  Buffer.from("JFIF\0"),
  randomBytes(6000),
]);
const EXECUTABLE = Buffer.concat([
  Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"),
  randomBytes(5000),
]);
const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
const MB = 1024 * 1024;

const upload = (fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("document", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
};

function expectPrivate(answer: Response) {
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.headers.get("x-robots-tag")).toMatch(/noindex/);
  expect(answer.headers.get("x-frame-options")).toBe("DENY");
  expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
}

describe.each(DIALECTS)("the nurse's documents page on %s", (dialect) => {
  const database = databaseFixture(dialect, "nurse-page");
  let server: TestServer;
  let store: Store;
  const tokens: string[] = [];
  /** Every answer the tests got from /documents/, for the headers. */
  const answers: Response[] = [];

  beforeAll(async () => {
    server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      RELAY_ENABLED: "false",
      DOCUMENTS_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: "1000",
    });
    store = await database.openStore();
  });
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  async function nurseLink(now = Date.now()) {
    const leadId = randomUUID();
    await store.intake.acceptLead({
      id: leadId,
      formId: "nurse-application",
      state: "pending",
      fields: { email: `${leadId}@example.com`, name: "Someone Private" },
      createdAt: now,
    });
    const { token } = await requestDocuments(store, { leadId, credential: "RN", by: null, now });
    tokens.push(token);
    return { leadId, token, page: `${server.url}/documents/${token}` };
  }

  const call = async (url: string, init?: RequestInit) => {
    const answer = await fetch(url, { redirect: "manual", ...init });
    answers.push(answer);
    return answer;
  };
  const post = (url: string, body: FormData) => call(url, { method: "POST", body });

  /** The kept documents' encrypted bytes, as a copy of DATA_DIR or of the database would show them. */
  async function storedDocuments(): Promise<Buffer[]> {
    if (dialect === "postgres")
      return (await database.tableRows("credential_documents")).map((row) =>
        Buffer.from(row.content as Uint8Array),
      );
    const dir = documentDirOf(database.dataDir);
    const names = (await readdir(dir)).filter((name) => name.endsWith(".sealed"));
    return Promise.all(names.map((name) => readFile(path.join(dir, name))));
  }
  const leftovers = async () =>
    [
      ...(await readdir(tempDirOf(database.dataDir))),
      ...(await readdir(documentDirOf(database.dataDir))),
    ].filter((name) => name.endsWith(".part"));

  it("shows the checklist, takes a document with its fields and a reference without a file, and shows each as Submitted", async () => {
    const { leadId, page } = await nurseLink();
    const first = await call(page);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("0 of 10 done");
    expect(html).toMatch(/<label for="bls-document"[^>]*>BLS or CPR card<\/label>/);
    expect(html).toContain('accept="image/*,application/pdf,image/heic');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html.match(/>Upload<\/button>/g)).toHaveLength(10);

    const card = await post(
      `${page}/bls`,
      upload({ expiresOn: "2027-03-31" }, { bytes: JPEG, name: "card.jpg", type: "image/jpeg" }),
    );
    expect(card.status).toBe(303);
    expect(card.headers.get("location")).toMatch(/^\/documents\/[\w-]+#item-bls$/);
    const reference = await post(
      `${page}/reference-1`,
      upload({ name: "Ada Byron", relationship: "Charge nurse", contact: "ada@example.org" }),
    );
    expect(reference.status).toBe(303);

    const after = await (await call(page)).text();
    expect(after).toContain("2 of 10 done");
    expect(after).toMatch(/BLS or CPR card<\/h2><span[^>]*>Submitted</);
    expect(after).toMatch(/First professional reference<\/h2><span[^>]*>Submitted</);
    expect(after).not.toContain('for="bls-document"');
    const items = await store.credentials.items(leadId);
    expect(items.find((item) => item.key === "bls")).toMatchObject({
      review: "submitted",
      validThrough: "2027-03-31",
    });

    const pdf = await post(
      `${page}/license`,
      upload(
        { number: "RN123456", state: "ny", expiresOn: "2027-05-01", multistate: "yes" },
        { bytes: PDF, name: "license.pdf", type: "application/pdf" },
      ),
    );
    expect(pdf.status).toBe(303);
    const [license] = await store.credentials.history(leadId, items[0]?.id ?? "");
    expect(license?.fields).toMatchObject({ state: "NY" });
    // As kept: no readable PDF or JPEG signature, no run of their bytes.
    const kept = await storedDocuments();
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const bytes of kept) {
      expect(bytes.subarray(0, 5).toString("latin1")).toBe("HSDOC");
      for (const signature of ["%PDF", "JFIF", "\xff\xd8\xff"])
        expect(bytes.includes(Buffer.from(signature, "latin1"))).toBe(false);
      expect(bytes.includes(PDF.subarray(2000, 2032))).toBe(false);
    }
  });

  it("refuses a renamed executable, an HTML file, an 11 MB file and bad fields, saying why on the page", async () => {
    const { leadId, page } = await nurseLink();
    const before = (await storedDocuments()).length;
    const refused = async (form: FormData, status: number, message: string) => {
      const answer = await post(`${page}/bls`, form);
      expect(answer.status).toBe(status);
      expect(await answer.text()).toContain(message);
    };
    await refused(
      upload({ expiresOn: "2027-03-31" }, { bytes: EXECUTABLE, name: "card.pdf", type: "application/pdf" }),
      415,
      "not a PDF, JPEG, PNG or HEIC",
    );
    await refused(
      upload({ expiresOn: "2027-03-31" }, { bytes: HTML, name: "card.jpg", type: "image/jpeg" }),
      415,
      "not a PDF, JPEG, PNG or HEIC",
    );
    const huge = Buffer.concat([JPEG, Buffer.alloc(11 * MB - JPEG.length, 7)]);
    await refused(
      upload({ expiresOn: "2027-03-31" }, { bytes: huge, name: "card.jpg", type: "image/jpeg" }),
      413,
      "larger than 10 MB",
    );
    await refused(
      upload({ expiresOn: "31/03/2027" }, { bytes: JPEG, name: "card.jpg", type: "image/jpeg" }),
      400,
      "Enter a date as YYYY-MM-DD",
    );
    await refused(
      upload({ expiresOn: "2027-03-31" }),
      400,
      "Choose the photo or scan of your BLS or CPR card",
    );
    const state = await post(
      `${page}/license`,
      upload(
        { number: "RN1", state: "New York", expiresOn: "2027-05-01", multistate: "yes" },
        { bytes: PDF, name: "l.pdf", type: "application/pdf" },
      ),
    );
    expect(state.status).toBe(400);
    const html = await state.text();
    expect(html).toContain("Enter the state&#39;s two letters");
    expect(html).toContain('value="RN1"');

    expect((await storedDocuments()).length).toBe(before);
    expect(
      await store.credentials.history(leadId, (await store.credentials.items(leadId))[1]?.id ?? ""),
    ).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it("cuts an upload far past the limit instead of reading it all", async () => {
    const { page } = await nurseLink();
    const total = 60 * MB;
    let sent = 0;
    const boundary = "----cut-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="expiresOn"\r\n\r\n2027-03-31\r\n--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="card.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 7);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(Buffer.concat([head, JPEG])));
      },
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const answer = await fetch(`${page}/bls`, {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit).catch((error: Error) => error);
    // Answered 413, or the connection cut, well before the body was all sent.
    if (answer instanceof Response) expect(answer.status).toBe(413);
    expect(sent).toBeLessThan(total / 2);
    await expect.poll(leftovers).toEqual([]);
  });

  it("answers a guessed, revoked or expired link, and anything else under /documents/, with one and the same 410 page", async () => {
    const revoked = await nurseLink();
    await store.credentialLinks.revoke(revoked.leadId, Date.now());
    const expired = await nurseLink(Date.now() - 31 * DAY);
    const guessed = `${server.url}/documents/${randomBytes(32).toString("base64url")}`;
    const bodies = new Set<string>();
    for (const url of [
      guessed,
      revoked.page,
      expired.page,
      `${server.url}/documents/`,
      `${server.url}/documents/x/y/z`,
    ]) {
      const answer = await call(url);
      expect(answer.status).toBe(410);
      bodies.add(await answer.text());
      const posted = await post(
        `${url}/bls`,
        upload({ expiresOn: "2027-03-31" }, { bytes: JPEG, name: "card.jpg", type: "image/jpeg" }),
      );
      expect(posted.status).toBe(410);
      bodies.add(await posted.text());
    }
    expect(bodies.size).toBe(1);
    const [page] = bodies;
    expect(page).toContain("This link no longer works");
    expect(page).toContain("(555) 010-0142");
  });

  it("refuses a post from another site's page", async () => {
    const { page } = await nurseLink();
    const answer = await call(`${page}/bls`, {
      method: "POST",
      body: upload({ expiresOn: "2027-03-31" }, { bytes: JPEG, name: "card.jpg", type: "image/jpeg" }),
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(answer.status).toBe(403);
    // Its own form's post under no-referrer: the opaque origin, and the browser's word that it came from here.
    const own = (site: string) =>
      call(`${page}/bls`, {
        method: "POST",
        body: upload({ expiresOn: "2027-03-31" }, { bytes: JPEG, name: "card.jpg", type: "image/jpeg" }),
        headers: { Origin: "null", "Sec-Fetch-Site": site },
      });
    expect((await own("cross-site")).status).toBe(403);
    expect((await own("same-origin")).status).toBe(303);
  });

  it("sends the private headers on every answer, and never writes a token or its hash to the log", async () => {
    expect(answers.length).toBeGreaterThan(15);
    for (const answer of answers) expectPrivate(answer);
    const logs = server.logs();
    expect(logs).toContain("/documents/:token");
    for (const token of tokens) {
      expect(logs).not.toContain(token);
      expect(logs).not.toContain(tokenHashOf(token));
    }
  });
});

describe("the nurse's documents page under the intake's limits", () => {
  const database = databaseFixture("sqlite", "nurse-page-limits");

  /** Uploads being written: their partial files, wherever the store writes them. */
  const partFiles = async () =>
    (
      await Promise.all(
        [tempDirOf(database.dataDir), documentDirOf(database.dataDir)].map((dir) =>
          readdir(dir).catch(() => []),
        ),
      )
    )
      .flat()
      .filter((name) => name.endsWith(".part"));

  /** A lead with a CNA checklist and its private link, in the served store. */
  async function linkFor(store: Store) {
    const leadId = randomUUID();
    await store.intake.acceptLead({
      id: leadId,
      formId: "nurse-application",
      state: "pending",
      fields: { email: `${leadId}@example.com` },
      createdAt: Date.now(),
    });
    const { token } = await requestDocuments(store, { leadId, credential: "CNA", by: null, now: Date.now() });
    return { leadId, token };
  }

  /** The BLS card's upload as a browser posts it, with the request head for a raw socket. */
  async function rawUpload(port: number, token: string, bytes: Buffer) {
    const form = upload({ expiresOn: "2027-03-31" }, { bytes, name: "card.jpg", type: "image/jpeg" });
    const request = new Request("http://127.0.0.1/", { method: "POST", body: form });
    const body = Buffer.from(await request.arrayBuffer());
    const head =
      `POST /documents/${token}/bls HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: ${request.headers.get("content-type")}\r\nContent-Length: ${body.length}\r\n` +
      "Connection: close\r\n\r\n";
    return { head, body };
  }

  it("answers 503 on the page when the uploads in flight are full, cuts a dribbling one at the request timeout, and frees its slot", async () => {
    const server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      RELAY_ENABLED: "false",
      DOCUMENTS_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: "0",
      MAX_UPLOADS_IN_FLIGHT: "1",
      HEADERS_TIMEOUT_MS: "1000",
      REQUEST_TIMEOUT_MS: "2500",
    });
    const store = await database.openStore();
    try {
      const port = Number(new URL(server.url).port);
      const { leadId, token } = await linkFor(store);
      const photo = Buffer.concat([JPEG, randomBytes(400 * 1024)]);
      // One nurse on a bad connection: her upload holds the one slot, a little at a time.
      const slow = await rawUpload(port, token, photo);
      const dribbling = await openSocket(port);
      const cut = readUntilClosed(dribbling, 10_000);
      dribbling.write(slow.head);
      void dribble(dribbling, slow.body, 1024, 100);
      await waitFor(
        async () => ((await partFiles()).length > 0 ? true : undefined),
        5000,
        "the slow upload under way",
      );

      // Another's upload meanwhile: the page says so, with when to retry; nothing is kept of it.
      const busy = await fetch(`${server.url}/documents/${token}/bls`, {
        method: "POST",
        redirect: "manual",
        body: upload({ expiresOn: "2027-03-31" }, { bytes: JPEG, name: "card.jpg", type: "image/jpeg" }),
      });
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toMatch(/^\d+$/);
      expectPrivate(busy);
      expect(await busy.text()).toContain(
        "We are receiving many uploads right now. Please try again in a minute.",
      );

      // The dribbling one is cut at REQUEST_TIMEOUT_MS (checked every 250 ms; a loaded machine gets more).
      const { closedAfterMs } = await cut;
      expect(closedAfterMs).toBeLessThan(5000);
      await waitFor(
        async () => ((await partFiles()).length === 0 ? true : undefined),
        5000,
        "its partial file removed",
      );
      expect(
        (await store.credentials.items(leadId)).find((item) => item.key === "bls")?.review ?? null,
      ).toBeNull();

      // Its slot is free again: the next upload is taken.
      const taken = await fetch(`${server.url}/documents/${token}/bls`, {
        method: "POST",
        redirect: "manual",
        body: upload({ expiresOn: "2027-03-31" }, { bytes: JPEG, name: "card.jpg", type: "image/jpeg" }),
      });
      expect(taken.status).toBe(303);
      expect((await store.credentials.items(leadId)).find((item) => item.key === "bls")?.review).toBe(
        "submitted",
      );
    } finally {
      await store.close();
      await server.stop();
    }
  });

  it("counts posts per address with the intake's rate limit, and says so on the page", async () => {
    const server = await startInProcessServer({
      ...database.env,
      BUILD_DIR: MINIMAL_BUILD_DIR,
      RELAY_ENABLED: "false",
      DOCUMENTS_KEY: KEY,
      RATE_LIMIT_PER_MINUTE: "2",
    });
    const store = await database.openStore();
    try {
      const { token } = await linkFor(store);
      const post = () =>
        fetch(`${server.url}/documents/${token}/bls`, {
          method: "POST",
          redirect: "manual",
          body: upload({ expiresOn: "2027-03-31" }, { bytes: JPEG, name: "card.jpg", type: "image/jpeg" }),
        });
      expect((await post()).status).toBe(303);
      expect((await post()).status).toBe(303);
      const limited = await post();
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
      expectPrivate(limited);
      expect(await limited.text()).toContain("Too many uploads from your address");
    } finally {
      await store.close();
      await server.stop();
    }
  });
});
