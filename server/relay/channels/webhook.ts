import { Webhook } from "standardwebhooks";
import type { ServerConfig } from "../../config.ts";
import type { ClaimedDelivery } from "../../store/queries/outbox.ts";
import { parseRetryAfter } from "../backoff.ts";
import { networkFailure, type SendOutcome } from "../send-lead.ts";
import type { DeliveryChannel } from "./channel.ts";
import { RESUME_LINK_TTL_MS, resumeLinkFor } from "./resume-link.ts";

type WebhookConfig = Pick<ServerConfig, "WEBHOOK_URL" | "WEBHOOK_SECRET" | "RELAY_TIMEOUT_MS" | "site">;

export const WEBHOOK_EVENT = "lead.accepted";

/** The JSON body: the lead's form, id, time and fields; the resume only as a signed link, never inline. */
export function webhookPayload(delivery: ClaimedDelivery, config: WebhookConfig, now: number) {
  const { resume } = delivery;
  return {
    type: WEBHOOK_EVENT,
    timestamp: new Date(now).toISOString(),
    data: {
      leadId: delivery.leadId,
      formId: delivery.formId,
      acceptedAt: new Date(delivery.createdAt).toISOString(),
      fields: delivery.fields,
      source: delivery.source,
      resume: resume
        ? {
            name: resume.name,
            kind: resume.kind,
            size: resume.size,
            sha256: resume.sha256,
            url: resumeLinkFor(
              config.site.url,
              config.WEBHOOK_SECRET ?? "",
              delivery.leadId,
              now + RESUME_LINK_TTL_MS,
            ),
          }
        : null,
    },
  };
}

/**
 * Signed webhooks (Standard Webhooks): a JSON POST per lead to WEBHOOK_URL, the delivery's id as `webhook-id` on
 * every retry, so the receiver can drop a repeat. 2xx delivered; 410 stops the channel for the lead (dead, `gone`).
 */
export function createWebhookChannel(deps: {
  config: WebhookConfig;
  now: () => number;
  fetchImpl: typeof fetch;
}): DeliveryChannel {
  const { config, now, fetchImpl } = deps;
  const { WEBHOOK_URL: url, WEBHOOK_SECRET: secret } = config;
  if (!url || !secret) throw new Error("WEBHOOK_URL and WEBHOOK_SECRET must be set");
  const signer = new Webhook(secret);
  return {
    async send(delivery, stop): Promise<SendOutcome> {
      const sentAt = now();
      const body = JSON.stringify(webhookPayload(delivery, config, sentAt));
      const timestamp = new Date(sentAt);
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "webhook-id": delivery.id,
            "webhook-timestamp": String(Math.floor(sentAt / 1000)),
            "webhook-signature": signer.sign(delivery.id, timestamp, body),
          },
          body,
          signal: AbortSignal.any([AbortSignal.timeout(config.RELAY_TIMEOUT_MS), stop]),
          redirect: "manual",
        });
        // The receiver's words are not kept: they could echo the lead.
        await response.body?.cancel();
      } catch (error) {
        return networkFailure(error, config.RELAY_TIMEOUT_MS);
      }
      const status = response.status;
      if (status >= 200 && status < 300) return { ok: true, status };
      if (status === 410)
        return {
          ok: false,
          status,
          problem: "gone",
          error: "HTTP 410 Gone",
          retryAfterMs: null,
          final: true,
        };
      const transient = status === 408 || status === 425 || status === 429 || status >= 500;
      return {
        ok: false,
        status,
        problem: transient ? "service" : "configuration",
        error: `HTTP ${status}`,
        retryAfterMs: parseRetryAfter(response.headers.get("Retry-After"), now()),
      };
    },
  };
}
