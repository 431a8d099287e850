import type { Readable } from "node:stream";
import type { Credential } from "../../../leads/credential-checklist.ts";
import type { StaffUser } from "../../../staff/api.ts";
import type { CredentialFile } from "../../../staff/credentials-api.ts";
import { isApplicationForm } from "../../../staff/workflow.ts";
import { type BusinessCalendar, localDate } from "../../calendar/business-calendar.ts";
import { bareAddress, MailRefusal } from "../../checks/mail-checks.ts";
import type { ServerConfig } from "../../config.ts";
import { documentKeyring } from "../../documents/document-crypto.ts";
import { requestDocuments } from "../../documents/document-links.ts";
import {
  composeDocumentMail,
  type DocumentMessageInput,
  documentMail,
} from "../../documents/document-mail.ts";
import { readSubmission } from "../../documents/submissions.ts";
import { newId } from "../../store/ids.ts";
import type { Store } from "../../store/store.ts";
import type { LeadRecord } from "../../store/store-records.ts";
import { type Refusal, refuse } from "../api/refusals.ts";
import { credentialFileOf, type LoadedFile, loadFile } from "./credential-views.ts";

type Answer = Promise<CredentialFile | Refusal>;

/**
 * A nurse's credential file as recruiters work it (the endpoint table's credential rows): the file, her private
 * link requested, renewed or revoked, each document viewed, verified or rejected. Only applications have one,
 * and only with DOCUMENTS_KEY set. Every step is audited with ids only (the lead, an item, a submission, a link),
 * never a field's value, a file's bytes, a reason or a token. A request, a renewal and a rejection e-mail the
 * nurse through the mail outbox as the recruiter's reply; a rejection renews her link, since a token is kept only
 * as its hash and the mail must carry one that works.
 */
export function createCredentialWork(deps: {
  config: Pick<
    ServerConfig,
    "DOCUMENTS_KEY" | "DOCUMENTS_KEY_PREVIOUS" | "SMTP_URL" | "MAIL_FROM" | "REPLY_TO" | "site"
  >;
  store: Pick<Store, "credentials" | "credentialLinks" | "checklists" | "mail" | "leadWork" | "audit">;
  calendar: BusinessCalendar;
  /** New mail was queued: the in-process mail worker looks now. */
  onQueued?: () => void;
  now: () => number;
}) {
  const { config, store, calendar, onQueued, now } = deps;
  const keyring = config.DOCUMENTS_KEY
    ? documentKeyring(config.DOCUMENTS_KEY, config.DOCUMENTS_KEY_PREVIOUS)
    : null;
  const from = config.SMTP_URL && config.MAIL_FROM ? config.MAIL_FROM : undefined;

  /** Why this lead has no credential file to work on, if it has none. */
  const unavailable = (lead: LeadRecord): Refusal | null => {
    if (!isApplicationForm(lead.formId))
      return refuse(404, "not_found", "Only applications have a credential file.");
    if (!keyring)
      return refuse(
        409,
        "documents_off",
        "Credential files are off: the server has no DOCUMENTS_KEY. An operator sets one (openssl rand -base64 32) to turn them on.",
      );
    return null;
  };

  const answer = (lead: LeadRecord, loaded: LoadedFile, at: number) =>
    credentialFileOf(loaded, lead.fields, localDate(at, calendar), at);
  const current = async (lead: LeadRecord, at: number) => answer(lead, await loadFile(store, lead.id), at);

  const audit =
    (staff: StaffUser, lead: LeadRecord, action: Parameters<Store["audit"]["record"]>[0]["action"]) =>
    (detail: string | null, at: number) =>
      store.audit.record({ actorId: staff.id, action, leadId: lead.id, detail }, at);

  /** Why no mail can go to this lead now, if none can. */
  const unmailable = (lead: LeadRecord): Refusal | null => {
    if (lead.state === "spam")
      return refuse(422, "bad_documents", "This lead is in Spam: choose Not spam before writing to it.");
    if (!from) return refuse(409, "mail_off", "No mail server is set up (SMTP_URL and MAIL_FROM).");
    try {
      bareAddress(lead.fields.email ?? "", "to");
    } catch (error) {
      if (error instanceof MailRefusal)
        return refuse(422, "bad_documents", "This application has no e-mail address a link can go to.");
      throw error;
    }
    return null;
  };

  /**
   * Opens a new private link (the lead's open ones stop working) and queues the mail carrying it, as the
   * recruiter's reply on the lead's thread. Returns the new link's id, for the audit.
   */
  async function sendLink(
    staff: StaffUser,
    lead: LeadRecord,
    credential: Credential,
    messageOf: (link: { token: string; expiresAt: number }) => DocumentMessageInput,
    at: number,
  ): Promise<string> {
    const thread = await store.mail.threadIds(lead.id);
    const link = await requestDocuments(store, { leadId: lead.id, credential, by: staff.id, now: at });
    const message = composeDocumentMail(messageOf(link), {
      siteUrl: config.site.url,
      fields: lead.fields,
      company: config.site.company,
      timeZone: calendar.timeZone,
    });
    const mail = documentMail({
      id: newId(at),
      leadId: lead.id,
      to: lead.fields.email ?? "",
      message,
      staff,
      thread,
      settings: { from: from ?? "", ...(config.REPLY_TO && { replyTo: config.REPLY_TO }) },
    });
    await store.leadWork.reply({ ...mail, leadId: lead.id }, staff.id, at);
    onQueued?.();
    return (await store.credentialLinks.latestRequest(lead.id))?.id ?? "";
  }

  return {
    async file(staff: StaffUser, lead: LeadRecord): Answer {
      const refusal = unavailable(lead);
      if (refusal) return refusal;
      const at = now();
      await audit(staff, lead, "credential_file_viewed")(null, at);
      return current(lead, at);
    },

    /** "Request documents": the first link, for `credential`'s checklist. */
    async request(staff: StaffUser, lead: LeadRecord, credential: Credential): Answer {
      const refusal = unavailable(lead) ?? unmailable(lead);
      if (refusal) return refusal;
      if (await store.credentialLinks.latestRequest(lead.id))
        return refuse(409, "bad_documents", "Documents were requested already: renew the link instead.");
      const at = now();
      const linkId = await sendLink(staff, lead, credential, (link) => ({ kind: "request", link }), at);
      await audit(staff, lead, "documents_requested")(`link ${linkId}`, at);
      return current(lead, at);
    },

    /** "Renew link": a new link by e-mail, for the same checklist; the old one stops working. */
    async renew(staff: StaffUser, lead: LeadRecord): Answer {
      const refusal = unavailable(lead) ?? unmailable(lead);
      if (refusal) return refusal;
      const latest = await store.credentialLinks.latestRequest(lead.id);
      if (!latest) return refuse(409, "bad_documents", "No documents were requested yet.");
      const at = now();
      const linkId = await sendLink(
        staff,
        lead,
        latest.credential,
        (link) => ({ kind: "renewal", link }),
        at,
      );
      await audit(staff, lead, "documents_link_renewed")(`link ${linkId}`, at);
      return current(lead, at);
    },

    /** "Revoke link": the link stops working; nothing is sent. */
    async revoke(staff: StaffUser, lead: LeadRecord): Answer {
      const refusal = unavailable(lead);
      if (refusal) return refusal;
      const at = now();
      const latest = await store.credentialLinks.latestRequest(lead.id);
      if (!latest || (await store.credentialLinks.revoke(lead.id, at)) === 0)
        return refuse(409, "bad_documents", "There is no working link to revoke.");
      await audit(staff, lead, "documents_link_revoked")(`link ${latest.id}`, at);
      return current(lead, at);
    },

    /** "Verify" the item's latest submission, the one the recruiter looked at. */
    async verify(staff: StaffUser, lead: LeadRecord, itemId: string, submissionId: string): Answer {
      const refusal = unavailable(lead);
      if (refusal) return refusal;
      const at = now();
      const reviewed = await store.credentials.review({
        leadId: lead.id,
        itemId,
        submissionId,
        decision: "verified",
        reason: null,
        by: staff.id,
        now: at,
      });
      if (!reviewed) return staleReview(lead, itemId);
      await audit(staff, lead, "credential_item_verified")(`item ${itemId} submission ${submissionId}`, at);
      return current(lead, at);
    },

    /** "Reject" with a reason: the nurse gets it by e-mail with a renewed link to send the item again. */
    async reject(
      staff: StaffUser,
      lead: LeadRecord,
      itemId: string,
      review: { submissionId: string; reason: string },
    ): Answer {
      const refusal = unavailable(lead) ?? unmailable(lead);
      if (refusal) return refusal;
      const at = now();
      const [item, latest] = await Promise.all([
        store.credentials.items(lead.id).then((items) => items.find((candidate) => candidate.id === itemId)),
        store.credentialLinks.latestRequest(lead.id),
      ]);
      if (!item || !latest) return refuse(404, "not_found", "There is no such item in this credential file.");
      const reviewed = await store.credentials.review({
        leadId: lead.id,
        itemId,
        submissionId: review.submissionId,
        decision: "rejected",
        reason: review.reason,
        by: staff.id,
        now: at,
      });
      if (!reviewed) return staleReview(lead, itemId);
      const linkId = await sendLink(
        staff,
        lead,
        latest.credential,
        (link) => ({ kind: "rejection", link, itemName: item.definition.name, reason: review.reason }),
        at,
      );
      await audit(
        staff,
        lead,
        "credential_item_rejected",
      )(`item ${itemId} submission ${review.submissionId} link ${linkId}`, at);
      return current(lead, at);
    },

    /** A submission's document, decrypted as it streams, with what the answer's headers need. */
    async document(
      staff: StaffUser,
      lead: LeadRecord,
      submissionId: string,
      download: boolean,
    ): Promise<{ type: string; size: number; name: string; body: Readable; inline: boolean } | Refusal> {
      const refusal = unavailable(lead);
      if (refusal || !keyring) return refusal ?? refuse(500, "internal");
      const loaded = await loadFile(store, lead.id);
      const index = loaded.histories.findIndex((history) =>
        history.some((entry) => entry.id === submissionId),
      );
      const submission = loaded.histories[index]?.find((entry) => entry.id === submissionId);
      const item = loaded.items[index];
      if (!item || !submission?.file) return refuse(404, "not_found", "There is no such document.");
      const { type, size } = submission.file;
      const inline = !download && type !== "heic";
      await audit(
        staff,
        lead,
        inline ? "credential_document_viewed" : "credential_document_downloaded",
      )(`item ${item.id} submission ${submissionId}`, now());
      return {
        type: MEDIA_TYPES[type],
        size,
        name: `${item.key}-${new Date(submission.submittedAt).toISOString().slice(0, 10)}.${type === "jpeg" ? "jpg" : type}`,
        body: readSubmission(store, keyring, submissionId),
        inline,
      };
    },
  };

  /** A review of a submission that is no longer the item's latest (or of an item with none): refused. */
  async function staleReview(lead: LeadRecord, itemId: string): Promise<Refusal> {
    const item = (await store.credentials.items(lead.id)).find((candidate) => candidate.id === itemId);
    return item
      ? refuse(
          409,
          "bad_documents",
          "This item has a newer submission, or none: reload the file and look again.",
        )
      : refuse(404, "not_found", "There is no such item in this credential file.");
  }
}

const MEDIA_TYPES = { pdf: "application/pdf", jpeg: "image/jpeg", png: "image/png", heic: "image/heic" };

export type CredentialWork = ReturnType<typeof createCredentialWork>;
