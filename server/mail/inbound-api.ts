import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { domainOf, mailbox } from "../checks/mail-checks.ts";
import type { ServerConfig } from "../config.ts";
import { bearerCheck } from "../http/bearer-token.ts";
import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import type { Store } from "../store/store.ts";
import { INBOUND_MAX_BYTES, InboundMailError, readInboundMessage } from "./inbound-message.ts";
import { repliedMessageIds } from "./message-ids.ts";

/**
 * `POST /api/inbound/email` (decision 024): a raw RFC 822 message, as a mail provider's inbound route or a
 * mailbox's forwarding rule delivers it, with `Authorization: Bearer <INBOUND_EMAIL_TOKEN>` (401 otherwise;
 * mounted only when the token is set, so unset it is a 404). Read as it streams, refused past 10 MB (413)
 * without reading it all; matched to its lead through In-Reply-To, References or the plus-address against the
 * Message-IDs the server sent. 202 whether it matched or not, so the answer tells a sender nothing about our
 * leads.
 */
export function createInboundApi(deps: {
  config: Pick<ServerConfig, "INBOUND_EMAIL_TOKEN" | "MAIL_FROM">;
  store: Pick<Store, "inbound">;
  logger: Logger;
  now?: () => number;
}) {
  const { config, store, logger, now = Date.now } = deps;
  const authorised = bearerCheck(config.INBOUND_EMAIL_TOKEN ?? "");
  // Our Message-IDs' right side: a plus-address token names the message sent with it.
  const domain = config.MAIL_FROM ? domainOf(mailbox(config.MAIL_FROM, "from")) : "invalid";
  const app = new Hono<{ Bindings: HttpBindings }>();

  app.post("/email", async (c) => {
    if (!authorised(c.req.header("Authorization")))
      return c.json({ error: "unauthorized" }, 401, { "WWW-Authenticate": 'Bearer realm="inbound"' });
    const type = c.req.header("Content-Type")?.split(";")[0]?.trim().toLowerCase();
    if (type !== "message/rfc822") return c.json({ error: "not_a_message" }, 415);
    const length = Number(c.req.header("Content-Length"));
    if (length > INBOUND_MAX_BYTES) return c.json({ error: "too_large" }, 413, { Connection: "close" });
    let message: Awaited<ReturnType<typeof readInboundMessage>>;
    try {
      message = await readInboundMessage(c.req.raw.body ?? new ReadableStream());
    } catch (error) {
      if (!(error instanceof InboundMailError)) throw error;
      return error.problem === "too_large"
        ? c.json({ error: "too_large" }, 413, { Connection: "close" })
        : c.json({ error: "not_a_message" }, 400);
    }
    const at = now();
    const leadId = await store.inbound.leadOf(repliedMessageIds(message, domain));
    const kept = await store.inbound.keep(message, leadId, at);
    // The lead's id and the outcome only: who wrote and what stays in the store.
    logger.info({ leadId, matched: leadId !== null, replay: !kept }, "inbound mail");
    return c.json({ accepted: true }, 202);
  });

  app.onError((error, c) => {
    logger.error({ err: errorKind(error) }, "inbound mail error");
    return c.json({ error: "internal" }, 500);
  });
  return app;
}
