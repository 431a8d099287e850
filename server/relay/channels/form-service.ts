import { findLeadForm, recipientFor } from "../../../leads/forms.ts";
import type { ServerConfig } from "../../config.ts";
import type { Outbox } from "../../store/queries/outbox.ts";
import { sendLead } from "../send-lead.ts";
import { configurationProblem, type DeliveryChannel, resumeOf } from "./channel.ts";

/** Where the service URL template puts the mailbox. */
export const serviceUrlFor = (template: string, to: string) =>
  template.replaceAll("{to}", encodeURIComponent(to));

/** The outside form service (decision 003): a multipart POST per lead to FORM_SERVICE_URL. */
export function createFormServiceChannel(deps: {
  config: ServerConfig;
  /** Where the resumes are read from. */
  store: { outbox: Pick<Outbox, "readResume"> };
  now: () => number;
  fetchImpl: typeof fetch;
}): DeliveryChannel {
  const { config, store, now, fetchImpl } = deps;
  return {
    async send(delivery, stop) {
      const form = findLeadForm(delivery.formId);
      if (!form) return configurationProblem("unknown form id");
      const resume = await resumeOf(store, delivery);
      if ("failure" in resume) return resume.failure;
      const to = recipientFor(form, config.site.email);
      return sendLead(
        {
          url: serviceUrlFor(config.FORM_SERVICE_URL, to),
          leadId: delivery.leadId,
          to,
          subject: form.subject,
          fields: config.RELAY_SOURCE_FIELDS ? { ...delivery.fields, ...delivery.source } : delivery.fields,
          resume: delivery.resume && resume.blob ? { info: delivery.resume, blob: resume.blob } : null,
        },
        config.RELAY_TIMEOUT_MS,
        now,
        fetchImpl,
        stop,
      );
    },
  };
}
