import { mkdirSync } from "node:fs";
import { Readable } from "node:stream";
import { documentKeyring } from "../../server/documents/document-crypto.ts";
import { linkOf } from "../../server/documents/document-links.ts";
import { submitItem } from "../../server/documents/submissions.ts";
import { openStore } from "../../server/store/store.ts";
import { startSmtpSink } from "../../test-support/smtp-sink.ts";
import { arrive, test as base, createAccount, signIn, unique } from "./fixtures.ts";
import { axeViolations, screenshot } from "./look.ts";
import { expect, type Mailing, mailTo, startMailingServer } from "./mailing.ts";

/**
 * A recruiter works a nurse's credential file end to end, on a server with DOCUMENTS_KEY that sends mail
 * (mailing.ts) over each database: requests her documents (the e-mailed link opens her checklist), sees what she
 * sent (recorded through the store, as her page records it), verifies one item and rejects another with a
 * reason (she is e-mailed it with a new link), renews and revokes her link.
 */

const KEY = Buffer.alloc(32, 42).toString("base64");
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2000, 0x41)]);
const REASON = "The card is cut off at the bottom; please send a photo of the whole card.";

const test = base.extend<object, { documents: Mailing }>({
  documents: [
    async ({ server, playwright }, use) => {
      const sink = await startSmtpSink();
      const mailing = await startMailingServer(server, sink, { env: { DOCUMENTS_KEY: KEY } });
      const request = await playwright.request.newContext({ baseURL: mailing.server.origin });
      const recruiter = await createAccount(request, mailing.server, {
        email: "recruiter@example.com",
        name: "Rita Recruiter",
        role: "recruiting",
      });
      await request.dispose();
      await use({ server: mailing.server, sink, admin: recruiter });
      await mailing.stop();
      await sink.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ documents }, use) => use(documents.server.origin),
});

test.use({ reducedMotion: "reduce" });

const tokenOf = (text: string, origin: string) =>
  new RegExp(`${origin.replace(/[.:/]/g, "\\$&")}/documents/([\\w-]+)\\n`).exec(text)?.[1] ?? "";

test("a recruiter requests documents, reviews what the nurse sent, renews and revokes her link", async ({
  page,
  documents,
  viewport,
}) => {
  const { server, sink, admin: recruiter } = documents;
  const email = `nurse-${unique()}@example.org`;
  const id = await arrive(page.request, "nurse-application", {
    firstName: "Grace",
    lastName: `Hopper ${unique()}`,
    email,
    credential: "RN",
    consent: "on",
  });
  await signIn(page, recruiter, { next: `/staff/leads/${id}` });
  const file = page.getByRole("region", { name: "Credential file" });
  await expect(file.getByText("No documents requested yet.")).toBeVisible();
  await expect(file.getByLabel("Checklist")).toHaveValue("RN");
  await file.getByRole("button", { name: "Request documents" }).click();
  await expect(page.getByText("Documents requested: the nurse was e-mailed her link.")).toBeVisible();
  await expect(file.getByText(/^Link sent .*; it works until /)).toBeVisible();

  const request = await mailTo(sink, email, /^Your credential documents$/);
  const first = tokenOf(request.parsed.text ?? "", server.origin);
  expect(first).not.toBe("");

  // The nurse sends her license and her BLS card, recorded as her page records them.
  const store = await openStore({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  const keyring = documentKeyring(KEY);
  try {
    const link = await linkOf(store, first, Date.now());
    expect(link?.leadId).toBe(id);
    const [license, bls] = await store.credentials.items(id);
    if (!license || !bls) throw new Error("no checklist");
    const document = () => ({ source: Readable.from([PDF]), type: "pdf" as const, size: PDF.length });
    const fields = { number: "RN-204981", state: "NY", expiresOn: "2099-05-31", multistate: "yes" };
    await submitItem(store, keyring, {
      leadId: id,
      item: license,
      fields,
      document: document(),
      now: Date.now(),
    });
    const blsFields = { expiresOn: "2099-02-28" };
    await submitItem(store, keyring, {
      leadId: id,
      item: bls,
      fields: blsFields,
      document: document(),
      now: Date.now(),
    });
  } finally {
    await store.close();
  }
  await page.reload();
  await expect(file.getByText("2 of 10 done")).toBeVisible();
  const licenseItem = file.getByRole("listitem", { name: "RN license" });
  await expect(licenseItem.getByText("RN-204981")).toBeVisible();
  const shown = await page.request.get(
    (await licenseItem.getByRole("link", { name: "View RN license" }).getAttribute("href")) ?? "",
  );
  expect(shown.headers()["content-security-policy"]).toBe("sandbox; default-src 'none'");
  expect((await shown.body()).equals(PDF)).toBe(true);

  await licenseItem.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("RN license verified.")).toBeVisible();
  await expect(licenseItem.getByText("Verified", { exact: true })).toBeVisible();

  const blsItem = file.getByRole("listitem", { name: "BLS or CPR card" });
  await blsItem.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject BLS or CPR card" });
  await expect(dialog.getByLabel(/^Reason/)).toBeFocused();
  await dialog.getByLabel(/^Reason/).fill(REASON);
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();
  await expect(blsItem.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(blsItem.getByText(REASON)).toBeVisible();
  const rejection = await mailTo(sink, email, /^Please send your BLS or CPR card again$/);
  expect(rejection.parsed.text).toContain(REASON);
  const second = tokenOf(rejection.parsed.text ?? "", server.origin);
  expect(second).not.toBe(first);

  mkdirSync("/tmp/shots-cf-staff", { recursive: true });
  await file.scrollIntoViewIfNeeded();
  await file.screenshot({
    path: `/tmp/shots-cf-staff/${server.database}-credential-file-${viewport?.width}.png`,
  });
  await screenshot(page, server, "credential-file");
  // The page is checked once the toast is gone: its success style is the staff frame's, not this section's.
  await expect(page.getByText("BLS or CPR card rejected: the nurse was e-mailed the reason.")).toBeHidden({
    timeout: 15_000,
  });
  expect(await axeViolations(page)).toEqual([]);

  await file.getByRole("button", { name: "Renew link" }).click();
  await expect(page.getByText("Link renewed: the nurse was e-mailed a new one.")).toBeVisible();
  const renewal = await mailTo(sink, email, /^A new link for your credential documents$/);
  const third = tokenOf(renewal.parsed.text ?? "", server.origin);
  await file.getByRole("button", { name: "Revoke link" }).click();
  await expect(file.getByText(/^Link revoked .* Renew it/)).toBeVisible();
  await expect(file.getByRole("button", { name: "Revoke link" })).toBeHidden();

  const after = await openStore({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  try {
    for (const token of [first, second, third]) expect(await linkOf(after, token, Date.now())).toBeNull();
  } finally {
    await after.close();
  }
});
