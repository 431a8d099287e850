import { readFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { resumePathOf } from "../../server/store/resume-files.ts";
import { type Entry, expectToast, field, fill, forms, openForm } from "./lead-forms.ts";

// Every form from the browser to the real server and its store (no stubbed answers): what the visitor typed is
// what was committed, with one outbox delivery, and the application's resume is stored byte for byte. The
// served store is the SQLite database in E2E_DATA_DIR (playwright.config.ts); the relay is off there, so each
// delivery waits, pending.

// Pointer presses that follow a typed field, without smooth scrolling: see forms.spec.ts.
test.use({ reducedMotion: "reduce" });

test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 1024,
  "the wire and the store are the same at every width",
);

function servedStore() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return { dataDir, db: new DatabaseSync(path.join(dataDir, "leads.db"), { readOnly: true }) };
}

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

for (const c of forms) {
  test(`${c.id}: what the visitor typed on ${c.path} is the lead the server stored`, async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    // Unique values, so this lead is told apart from every other test's.
    const entries = c.entries.map((entry): Entry => {
      if (entry.kind === "check" || entry.kind === "select") return entry;
      if (entry.name === "email") return { ...entry, value: `intake-${stamp}@example.com` };
      if (entry.name === "message") return { ...entry, value: `${entry.value}\nReference ${stamp}` };
      return entry;
    });
    const form = await openForm(page, c);
    await fill(form, entries);
    const withResume = c.id === "nurse-application";
    if (withResume)
      await field(form, "Resume").setInputFiles({
        name: `resume-${stamp}.pdf`,
        mimeType: "application/pdf",
        buffer: PDF,
      });
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(`/api/leads/${c.id}`)),
      form.getByRole("button", { name: c.submit }).click(),
    ]);
    expect(answer.status()).toBe(201);
    await expectToast(page, "status", c.success);

    const { dataDir, db } = servedStore();
    try {
      // Found by the unique address it was sent with: exactly one lead.
      const leads = db
        .prepare(
          "SELECT id, form_id, state, fields, resume_name, resume_kind, resume_size FROM leads WHERE json_extract(fields, '$.email') = ?",
        )
        .all(`intake-${stamp}@example.com`);
      expect(leads).toHaveLength(1);
      const lead = leads[0];
      const id = String(lead?.id);
      expect(lead?.form_id).toBe(c.id);
      expect(lead?.state).toBe("pending");
      const typed = Object.fromEntries(
        entries.map((entry) => [entry.name, entry.kind === "check" ? "true" : entry.value]),
      );
      expect(JSON.parse(String(lead?.fields))).toEqual(typed);
      const deliveries = db.prepare("SELECT channel, state FROM outbox WHERE lead_id = ?").all(id);
      expect(deliveries).toEqual([{ channel: "formservice", state: "pending" }]);
      if (withResume) {
        expect(lead).toMatchObject({
          resume_name: `resume-${stamp}.pdf`,
          resume_kind: "pdf",
          resume_size: PDF.length,
        });
        expect(readFileSync(resumePathOf(dataDir, id, "pdf")).equals(PDF)).toBe(true);
      } else expect(lead?.resume_name).toBeNull();
    } finally {
      db.close();
    }
  });
}
