import { randomBytes, randomUUID } from "node:crypto";
import { readdir, readFile, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHECKLISTS } from "../../leads/credential-checklist.ts";
import { itemStatus } from "../../leads/credential-status.ts";
import { DIALECTS } from "../../test-support/test-database.ts";
import { storeFixture } from "../../test-support/vitest-fixtures.ts";
import { newId } from "../store/ids.ts";
import { documentDirOf, SWEEP_GRACE_MS } from "../store/resume-files.ts";
import { documentKeyring } from "./document-crypto.ts";
import { LINK_VALID_DAYS, linkOf, requestDocuments, tokenHashOf } from "./document-links.ts";
import { readSubmission, submitItem } from "./submissions.ts";

const DAY = 86_400_000;
const NOW = Date.parse("2026-06-01T14:00:00Z");
const TODAY = "2026-06-01";
const keyring = documentKeyring(Buffer.alloc(32, 9).toString("base64"));
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(3000)]);
const CREDENTIAL_TABLES = ["credential_requests", "credential_items", "credential_submissions"];

describe.each(DIALECTS)("a nurse's credential file on %s", (dialect) => {
  const { database, store } = storeFixture(dialect, "credential-file", { per: "test" });

  async function application(state: "pending" | "spam" = "pending", createdAt = NOW) {
    const id = randomUUID();
    await store.intake.acceptLead({
      id,
      formId: "nurse-application",
      state,
      fields: { email: `${id}@example.com`, name: "Someone Private" },
      createdAt,
    });
    return id;
  }

  const itemOf = async (leadId: string, key: string) => {
    const item = (await store.credentials.items(leadId)).find((candidate) => candidate.key === key);
    if (!item) throw new Error(`no item ${key}`);
    return item;
  };

  const pdf = () => ({ source: Readable.from([PDF]), type: "pdf" as const });

  async function withDocuments(leadId: string) {
    await requestDocuments(store, { leadId, credential: "RN", by: null, now: NOW });
    const license = await itemOf(leadId, "license");
    const fields = { number: "RN123456", state: "NY", expiresOn: "2027-03-31", multistate: "yes" };
    const first = await submitItem(store, keyring, {
      leadId,
      item: license,
      fields,
      document: pdf(),
      now: NOW,
    });
    const bls = await itemOf(leadId, "bls");
    const second = await submitItem(store, keyring, {
      leadId,
      item: bls,
      fields: { expiresOn: "2026-06-20" },
      document: pdf(),
      now: NOW,
    });
    const reference = await itemOf(leadId, "reference-1");
    await submitItem(store, keyring, {
      leadId,
      item: reference,
      fields: { name: "Ada Byron", relationship: "Charge nurse", contact: "ada@example.org" },
      document: null,
      now: NOW,
    });
    if (!first || !second) throw new Error("the documents were not recorded");
    return [first, second];
  }

  const sealedPath = (id: string) => path.join(documentDirOf(database.dataDir), `${id}.sealed`);
  /** The documents kept, as `<submission id>.sealed`: SQLite's files, PostgreSQL's rows (and no file beside them). */
  const storedDocuments = async () => {
    const files = (await readdir(documentDirOf(database.dataDir))).filter((name) => name.endsWith(".sealed"));
    if (dialect === "sqlite") return files.sort();
    const rows = await database.tableRows("credential_documents");
    return [...files, ...rows.map((row) => `${row.submission_id}.sealed`)].sort();
  };
  /** A document's bytes exactly as stored: what a copy of DATA_DIR, or of the database, would show. */
  const storedBytes = async (id: string) => {
    if (dialect === "sqlite") return readFile(sealedPath(id));
    const row = (await database.tableRows("credential_documents")).find((r) => r.submission_id === id);
    return Buffer.from(row?.content as Uint8Array);
  };
  const rowsOf = async (leadId: string) => {
    const counts: Record<string, number> = {};
    for (const table of CREDENTIAL_TABLES)
      counts[table] = (await database.tableRows(table)).filter((row) => row.lead_id === leadId).length;
    return counts;
  };

  it("keeps the private link's token only as its hash, and opens the link by the token", async () => {
    const leadId = await application();
    const { token, expiresAt } = await requestDocuments(store, {
      leadId,
      credential: "RN",
      by: null,
      now: NOW,
    });
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(expiresAt).toBe(NOW + LINK_VALID_DAYS * DAY);
    for (const table of CREDENTIAL_TABLES)
      expect(JSON.stringify(await database.tableRows(table))).not.toContain(token);
    const [row] = await database.tableRows("credential_requests");
    expect(row?.token_hash).toBe(tokenHashOf(token));
    expect(await linkOf(store, token, NOW + DAY)).toMatchObject({
      leadId,
      credential: "RN",
      revokedAt: null,
    });
  });

  it("opens nothing for a guessed, expired, renewed or revoked link", async () => {
    const leadId = await application();
    const first = await requestDocuments(store, { leadId, credential: "LPN", by: null, now: NOW });
    expect(await linkOf(store, randomBytes(32).toString("base64url"), NOW)).toBeNull();
    expect(await linkOf(store, "", NOW)).toBeNull();
    expect(await linkOf(store, first.token, first.expiresAt - 1)).not.toBeNull();
    expect(await linkOf(store, first.token, first.expiresAt)).toBeNull();

    const renewed = await requestDocuments(store, { leadId, credential: "LPN", by: null, now: NOW + DAY });
    expect(await linkOf(store, first.token, NOW + DAY)).toBeNull();
    expect(await linkOf(store, renewed.token, NOW + DAY)).not.toBeNull();
    // The checklist was copied in once, not again on renewal.
    expect(await store.credentials.items(leadId)).toHaveLength(DEFAULT_CHECKLISTS.LPN.length);

    expect(await store.credentialLinks.revoke(leadId, NOW + 2 * DAY)).toBe(1);
    expect(await linkOf(store, renewed.token, NOW + 2 * DAY)).toBeNull();
    expect(await store.credentialLinks.latestRequest(leadId)).toMatchObject({ revokedAt: NOW + 2 * DAY });
  });

  it("keeps every submission, and gives each item its status from the review and its dates", async () => {
    const leadId = await application();
    const [licenseSubmission] = await withDocuments(leadId);
    const statuses = async (today: string) =>
      Object.fromEntries(
        (await store.credentials.items(leadId)).map((item) => [item.key, itemStatus(item, today)]),
      );
    expect(await statuses(TODAY)).toMatchObject({
      license: { status: "submitted" },
      bls: { status: "expiring-soon" },
      tb: { status: "missing" },
      "reference-1": { status: "submitted" },
    });

    const license = await itemOf(leadId, "license");
    expect(license).toMatchObject({ validThrough: "2027-03-31", submissionId: licenseSubmission });
    const reject = {
      leadId,
      itemId: license.id,
      submissionId: license.submissionId ?? "",
      by: null,
      now: NOW,
    };
    expect(
      await store.credentials.review({ ...reject, decision: "rejected", reason: "The photo is blurred" }),
    ).toBe(true);
    expect((await statuses(TODAY)).license).toEqual({ status: "rejected", reason: "The photo is blurred" });

    const fields = { number: "RN123456", state: "NY", expiresOn: "2027-03-31", multistate: "yes" };
    const again = await submitItem(store, keyring, {
      leadId,
      item: license,
      fields,
      document: pdf(),
      now: NOW + DAY,
    });
    // A review of the earlier submission no longer applies.
    expect(await store.credentials.review({ ...reject, decision: "verified", reason: null })).toBe(false);
    expect(
      await store.credentials.review({
        ...reject,
        submissionId: again ?? "",
        decision: "verified",
        reason: null,
      }),
    ).toBe(true);
    expect((await statuses(TODAY)).license).toEqual({ status: "verified" });
    expect((await statuses("2027-03-15")).license).toEqual({ status: "expiring-soon" });
    expect((await statuses("2027-04-01")).license).toEqual({ status: "expired" });

    const history = await store.credentials.history(leadId, license.id);
    expect(history.map((entry) => [entry.decision, entry.reason])).toEqual([
      ["verified", null],
      ["rejected", "The photo is blurred"],
    ]);
    expect(history[0]?.file).toEqual({ type: "pdf", size: PDF.length, keyId: keyring.current.id });
    expect((await buffer(readSubmission(store, keyring, again ?? ""))).equals(PDF)).toBe(true);
    // As stored, what a copy of DATA_DIR or a dump of the database would show: no PDF signature, no run of its bytes.
    const onDisk = await storedBytes(again ?? "");
    expect(onDisk.subarray(0, 5).toString("latin1")).toBe("HSDOC");
    expect(onDisk.includes("%PDF")).toBe(false);
    expect(onDisk.includes(PDF.subarray(1000, 1032))).toBe(false);
  });

  it("erases a lead's credential file, rows and encrypted files, with the lead, and nobody else's", async () => {
    const [erased, kept] = [await application(), await application()];
    const erasedFiles = await withDocuments(erased);
    const keptFiles = await withDocuments(kept);
    expect(await storedDocuments()).toHaveLength(4);
    expect((await store.erasure.leadsOf(`${erased}@example.com`)).files).toBe(2);

    expect(await store.erasure.erase([erased])).toEqual({ leads: 1, files: 2 });

    expect(await rowsOf(erased)).toEqual({
      credential_requests: 0,
      credential_items: 0,
      credential_submissions: 0,
    });
    const onDisk = await storedDocuments();
    for (const id of erasedFiles) expect(onDisk.some((name) => name.startsWith(`${id}`))).toBe(false);
    for (const id of keptFiles) expect(onDisk).toContain(`${id}.sealed`);
    expect((await rowsOf(kept)).credential_submissions).toBe(3);
  });

  it("purges a lead's credential file with the lead when retention removes it", async () => {
    const old = await application("spam", NOW - 90 * DAY);
    const recent = await application("spam", NOW);
    await withDocuments(old);
    const recentFiles = await withDocuments(recent);

    const purged = await store.operations.purge(NOW - 30 * DAY, NOW);

    expect(purged).toMatchObject({ leads: 1, files: 2 });
    expect(await rowsOf(old)).toEqual({
      credential_requests: 0,
      credential_items: 0,
      credential_submissions: 0,
    });
    expect(await storedDocuments()).toEqual(recentFiles.map((id) => `${id}.sealed`).sort());
  });

  it("sweeps at start-up what a crash left of a document whose submission never committed, once it is old enough", async () => {
    const leadId = await application();
    const kept = await withDocuments(leadId);
    const [orphan, young, staged, stagedYoung] = [newId(), newId(), newId(), newId()];
    // A file whose row never committed (SQLite's order), and staging files an upload left half-way (both).
    for (const id of [orphan, young]) await writeFile(sealedPath(id), "HSDOC sealed bytes");
    for (const id of [staged, stagedYoung])
      await writeFile(store.credentials.stagingPathOf(id), "HSDOC half");
    const old = new Date(Date.now() - 2 * SWEEP_GRACE_MS);
    for (const file of [sealedPath(orphan), store.credentials.stagingPathOf(staged)])
      await utimes(file, old, old);
    if (dialect === "sqlite") for (const id of kept) await utimes(sealedPath(id), old, old);

    const reopened = await database.openStore();
    await reopened.close();

    expect(await storedDocuments()).toEqual([...kept, young].map((id) => `${id}.sealed`).sort());
    const staging = await readdir(path.dirname(store.credentials.stagingPathOf(staged)));
    expect(staging.filter((name) => name.startsWith(staged))).toEqual([]);
    expect(staging.filter((name) => name.startsWith(stagedYoung))).toHaveLength(1);
  });
});
