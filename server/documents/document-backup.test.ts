import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../cli.ts";
import { openStore } from "../store/store.ts";
import { documentKeyring } from "./document-crypto.ts";
import { requestDocuments } from "./document-links.ts";
import { readSubmission, submitItem } from "./submissions.ts";

const NOW = Date.UTC(2026, 10, 25, 9, 0, 0);
const keyring = documentKeyring(Buffer.alloc(32, 5).toString("base64"));
const SCAN = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(20_000, 0x41)]);

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "document-backup-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { DATA_DIR: path.join(root, argv[0] === "restore" ? "restored" : "data") };
  const code = await runCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line), env });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("a SQLite backup of the credential documents", () => {
  it("carries each encrypted document, still encrypted, and restores it readable with the key", async () => {
    const store = await openStore({ dataDir: path.join(root, "data") });
    const leadId = randomUUID();
    await store.intake.acceptLead({
      id: leadId,
      formId: "nurse-application",
      state: "pending",
      fields: { email: "nurse@example.com" },
      createdAt: NOW,
    });
    await requestDocuments(store, { leadId, credential: "CNA", by: null, now: NOW });
    const [item] = await store.credentials.items(leadId);
    if (!item) throw new Error("no checklist");
    const document = { source: Readable.from([SCAN]), type: "pdf" as const };
    const fields = { number: "C-1", state: "NJ", expiresOn: "2027-01-31" };
    const id = await submitItem(store, keyring, { leadId, item, fields, document, now: NOW });
    await store.close();

    const backup = path.join(root, "backup");
    expect(await cli("backup", backup)).toMatchObject({
      code: 0,
      out: expect.stringMatching(
        /^Backed up 1 lead\(s\) and 0 resume\(s\) and 1 credential document\(s\) to /,
      ),
    });
    expect(await readdir(path.join(backup, "documents"))).toEqual([`${id}.sealed`]);
    expect((await readFile(path.join(backup, "documents", `${id}.sealed`))).includes("%PDF")).toBe(false);

    expect((await cli("restore", backup)).code).toBe(0);
    const restored = await openStore({ dataDir: path.join(root, "restored") });
    try {
      expect((await buffer(readSubmission(restored, keyring, id ?? ""))).equals(SCAN)).toBe(true);
    } finally {
      await restored.close();
    }
  });
});
