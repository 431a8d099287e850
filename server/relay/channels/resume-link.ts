import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { ServerConfig } from "../../config.ts";
import type { Operations } from "../../store/queries/operations.ts";
import type { Outbox } from "../../store/queries/outbox.ts";

/** A resume link in a webhook stays valid this long: the receiver fetches it when it processes the lead. */
export const RESUME_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const NO_STORE = { "Cache-Control": "no-store" };

/** The key behind a `whsec_` secret, as Standard Webhooks signs with it. */
const keyOf = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ""), "base64");

const signatureOf = (secret: string, leadId: string, expires: number) =>
  createHmac("sha256", keyOf(secret)).update(`resume.${leadId}.${expires}`).digest("base64url");

/** The resume's link for the webhook: under /api, signed with the webhook secret, valid until `expires`. */
export function resumeLinkFor(siteUrl: string, secret: string, leadId: string, expires: number): string {
  const url = new URL(`${siteUrl}/api/webhook/resumes/${encodeURIComponent(leadId)}`);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signatureOf(secret, leadId, expires));
  return url.href;
}

function validSignature(secret: string, leadId: string, expires: string, signature: string, now: number) {
  if (!/^\d+$/.test(expires) || Number(expires) < now) return false;
  const expected = Buffer.from(signatureOf(secret, leadId, Number(expires)));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /resumes/:id, mounted at /api/webhook: the resume of a lead, for a webhook receiver holding a link signed
 * with WEBHOOK_SECRET. Without a valid, unexpired signature the answer is 403 and says nothing about the lead.
 */
export function createResumeLinkApi(deps: {
  config: Pick<ServerConfig, "WEBHOOK_SECRET">;
  store: { outbox: Pick<Outbox, "readResume">; operations: Pick<Operations, "get"> };
  now?: () => number;
}): Hono {
  const { config, store, now = Date.now } = deps;
  const secret = config.WEBHOOK_SECRET;
  if (!secret) throw new Error("WEBHOOK_SECRET is not set");
  const app = new Hono();
  app.get("/resumes/:id", async (c) => {
    const id = c.req.param("id");
    const { expires = "", signature = "" } = c.req.query();
    if (!validSignature(secret, id, expires, signature, now()))
      return c.json({ error: "forbidden", message: "This link needs a valid signature." }, 403, NO_STORE);
    const [lead, blob] = await Promise.all([store.operations.get(id), store.outbox.readResume(id)]);
    if (!lead?.resume || !blob)
      return c.json({ error: "not_found", message: "No resume for this lead." }, 404, NO_STORE);
    return c.body(blob.stream(), 200, {
      ...NO_STORE,
      "Content-Type": blob.type || "application/octet-stream",
      "Content-Length": String(blob.size),
      "Content-Disposition": `attachment; filename="${lead.resume.name.replace(/["\\\r\n]/g, "_")}"`,
    });
  });
  return app;
}
