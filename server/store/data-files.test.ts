import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import { openFilesUnder } from "../../test-support/open-files.ts";
import { pdfFile, uploadedResume } from "../../test-support/resume-fixtures.ts";
import { MINIMAL_BUILD_DIR, startServer } from "../../test-support/server-process.ts";
import { SWEEP_GRACE_MS } from "./resume-files.ts";
import { openStore } from "./store.ts";

const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8);

/** A multipart application with a PDF resume, as bytes, so a test can send it in two halves. */
async function applicationBytes(resumeBytes: number) {
  const body = new FormData();
  for (const [name, value] of Object.entries({
    firstName: "Mary",
    lastName: "Seacole",
    email: "mary@example.com",
    consent: "on",
  }))
    body.append(name, value);
  const resume = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(resumeBytes, 0x20)]);
  body.append("resume", new Blob([new Uint8Array(resume)]), "cv.pdf");
  const encoded = new Response(body);
  return {
    bytes: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get("Content-Type") ?? "",
  };
}

// SQLite only: leads.db, its WAL and resume files on disk (what these modes and the sweep are about) are SQLite's.
describe("personal data on disk", () => {
  const cleanup: string[] = [];
  afterEach(async () => {
    for (const dir of cleanup.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it("keeps DATA_DIR 0700 and every file in it 0600, even under umask 000", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "data-modes-"));
    cleanup.push(root);
    const dataDir = path.join(root, "data");
    // The server inherits this process's umask.
    const previous = process.umask(0o000);
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer({ DATA_DIR: dataDir, BUILD_DIR: MINIMAL_BUILD_DIR, RELAY_ENABLED: "false" });
    } finally {
      process.umask(previous);
    }
    try {
      const { bytes, type } = await applicationBytes(2_000_000);
      const url = new URL("/api/leads/nurse-application", server.url);
      // Half the upload, then look at the temp file while it is being written.
      const answer = new Promise<number>((resolve, reject) => {
        const req = request(url, {
          method: "POST",
          headers: { "Content-Type": type, "Content-Length": bytes.length, Accept: "application/json" },
        });
        req.on("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        req.on("error", reject);
        req.write(bytes.subarray(0, bytes.length / 2));
        (async () => {
          const tmp = path.join(dataDir, "tmp");
          for (let tries = 0; tries < 200 && (await readdir(tmp)).length === 0; tries++) await sleep(10);
          const [part] = await readdir(tmp);
          expect(part).toMatch(/\.part$/);
          expect(await modeOf(path.join(tmp, part ?? ""))).toBe("600");
          req.end(bytes.subarray(bytes.length / 2));
        })().catch(reject);
      });
      expect(await answer).toBe(201);

      expect(await modeOf(dataDir)).toBe("700");
      const files: string[] = [];
      for (const sub of ["", "tmp", "resumes"]) {
        const dir = path.join(dataDir, sub);
        if (sub) expect(await modeOf(dir)).toBe("700");
        for (const entry of await readdir(dir, { withFileTypes: true }))
          if (entry.isFile()) files.push(path.join(dir, entry.name));
      }
      expect(files.map((file) => path.relative(dataDir, file)).sort()).toEqual(
        expect.arrayContaining([
          "leads.db",
          "leads.db-shm",
          "leads.db-wal",
          expect.stringMatching(/^resumes\//),
        ]),
      );
      for (const file of files) expect([file, await modeOf(file)]).toEqual([file, "600"]);
    } finally {
      await server.stop();
    }
  });

  it("makes the files an older version left readable private when the store opens, and no directory", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "data-legacy-"));
    cleanup.push(dataDir);
    const file = (...parts: string[]) => path.join(dataDir, ...parts);
    await mkdir(file("resumes", "kept-by-hand"), { recursive: true, mode: 0o755 });
    await chmod(file("resumes", "kept-by-hand"), 0o755);
    await writeFile(file("resumes", `${randomUUID()}.pdf`), "%PDF-1.7", { mode: 0o644 });
    await writeFile(file("notes.txt"), "left by an operator", { mode: 0o640 });

    const store = await openStore({ dataDir });
    await store.close();
    for (const name of [...(await readdir(file("resumes"))).map((entry) => `resumes/${entry}`), "notes.txt"])
      if (name !== "resumes/kept-by-hand") expect([name, await modeOf(file(name))]).toEqual([name, "600"]);
    expect(await modeOf(file("resumes", "kept-by-hand"))).toBe("755");
  });

  it("creates its database, WAL and shared-memory files private under umask 000, in this process", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "data-umask-"));
    cleanup.push(dataDir);
    const previous = process.umask(0o000);
    let store: Awaited<ReturnType<typeof openStore>>;
    try {
      store = await openStore({ dataDir });
    } finally {
      process.umask(previous);
    }
    try {
      for (const name of ["leads.db", "leads.db-wal", "leads.db-shm"])
        expect([name, await modeOf(path.join(dataDir, name))]).toEqual([name, "600"]);
    } finally {
      await store.close();
    }
  });

  it("leaves no file open once the store is closed, after a lead with a resume", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "data-closed-"));
    cleanup.push(dataDir);
    const store = await openStore({ dataDir });
    await store.intake.acceptLead({
      id: randomUUID(),
      formId: "carestaff-application",
      state: "pending",
      fields: { firstName: "Mary", email: "mary@example.com" },
      createdAt: Date.now(),
      resume: await uploadedResume(dataDir, pdfFile(2_000)),
    });
    await store.close();
    expect(await openFilesUnder(dataDir)).toEqual([]);
  });

  it("sweeps what a crash left behind when the store opens, and nothing else", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "data-sweep-"));
    cleanup.push(dataDir);
    const now = Date.now();
    const longAgo = new Date(now - SWEEP_GRACE_MS - 60_000);
    const store = await openStore({ dataDir });
    const committed = randomUUID();
    const tempPath = path.join(dataDir, "tmp", "committed.part");
    await writeFile(tempPath, "%PDF-1.7 kept");
    await store.intake.acceptLead({
      id: committed,
      formId: "nurse-application",
      state: "pending",
      fields: { firstName: "Mary" },
      resume: { tempPath, name: "cv.pdf", kind: "pdf", size: 13, sha256: "k" },
      createdAt: now,
    });
    await store.close();

    const file = (...parts: string[]) => path.join(dataDir, ...parts);
    await mkdir(file("tmp"), { recursive: true });
    await writeFile(file("tmp", "crashed.part"), "half an upload");
    await writeFile(file("tmp", "in-progress.part"), "an upload another process is receiving");
    await writeFile(file("resumes", `${randomUUID()}.pdf`), "a file whose row never committed");
    const fresh = file("resumes", `${randomUUID()}.docx`);
    await writeFile(fresh, "a file whose row is committing in another process right now");
    for (const old of [file("tmp", "crashed.part"), file("resumes", `${committed}.pdf`)])
      await utimes(old, longAgo, longAgo);
    for (const orphan of await readdir(file("resumes")))
      if (!orphan.startsWith(committed) && !fresh.endsWith(orphan))
        await utimes(file("resumes", orphan), longAgo, longAgo);

    const reopened = await openStore({ dataDir });
    try {
      expect((await readdir(file("tmp"))).sort()).toEqual(["in-progress.part"]);
      expect((await readdir(file("resumes"))).sort()).toEqual(
        [`${committed}.pdf`, path.basename(fresh)].sort(),
      );
      expect(existsSync((await reopened.operations.get(committed))?.resumeLocation ?? "")).toBe(true);
    } finally {
      await reopened.close();
    }
  });
});
