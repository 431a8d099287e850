import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { makeDirs } from "./data-dir.ts";
import { documentDirOf, fsyncDir, resumeDirOf, resumePathOf, tempDirOf } from "./resume-files.ts";
import { SQLITE_FILE } from "./sqlite-engine.ts";

export const MANIFEST_FILE = "manifest.json";
const RESUME_FILE = /^resumes\/[A-Za-z0-9-]+\.(pdf|docx|doc)$/;
/** A credential document, encrypted as it lies in DATA_DIR: the backup holds no key to read it. */
const DOCUMENT_FILE = /^documents\/[A-Za-z0-9-]+\.sealed$/;

/** A backup's table of contents; written last, so a backup without one is incomplete. */
const manifestSchema = z.object({
  format: z.literal(1),
  store: z.literal("sqlite"),
  createdAt: z.iso.datetime(),
  /** The newest migration applied to the snapshot (server/store/migrations/). */
  schemaVersion: z.string().min(1),
  leads: z.number().int().min(0),
  files: z.array(
    z.object({
      // Only names a backup can hold: a tampered manifest must not write outside DATA_DIR.
      path: z.union([z.literal(SQLITE_FILE), z.string().regex(RESUME_FILE), z.string().regex(DOCUMENT_FILE)]),
      size: z.number().int().min(0),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;
type FileEntry = BackupManifest["files"][number];

/** Refused backups and restores: the message says what is wrong and what to do. */
export class BackupError extends Error {
  override name = "BackupError";
}

/**
 * Streams `source` to a new file `target` (0600, never overwriting), fsyncs it, and returns its checksum
 * as it was written.
 */
async function copyFileDurably(source: string, target: string): Promise<Omit<FileEntry, "path">> {
  const hash = createHash("sha256");
  let size = 0;
  await pipeline(
    createReadStream(source),
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        yield chunk;
      }
    },
    createWriteStream(target, { flags: "wx", mode: 0o600, flush: true }),
  );
  return { size, sha256: hash.digest("hex") };
}

async function checksumOf(file: string): Promise<Omit<FileEntry, "path">> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest("hex") };
}

async function fsyncFile(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Backs up the SQLite store in `dataDir` into the new or empty directory `backupDir` while the server keeps
 * taking leads: `VACUUM INTO` on a connection of our own writes a consistent snapshot, then the resumes of
 * exactly the leads in that snapshot are copied (a lead's file is in place before its row commits), and the
 * manifest (lead count, size and SHA-256 of every file) is written last.
 */
export async function backupSqlite(
  dataDir: string,
  backupDir: string,
  now = new Date(),
): Promise<BackupManifest> {
  const source = path.join(dataDir, SQLITE_FILE);
  if (!(await stat(source).catch(() => null))?.isFile())
    throw new BackupError(`There is no lead store at ${source}: check DATA_DIR.`);
  if (!(await isEmptyOrMissing(backupDir)))
    throw new BackupError(`${backupDir} is not empty: back up into a new or empty directory.`);
  await makeDirs(path.join(backupDir, "resumes"));
  await chmod(backupDir, 0o700);

  try {
    const snapshotFile = path.join(backupDir, SQLITE_FILE);
    const live = new DatabaseSync(source);
    try {
      // The server may hold the write lock for a group commit; VACUUM INTO only needs to read.
      live.exec("PRAGMA busy_timeout = 10000");
      live.prepare("VACUUM INTO ?").run(snapshotFile);
    } finally {
      live.close();
    }
    await chmod(snapshotFile, 0o600);
    await fsyncFile(snapshotFile);

    const snapshot = new DatabaseSync(snapshotFile, { readOnly: true });
    let leads: number;
    let schemaVersion: string;
    let resumes: { id: string; resume_kind: "pdf" | "docx" | "doc" }[];
    let documents: { id: string }[];
    try {
      leads = Number((snapshot.prepare("SELECT COUNT(*) AS n FROM leads").get() as { n: number }).n);
      schemaVersion = (
        snapshot.prepare("SELECT MAX(name) AS name FROM kysely_migration").get() as { name: string }
      ).name;
      resumes = snapshot
        .prepare("SELECT id, resume_kind FROM leads WHERE resume_kind IS NOT NULL ORDER BY id")
        .all() as typeof resumes;
      // A store not yet migrated by a newer server has no credential files.
      const withDocuments = snapshot
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'credential_submissions'")
        .get();
      documents = withDocuments
        ? (snapshot
            .prepare("SELECT id FROM credential_submissions WHERE file_type IS NOT NULL ORDER BY id")
            .all() as typeof documents)
        : [];
    } finally {
      snapshot.close();
    }

    const files: FileEntry[] = [{ path: SQLITE_FILE, ...(await checksumOf(snapshotFile)) }];
    for (const { id, resume_kind: kind } of resumes) {
      const relative = `resumes/${id}.${kind}`;
      try {
        files.push({
          path: relative,
          ...(await copyFileDurably(resumePathOf(dataDir, id, kind), path.join(backupDir, relative))),
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        throw new BackupError(
          `The resume of lead ${id} vanished during the backup (purged meanwhile?): run the backup again.`,
        );
      }
    }
    // documents/ only when there are any: a backup of a store without credential files looks as it always did.
    if (documents.length > 0) await makeDirs(path.join(backupDir, "documents"));
    for (const { id } of documents) {
      const relative = `documents/${id}.sealed`;
      try {
        const copied = await copyFileDurably(
          path.join(documentDirOf(dataDir), `${id}.sealed`),
          path.join(backupDir, relative),
        );
        files.push({ path: relative, ...copied });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        throw new BackupError(
          `A credential document (submission ${id}) vanished during the backup: run the backup again.`,
        );
      }
    }
    await fsyncDir(path.join(backupDir, "resumes"));
    if (documents.length > 0) await fsyncDir(path.join(backupDir, "documents"));

    const manifest: BackupManifest = {
      format: 1,
      store: "sqlite",
      createdAt: now.toISOString(),
      schemaVersion,
      leads,
      files,
    };
    const manifestPart = path.join(backupDir, `${MANIFEST_FILE}.part`);
    const handle = await open(manifestPart, "wx", 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(manifestPart, path.join(backupDir, MANIFEST_FILE));
    await fsyncDir(backupDir);
    return manifest;
  } catch (error) {
    // Half a backup is worse than none: nothing is left that could pass for one.
    await rm(backupDir, { recursive: true, force: true });
    throw error;
  }
}

async function readManifest(backupDir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(backupDir, MANIFEST_FILE), "utf8");
  } catch {
    throw new BackupError(`${backupDir} is not a complete backup: it has no ${MANIFEST_FILE}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupError(`${backupDir}/${MANIFEST_FILE} is damaged (not JSON): restore another backup.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success)
    throw new BackupError(`${backupDir}/${MANIFEST_FILE} is damaged or not ours: restore another backup.`);
  if (!result.data.files.some((file) => file.path === SQLITE_FILE))
    throw new BackupError(`${backupDir}/${MANIFEST_FILE} lists no ${SQLITE_FILE}: restore another backup.`);
  return result.data;
}

const corrupted = (backupDir: string, file: string, what: string) =>
  new BackupError(`The backup in ${backupDir} is corrupted: ${file} ${what}. Nothing was restored.`);

/** What a backup holds besides the database: "3 resume(s)", and its credential documents when it has any. */
export function filesInWords(manifest: BackupManifest): string {
  const count = (folder: string) =>
    manifest.files.filter((file) => file.path.startsWith(`${folder}/`)).length;
  const documents = count("documents");
  return `${count("resumes")} resume(s)${documents > 0 ? ` and ${documents} credential document(s)` : ""}`;
}

/** Checks every file of a backup against its manifest; returns the manifest when all match. */
export async function verifyBackup(backupDir: string): Promise<BackupManifest> {
  const manifest = await readManifest(backupDir);
  for (const file of manifest.files) {
    const actual = await checksumOf(path.join(backupDir, file.path)).catch(() => null);
    if (!actual) throw corrupted(backupDir, file.path, "is missing");
    if (actual.size !== file.size || actual.sha256 !== file.sha256)
      throw corrupted(backupDir, file.path, "does not match its checksum");
  }
  return manifest;
}

/**
 * Restores a verified backup into an empty (or missing) `dataDir`. Each file is checked again as it is
 * copied; on any failure the files already copied are removed, so DATA_DIR is left as it was.
 */
export async function restoreSqlite(backupDir: string, dataDir: string): Promise<BackupManifest> {
  const manifest = await verifyBackup(backupDir);
  if (!(await isEmptyOrMissing(dataDir)))
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore only into an empty DATA_DIR (stop the server and move the current one aside first).`,
    );
  await makeDirs(resumeDirOf(dataDir));
  await makeDirs(documentDirOf(dataDir));
  await makeDirs(tempDirOf(dataDir));
  try {
    for (const file of manifest.files) {
      const copied = await copyFileDurably(path.join(backupDir, file.path), path.join(dataDir, file.path));
      if (copied.sha256 !== file.sha256)
        throw corrupted(backupDir, file.path, "changed while it was restored");
    }
    await fsyncDir(resumeDirOf(dataDir));
    await fsyncDir(documentDirOf(dataDir));
    await fsyncDir(dataDir);
  } catch (error) {
    for (const entry of await readdir(dataDir))
      await rm(path.join(dataDir, entry), { recursive: true, force: true });
    throw error;
  }
  return manifest;
}

/** What `leads backup` and `leads restore` say on PostgreSQL, where resumes and documents live in the database. */
export const POSTGRES_BACKUP_HINT = `On PostgreSQL the leads, their resumes and their credential documents (encrypted) all live in the
database: back it up with pg_dump, e.g.
  pg_dump --format=custom --file=leads-$(date +%F).dump "$DATABASE_URL"
and restore into an empty database with
  pg_restore --no-owner --dbname="$DATABASE_URL" leads-YYYY-MM-DD.dump
(see docs/lead-api.md, Backups).`;
