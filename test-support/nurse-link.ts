import { randomUUID } from "node:crypto";
import { requestDocuments } from "../server/documents/document-links.ts";
import { openStore } from "../server/store/store.ts";

/** DOCUMENTS_KEY of the browser tests' server (playwright.config.ts): a fixed test key, never a real one. */
export const TEST_DOCUMENTS_KEY = Buffer.alloc(32, 42).toString("base64");

/**
 * A nurse's application in the served store (`dataDir`, SQLite, beside the running server) and a private link to
 * her checklist, as a recruiter's "Request documents" makes it: the token of `/documents/<token>`.
 */
export async function nurseLink(dataDir: string, credential: "RN" | "LPN" | "CNA" | "NP" = "RN") {
  const store = await openStore({ dataDir });
  try {
    const leadId = randomUUID();
    const now = Date.now();
    await store.intake.acceptLead({
      id: leadId,
      formId: "nurse-application",
      state: "pending",
      fields: { email: `${leadId}@example.com`, name: "Nurse In Test" },
      createdAt: now,
    });
    const { token } = await requestDocuments(store, { leadId, credential, by: null, now });
    return { leadId, token };
  } finally {
    await store.close();
  }
}
