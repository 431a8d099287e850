import type { Hono, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { type auditPageAnswer, auditQuery, type eraseAnswer, eraseRequest } from "../../staff/api.ts";
import { UNMATCHED_PAGE_SIZE, type unmatchedPageAnswer } from "../../staff/conversation.ts";
import { AUDIT_PAGE_SIZE } from "../../staff/limits.ts";
import type { Logger } from "../logger.ts";
import type { AuditLog } from "../store/queries/audit-log.ts";
import type { InboundQueries } from "../store/queries/inbound.ts";
import { attachmentsOf } from "./conversation-views.ts";
import type { Eraser } from "./erase.ts";
import { bodyOf, fail, type StaffEnv, sendAttachment } from "./http.ts";
import { toAuditEntry } from "./lead-views.ts";

/** An admin's routes; to anyone else they answer as if they did not exist. */
export function mountAdmin(
  app: Hono<StaffEnv>,
  deps: {
    eraser: Eraser;
    audit: Pick<AuditLog, "page" | "record">;
    inbound: Pick<InboundQueries, "unmatchedPage" | "attachmentOf">;
    logger: Logger;
  },
) {
  const { eraser, audit, inbound, logger } = deps;
  const adminOnly: MiddlewareHandler<StaffEnv> = async (c, next) =>
    c.get("staff").role === "admin" ? next() : fail(c, 404, "not_found", "No such API endpoint.");

  app.post("/erase/preview", adminOnly, async (c) => {
    const body = await bodyOf(c, eraseRequest);
    if (!body) return fail(c, 400, "malformed", "Give the person's e-mail address.");
    return c.json(await eraser.preview(body.email));
  });

  app.post("/erase", adminOnly, async (c) => {
    const body = await bodyOf(c, eraseRequest);
    if (!body) return fail(c, 400, "malformed", "Give the person's e-mail address.");
    const erased = await eraser.erase(body.email, c.get("staff").id);
    logger.info({ staffId: c.get("staff").id, ...erased }, "erasure");
    return c.json({ erased } satisfies z.input<typeof eraseAnswer>);
  });

  app.get("/unmatched", adminOnly, async (c) => {
    const { page } = auditQuery.parse({ page: c.req.query("page") ?? 1 });
    const found = await inbound.unmatchedPage(page, UNMATCHED_PAGE_SIZE);
    await audit.record({ actorId: c.get("staff").id, action: "unmatched_viewed" });
    return c.json({
      messages: found.rows.map((row) => ({
        id: row.id,
        at: new Date(Number(row.received_at)).toISOString(),
        from: { name: row.from_name, address: row.from_address },
        subject: row.subject,
        text: row.text,
        attachments: attachmentsOf(found.files, row.id),
      })),
      page,
      pageSize: UNMATCHED_PAGE_SIZE,
      total: found.total,
    } satisfies z.input<typeof unmatchedPageAnswer>);
  });

  app.get("/unmatched/:messageId/attachments/:attachmentId", adminOnly, async (c) => {
    const file = await inbound.attachmentOf(
      { unmatchedId: c.req.param("messageId") },
      c.req.param("attachmentId"),
    );
    if (!file) return fail(c, 404, "not_found");
    await audit.record({ actorId: c.get("staff").id, action: "attachment_downloaded" });
    return sendAttachment(c, file);
  });

  app.get("/audit", adminOnly, async (c) => {
    const { page } = auditQuery.parse({ page: c.req.query("page") ?? 1 });
    const found = await audit.page(page);
    return c.json({
      entries: found.rows.map(toAuditEntry),
      page,
      pageSize: AUDIT_PAGE_SIZE,
      total: found.total,
    } satisfies z.input<typeof auditPageAnswer>);
  });
}
