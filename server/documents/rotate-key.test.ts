import { randomBytes, randomUUID } from "node:crypto";
import { readdir, writeFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { runCli } from "../cli.ts";
import { documentDirOf, TEMP_SUFFIX, tempDirOf } from "../store/resume-files.ts";
import { documentKeyring } from "./document-crypto.ts";
import { requestDocuments } from "./document-links.ts";
import { rotateDocumentKey } from "./rotate-key.ts";
import { keyIdOfSealed } from "./sealed-files.ts";
import { readSubmission, submitItem } from "./submissions.ts";

const NOW = Date.parse("2026-06-01T14:00:00Z");
const OLD = Buffer.alloc(32, 1).toString("base64");
const NEW = Buffer.alloc(32, 2).toString("base64");
const STRANGER = Buffer.alloc(32, 3).toString("base64");
const ITEMS = ["license", "bls", "tb", "photo-id", "mmr"];

class Crash extends Error {}

describe.each(DIALECTS)("rotating the documents key on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "rotate-key", { per: "test" });

  /** One application with a document for each of ITEMS, under `key`: submission id to its bytes. */
  async function documentsUnder(key: string): Promise<Map<string, Buffer>> {
    const leadId = randomUUID();
    await store.intake.acceptLead({
      id: leadId,
      formId: "nurse-application",
      state: "pending",
      fields: { email: "nurse@example.com" },
      createdAt: NOW,
    });
    await requestDocuments(store, { leadId, credential: "RN", by: null, now: NOW });
    const documents = new Map<string, Buffer>();
    for (const item of (await store.credentials.items(leadId)).filter((row) => ITEMS.includes(row.key))) {
      const bytes = randomBytes(100_000 + documents.size);
      const document = { source: Readable.from([bytes]), type: "jpeg" as const };
      const id = await submitItem(store, documentKeyring(key), {
        leadId,
        item,
        fields: {},
        document,
        now: NOW,
      });
      if (id) documents.set(id, bytes);
    }
    return documents;
  }

  const recordedKeys = async () =>
    new Map((await database.tableRows("credential_submissions")).map((row) => [row.id, row.key_id]));

  async function expectAllUnder(documents: Map<string, Buffer>, key: string) {
    const only = documentKeyring(key);
    const recorded = await recordedKeys();
    for (const [id, bytes] of documents) {
      expect(await keyIdOfSealed(store.credentials, id)).toBe(only.current.id);
      expect(recorded.get(id)).toBe(only.current.id);
      expect((await buffer(readSubmission(store, only, id))).equals(bytes)).toBe(true);
    }
    for (const dir of [documentDirOf(database.dataDir), tempDirOf(database.dataDir)])
      expect((await readdir(dir)).filter((name) => name.endsWith(TEMP_SUFFIX))).toEqual([]);
  }

  it("finishes on a second run after a crash, losing no file", async () => {
    const documents = await documentsUnder(OLD);
    const ids = [...documents.keys()].sort();
    const rotating = documentKeyring(NEW, OLD);
    // A crash half-way through writing the fourth file's replacement leaves a part-file beside it.
    await writeFile(store.credentials.stagingPathOf(ids[3] ?? ""), "half of a file");
    let recorded = 0;
    const crashOnThird = async () => {
      if (++recorded === 3) throw new Crash("killed between the rename and the record");
    };

    await expect(
      rotateDocumentKey(store.credentials, rotating, { beforeRecord: crashOnThird }),
    ).rejects.toThrow(Crash);
    const afterCrash = await recordedKeys();
    expect(ids.map((id) => afterCrash.get(id) === rotating.current.id)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);

    expect(await rotateDocumentKey(store.credentials, rotating)).toEqual({
      rotated: 2,
      recorded: 1,
      unreadable: [],
    });
    await expectAllUnder(documents, NEW);
    expect(await rotateDocumentKey(store.credentials, rotating)).toEqual({
      rotated: 0,
      recorded: 0,
      unreadable: [],
    });
  });

  it("runs as `leads documents rotate-key`, and names what it could not read", async () => {
    const documents = await documentsUnder(OLD);
    const strangers = await documentsUnder(STRANGER);
    const out: string[] = [];
    const err: string[] = [];
    const cli = (env: Record<string, string>) =>
      runCli(["documents", "rotate-key"], {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        env: { ...database.env, ...env },
      });

    expect(await cli({})).toBe(1);
    expect(err).toEqual([
      expect.stringMatching(/^documents rotate-key needs DOCUMENTS_KEY.*openssl rand -base64 32/),
    ]);

    err.length = 0;
    expect(await cli({ DOCUMENTS_KEY: NEW, DOCUMENTS_KEY_PREVIOUS: OLD })).toBe(1);
    const id = documentKeyring(NEW).current.id;
    expect(out).toEqual([`Re-encrypted ${documents.size} document(s) under key ${id}.`]);
    expect(err).toHaveLength(strangers.size + 1);
    for (const stranger of strangers.keys())
      expect(err).toContainEqual(expect.stringContaining(`Document ${stranger} was left as it was`));
    expect(err.join("\n")).not.toContain(OLD);
    await expectAllUnder(documents, NEW);
    // Left as they were: still readable with their own key.
    for (const [stranger, bytes] of strangers)
      expect((await buffer(readSubmission(store, documentKeyring(STRANGER), stranger))).equals(bytes)).toBe(
        true,
      );
  });
});
