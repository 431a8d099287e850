import { createHash, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFilesUnder } from "../../test-support/open-files.ts";
import { rejectionOf } from "../../test-support/rejection.ts";
import { pdfFile, uploadedResume } from "../../test-support/resume-fixtures.ts";
import { BackupError, backupSqlite, MANIFEST_FILE, restoreSqlite, verifyBackup } from "./backup.ts";
import { resumePathOf } from "./resume-files.ts";
import { SQLITE_FILE } from "./sqlite-engine.ts";
import { openStore } from "./store.ts";
import type { NewLead } from "./store-records.ts";

/**
 * Backup, verification and restore called in this process, on a store the test fills: every refusal's
 * message and every manifest field. backup.test.ts runs the same through `npm run leads` while a server
 * takes leads.
 */

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let root: string;
let dataDir: string;
let backupDir: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "backup-files-"));
  dataDir = path.join(root, "data");
  backupDir = path.join(root, "backup");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A closed store with two leads, one with a resume; returns the resume's lead id and bytes. */
async function fillStore() {
  const store = await openStore({ dataDir });
  const withResume = randomUUID();
  const resume = pdfFile(30_000);
  const lead = (overrides: Partial<NewLead>): NewLead => ({
    id: randomUUID(),
    formId: "carestaff-application",
    state: "pending",
    fields: { firstName: "Ada", email: "ada@example.com" },
    createdAt: T0,
    ...overrides,
  });
  await store.intake.acceptLead(lead({ formId: "chartassist-demo" }));
  await store.intake.acceptLead(lead({ id: withResume, resume: await uploadedResume(dataDir, resume) }));
  await store.close();
  return { withResume, resume };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await rejectionOf(promise, BackupError);
  expect(error.name).toBe("BackupError");
  return error.message;
};

function newestMigration(): string {
  const db = new DatabaseSync(path.join(dataDir, SQLITE_FILE), { readOnly: true });
  try {
    return (db.prepare("SELECT MAX(name) AS name FROM kysely_migration").get() as { name: string }).name;
  } finally {
    db.close();
  }
}

describe("backupSqlite", () => {
  it("writes a private snapshot, the resumes of its leads and a manifest that lists each file", async () => {
    const { withResume, resume } = await fillStore();
    const manifest = await backupSqlite(dataDir, backupDir, new Date(T0));

    const snapshot = await readFile(path.join(backupDir, SQLITE_FILE));
    expect(manifest).toEqual({
      format: 1,
      store: "sqlite",
      createdAt: "2026-11-25T09:00:00.000Z",
      schemaVersion: newestMigration(),
      leads: 2,
      files: [
        { path: SQLITE_FILE, size: snapshot.length, sha256: sha256(snapshot) },
        { path: `resumes/${withResume}.pdf`, size: resume.length, sha256: sha256(resume) },
      ],
    });
    expect(JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), "utf8"))).toEqual(manifest);
    expect(await readFile(path.join(backupDir, "resumes", `${withResume}.pdf`))).toEqual(resume);
    expect((await readdir(backupDir)).sort()).toEqual([MANIFEST_FILE, SQLITE_FILE, "resumes"].sort());
    expect((await stat(backupDir)).mode & 0o777).toBe(0o700);
    for (const file of [MANIFEST_FILE, SQLITE_FILE, `resumes/${withResume}.pdf`])
      expect((await stat(path.join(backupDir, file))).mode & 0o777, file).toBe(0o600);
  });

  it("refuses a DATA_DIR without a store, naming the file it looked for", async () => {
    await mkdir(dataDir, { recursive: true });
    expect(await refusal(backupSqlite(dataDir, backupDir))).toBe(
      `There is no lead store at ${path.join(dataDir, SQLITE_FILE)}: check DATA_DIR.`,
    );
  });

  it("refuses a directory that is not empty, and leaves what is in it", async () => {
    await fillStore();
    await mkdir(backupDir);
    await writeFile(path.join(backupDir, "keep.txt"), "mine");
    expect(await refusal(backupSqlite(dataDir, backupDir))).toBe(
      `${backupDir} is not empty: back up into a new or empty directory.`,
    );
    expect(await readFile(path.join(backupDir, "keep.txt"), "utf8")).toBe("mine");
  });

  it("takes an empty directory that already exists", async () => {
    await fillStore();
    await mkdir(backupDir);
    expect((await backupSqlite(dataDir, backupDir)).leads).toBe(2);
  });

  it("reports a resume it cannot read as what it is, not as vanished, and leaves nothing", async () => {
    const { withResume } = await fillStore();
    const file = resumePathOf(dataDir, withResume, "pdf");
    await unlink(file);
    await mkdir(file);
    await expect(backupSqlite(dataDir, backupDir)).rejects.toMatchObject({ code: "EISDIR" });
    await expect(stat(backupDir)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("leaves nothing that could pass for a backup when a resume has vanished", async () => {
    const { withResume } = await fillStore();
    await unlink(resumePathOf(dataDir, withResume, "pdf"));
    expect(await refusal(backupSqlite(dataDir, backupDir))).toBe(
      `The resume of lead ${withResume} vanished during the backup (purged meanwhile?): run the backup again.`,
    );
    await expect(stat(backupDir)).rejects.toMatchObject({ code: "ENOENT" });
  });
});

it("closes every file and database it opens: backup, verification and restore", async () => {
  await fillStore();
  const restored = path.join(root, "restored");
  await backupSqlite(dataDir, backupDir);
  await verifyBackup(backupDir);
  await restoreSqlite(backupDir, restored);
  expect(await openFilesUnder(root)).toEqual([]);
});

describe("verifyBackup and restoreSqlite", () => {
  it("restores every lead and resume into an empty DATA_DIR", async () => {
    const { withResume, resume } = await fillStore();
    const manifest = await backupSqlite(dataDir, backupDir);
    const restored = path.join(root, "restored");

    expect(await restoreSqlite(backupDir, restored)).toEqual(manifest);
    expect(await readFile(resumePathOf(restored, withResume, "pdf"))).toEqual(resume);
    const store = await openStore({ dataDir: restored });
    try {
      const blob = await store.outbox.readResume(withResume);
      expect(Buffer.from((await blob?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(resume);
    } finally {
      await store.close();
    }
  });

  it("refuses a DATA_DIR that is not empty, and changes nothing in it", async () => {
    await fillStore();
    await backupSqlite(dataDir, backupDir);
    const before = await readdir(dataDir);
    expect(await refusal(restoreSqlite(backupDir, dataDir))).toBe(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty DATA_DIR (stop the server and move the current one aside first).`,
    );
    expect(await readdir(dataDir)).toEqual(before);
  });

  describe("refuses a backup", () => {
    let resumeFile: string;
    beforeEach(async () => {
      const { withResume } = await fillStore();
      await backupSqlite(dataDir, backupDir);
      resumeFile = `resumes/${withResume}.pdf`;
    });
    const manifestPath = () => path.join(backupDir, MANIFEST_FILE);
    const editManifest = async (edit: (manifest: Record<string, unknown>) => void) => {
      const manifest = JSON.parse(await readFile(manifestPath(), "utf8"));
      edit(manifest);
      await writeFile(manifestPath(), JSON.stringify(manifest));
    };

    it("without a manifest, as incomplete", async () => {
      await unlink(manifestPath());
      expect(await refusal(verifyBackup(backupDir))).toBe(
        `${backupDir} is not a complete backup: it has no ${MANIFEST_FILE}.`,
      );
    });

    it("whose manifest is not JSON", async () => {
      await writeFile(manifestPath(), "{ half");
      expect(await refusal(verifyBackup(backupDir))).toBe(
        `${backupDir}/${MANIFEST_FILE} is damaged (not JSON): restore another backup.`,
      );
    });

    it.each([
      [
        "a file outside the backup",
        (m: Record<string, unknown>) =>
          (m.files as { path: string }[]).push({
            path: "../../etc/passwd",
            size: 1,
            sha256: "0".repeat(64),
          } as never),
      ],
      ["another format", (m: Record<string, unknown>) => Object.assign(m, { format: 2 })],
      ["another store", (m: Record<string, unknown>) => Object.assign(m, { store: "postgres" })],
      ["a negative lead count", (m: Record<string, unknown>) => Object.assign(m, { leads: -1 })],
    ])("whose manifest names %s", async (_, edit) => {
      await editManifest(edit);
      expect(await refusal(verifyBackup(backupDir))).toBe(
        `${backupDir}/${MANIFEST_FILE} is damaged or not ours: restore another backup.`,
      );
    });

    it("whose manifest lists no database", async () => {
      await editManifest((m) => {
        m.files = (m.files as { path: string }[]).filter((file) => file.path !== SQLITE_FILE);
      });
      expect(await refusal(verifyBackup(backupDir))).toBe(
        `${backupDir}/${MANIFEST_FILE} lists no ${SQLITE_FILE}: restore another backup.`,
      );
    });

    it("with a file missing, and restores nothing", async () => {
      await unlink(path.join(backupDir, resumeFile));
      const restored = path.join(root, "restored");
      expect(await refusal(restoreSqlite(backupDir, restored))).toBe(
        `The backup in ${backupDir} is corrupted: ${resumeFile} is missing. Nothing was restored.`,
      );
      await expect(stat(restored)).rejects.toMatchObject({ code: "ENOENT" });
    });

    it("whose manifest gives a file's size wrong, its checksum right", async () => {
      await editManifest((m) => {
        const entry = (m.files as { path: string; size: number }[]).find((file) => file.path === resumeFile);
        if (entry) entry.size += 1;
      });
      expect(await refusal(verifyBackup(backupDir))).toBe(
        `The backup in ${backupDir} is corrupted: ${resumeFile} does not match its checksum. Nothing was restored.`,
      );
    });

    it.each([
      [
        "one byte changed",
        (bytes: Buffer) => Buffer.concat([bytes.subarray(0, -1), Buffer.from([(bytes.at(-1) ?? 0) ^ 1])]),
      ],
      ["one byte more", (bytes: Buffer) => Buffer.concat([bytes, Buffer.from([0])])],
    ])("with a resume that has %s", async (_, alter) => {
      const file = path.join(backupDir, resumeFile);
      await writeFile(file, alter(await readFile(file)));
      expect(await refusal(verifyBackup(backupDir))).toBe(
        `The backup in ${backupDir} is corrupted: ${resumeFile} does not match its checksum. Nothing was restored.`,
      );
    });
  });
});
