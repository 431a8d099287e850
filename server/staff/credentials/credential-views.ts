import type { ChecklistItem, Credential } from "../../../leads/credential-checklist.ts";
import { CREDENTIALS } from "../../../leads/credential-checklist.ts";
import { isDone, itemStatus } from "../../../leads/credential-status.ts";
import type { CredentialFile, CredentialLink, SubmissionEntry } from "../../../staff/credentials-api.ts";
import type { CredentialItem, Submission } from "../../store/queries/credential-files.ts";
import type { CredentialRequest } from "../../store/queries/credential-links.ts";
import type { Store } from "../../store/store.ts";

/** The credential file as the lead page shows it, read from the store: every item with its history. */

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A field's value as a person reads it: a choice's label, Yes or No. */
function shownValue(field: ChecklistItem["fields"][number], value: string): string {
  if (field.kind === "choice") return field.options.find((option) => option.value === value)?.label ?? value;
  if (field.kind === "yes-no") return value === "yes" ? "Yes" : value === "no" ? "No" : value;
  return value;
}

function submissionEntryOf(definition: ChecklistItem, submission: Submission): SubmissionEntry {
  return {
    id: submission.id,
    submittedAt: new Date(submission.submittedAt).toISOString(),
    fields: definition.fields.map((field) => ({
      name: field.name,
      label: field.label,
      value: shownValue(field, submission.fields[field.name] ?? ""),
    })),
    file: submission.file && { type: submission.file.type, size: submission.file.size },
    decision: submission.decision,
    reason: submission.reason,
    decidedAt: iso(submission.decidedAt),
  };
}

/** The link's state at `now`: a renewal revokes nothing of its own, so the newest request tells it. */
export function linkStateOf(request: CredentialRequest | null, now: number): CredentialLink {
  if (!request) return { state: "none", credential: null, sentAt: null, expiresAt: null, revokedAt: null };
  const state = request.revokedAt !== null ? "revoked" : request.expiresAt <= now ? "expired" : "active";
  return {
    state,
    credential: request.credential,
    sentAt: iso(request.createdAt),
    expiresAt: iso(request.expiresAt),
    revokedAt: iso(request.revokedAt),
  };
}

/** The credential the application named, if it is one a checklist exists for. */
export const appliedAsOf = (fields: Readonly<Record<string, string>>): Credential | null =>
  (CREDENTIALS as readonly string[]).includes(fields.credential ?? "")
    ? (fields.credential as Credential)
    : null;

export interface LoadedFile {
  items: CredentialItem[];
  histories: Submission[][];
  request: CredentialRequest | null;
}

/** The lead's items, each item's submissions, and its newest link. */
export async function loadFile(
  store: Pick<Store, "credentials" | "credentialLinks">,
  leadId: string,
): Promise<LoadedFile> {
  const [items, request] = await Promise.all([
    store.credentials.items(leadId),
    store.credentialLinks.latestRequest(leadId),
  ]);
  const histories = await Promise.all(items.map((item) => store.credentials.history(leadId, item.id)));
  return { items, histories, request };
}

/** The answer of every credential file endpoint; `today` is the business calendar's date, for the statuses. */
export function credentialFileOf(
  loaded: LoadedFile,
  fields: Readonly<Record<string, string>>,
  today: string,
  now: number,
): CredentialFile {
  const items = loaded.items.map((item, index) => {
    const { status, reason } = itemStatus(item, today);
    return {
      id: item.id,
      name: item.definition.name,
      document: item.definition.document,
      status,
      reason: reason ?? null,
      validThrough: item.validThrough,
      history: (loaded.histories[index] ?? []).map((entry) => submissionEntryOf(item.definition, entry)),
    };
  });
  return {
    appliedAs: appliedAsOf(fields),
    link: linkStateOf(loaded.request, now),
    items,
    progress: { done: items.filter((item) => isDone(item.status)).length, total: items.length },
  };
}
