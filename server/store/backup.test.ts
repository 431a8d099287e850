import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI_ENTRY,
  childEnv,
  MINIMAL_BUILD_DIR,
  type ServerProcess,
  startServer,
} from "../../test-support/server-process.ts";
import { MANIFEST_FILE } from "./backup.ts";
import { openStore } from "./store.ts";

interface Posted {
  id: string;
  email: string;
  resume: Buffer | null;
}

/** Runs `npm run leads -- <args>` as the operator would, as its own process. */
function leadsCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [CLI_ENTRY, ...args], { env: childEnv(env) }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const pdf = () =>
  Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(20_000 + Math.floor(Math.random() * 50_000))]);

// SQLite only: the backup copies its database file and resume files; PostgreSQL is pg_dump's (below).
describe("backup and restore of the SQLite store", () => {
  let root: string;
  let liveDir: string;
  let backupDir: string;
  let server: ServerProcess;
  let committedBeforeBackup: Posted[];
  let postedDuringBackup = 0;
  let backupOutput: { code: number; stdout: string; stderr: string };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "lead-backup-"));
    liveDir = path.join(root, "live");
    backupDir = path.join(root, "backup");
    server = await startServer({
      BUILD_DIR: MINIMAL_BUILD_DIR,
      DATA_DIR: liveDir,
      RELAY_ENABLED: "false",
      RATE_LIMIT_PER_MINUTE: "0",
    });

    const accepted: Posted[] = [];
    let posting = true;
    let backupRunning = false;
    const postOne = async (n: number) => {
      const email = `lead${n}@example.com`;
      const body = new FormData();
      let resume: Buffer | null = null;
      if (n % 2 === 0) {
        resume = pdf();
        for (const [name, value] of Object.entries({
          firstName: "Ada",
          lastName: `L${n}`,
          email,
          consent: "on",
        }))
          body.append(name, value);
        body.append("resume", new Blob([new Uint8Array(resume)]), "cv.pdf");
      } else {
        for (const [name, value] of Object.entries({ name: `Lead ${n}`, email, company: "Acme" }))
          body.append(name, value);
      }
      const form = resume ? "nurse-application" : "chartassist-demo";
      const response = await fetch(`${server.url}/api/leads/${form}`, {
        method: "POST",
        body,
        headers: { Accept: "application/json" },
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      accepted.push({ id, email, resume });
      if (backupRunning) postedDuringBackup++;
    };
    let next = 0;
    const poster = async () => {
      while (posting) await postOne(next++);
    };
    const posters = [poster(), poster(), poster()];

    while (accepted.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    committedBeforeBackup = [...accepted];
    backupRunning = true;
    backupOutput = await leadsCli(["backup", backupDir], { DATA_DIR: liveDir });
    backupRunning = false;
    posting = false;
    await Promise.all(posters);
  });

  afterAll(async () => {
    await server?.stop();
    await rm(root, { recursive: true, force: true });
  });

  it("takes the backup while leads keep arriving", () => {
    expect(backupOutput.stderr).toBe("");
    expect(backupOutput.code).toBe(0);
    expect(backupOutput.stdout).toMatch(/^Backed up \d+ lead\(s\) and \d+ resume\(s\) to /);
    expect(postedDuringBackup).toBeGreaterThan(0);
  });

  it("writes a manifest with the lead count and a checksum for every file, readable by the owner only", async () => {
    const manifest = JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), "utf8")) as {
      leads: number;
      files: { path: string; sha256: string }[];
    };
    expect(manifest.leads).toBeGreaterThanOrEqual(committedBeforeBackup.length);
    const onDisk = [
      "leads.db",
      MANIFEST_FILE,
      ...(await readdir(path.join(backupDir, "resumes"))).map((name) => `resumes/${name}`),
    ];
    expect(manifest.files.map((file) => file.path).sort()).toEqual(
      onDisk.filter((name) => name !== MANIFEST_FILE).sort(),
    );
    for (const name of onDisk) expect((await stat(path.join(backupDir, name))).mode & 0o777).toBe(0o600);
    for (const dir of [backupDir, path.join(backupDir, "resumes")])
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });

  it("restores into an empty DATA_DIR every lead committed before the backup began, resumes byte for byte", async () => {
    const restoredDir = path.join(root, "restored");
    const restore = await leadsCli(["restore", backupDir], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain("every checksum matched");

    const store = await openStore({ dataDir: restoredDir });
    try {
      const manifest = JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), "utf8")) as {
        leads: number;
      };
      const restored = await store.operations.list({});
      expect(restored).toHaveLength(manifest.leads);
      for (const posted of committedBeforeBackup) {
        const lead = await store.operations.get(posted.id);
        expect(lead?.fields.email).toBe(posted.email);
        const resume = await store.outbox.readResume(posted.id);
        if (posted.resume) {
          expect(resume).not.toBeNull();
          expect(Buffer.from(await (resume as Blob).arrayBuffer()).equals(posted.resume)).toBe(true);
        } else {
          expect(resume).toBeNull();
        }
      }
      // Every lead in the snapshot came with its resume, whether or not it was posted before the backup.
      for (const lead of restored.filter((row) => row.resume))
        expect((await store.outbox.readResume(lead.id))?.size).toBe(lead.resume?.size);
    } finally {
      await store.close();
    }
  });

  it("refuses to restore into a DATA_DIR that is not empty", async () => {
    const restore = await leadsCli(["restore", backupDir], { DATA_DIR: liveDir });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`DATA_DIR ${liveDir} is not empty`);
  });

  it("refuses a corrupted backup with a message and restores nothing", async () => {
    const damaged = path.join(root, "damaged");
    await cp(backupDir, damaged, { recursive: true });
    const [resume] = await readdir(path.join(damaged, "resumes"));
    const file = path.join(damaged, "resumes", resume ?? "");
    const bytes = await readFile(file);
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    await writeFile(file, bytes);

    const target = path.join(root, "from-damaged");
    const restore = await leadsCli(["restore", damaged], { DATA_DIR: target });
    expect(restore.code).toBe(1);
    expect(restore.stderr.trim()).toBe(
      `The backup in ${damaged} is corrupted: resumes/${resume} does not match its checksum. Nothing was restored.`,
    );
    expect(await readdir(target).catch(() => [])).toEqual([]);
  });

  it("refuses a backup without a manifest, or with a tampered one", async () => {
    const partial = path.join(root, "partial");
    await cp(backupDir, partial, { recursive: true });
    await writeFile(
      path.join(partial, MANIFEST_FILE),
      JSON.stringify({
        ...JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), "utf8")),
        files: [{ path: "../escape.db", size: 1, sha256: "0".repeat(64) }],
      }),
    );
    const tampered = await leadsCli(["restore", partial], { DATA_DIR: path.join(root, "t1") });
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain("manifest.json is damaged or not ours");

    await rm(path.join(partial, MANIFEST_FILE));
    const missing = await leadsCli(["restore", partial], { DATA_DIR: path.join(root, "t2") });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${partial} is not a complete backup`);
  });

  it("refuses to back up into a directory that already holds files", async () => {
    const used = path.join(root, "used");
    await mkdir(used);
    await writeFile(path.join(used, "keep.txt"), "mine");
    const backup = await leadsCli(["backup", used], { DATA_DIR: liveDir });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain(`${used} is not empty`);
    expect(await readFile(path.join(used, "keep.txt"), "utf8")).toBe("mine");
  });
});

describe("backup on PostgreSQL", () => {
  it("points to pg_dump, since resumes live in the database", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "lead-backup-pg-"));
    const result = await leadsCli(["backup", path.join(dataDir, "b")], {
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://leads:leads@127.0.0.1:1/leads",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pg_dump --format=custom --file=leads-$(date +%F).dump "$DATABASE_URL"');
    expect(result.stderr).toContain("pg_restore");
    await rm(dataDir, { recursive: true, force: true });
  });
});
