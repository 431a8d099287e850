import { UNMATCHED_PAGE_SIZE } from "../../../staff/conversation.ts";
import { AUDIT_PAGE_SIZE } from "../../../staff/limits.ts";
import type { Logger } from "../../runtime/logger.ts";
import type { AuditLog } from "../../store/queries/audit-log.ts";
import type { InboundQueries } from "../../store/queries/inbound.ts";
import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import { refuse } from "../api/refusals.ts";
import { sendAttachment } from "../api/send-file.ts";
import { attachmentsOf } from "../inbox/conversation-views.ts";
import { toAuditEntry } from "../inbox/lead-views.ts";
import type { Eraser } from "./erase.ts";

/** Erasure, the audit log and unmatched mail: the administering permissions' endpoints. */
export function adminHandlers(deps: {
  eraser: Eraser;
  audit: Pick<AuditLog, "page" | "record">;
  inbound: Pick<InboundQueries, "unmatchedPage" | "attachmentOf">;
  logger: Logger;
}): Pick<EndpointHandlers, "erasePreview" | "erase" | "audit" | "unmatched" | "unmatchedAttachment"> {
  const { eraser, audit, inbound, logger } = deps;
  return {
    erasePreview: async ({ body }) => eraser.preview((await body()).email),

    async erase({ staff, body }) {
      const erased = await eraser.erase((await body()).email, staff.id);
      logger.info({ staffId: staff.id, ...erased }, "erasure");
      return { erased };
    },

    async unmatched({ staff, query }) {
      const { page } = query();
      const found = await inbound.unmatchedPage(page, UNMATCHED_PAGE_SIZE);
      await audit.record({ actorId: staff.id, action: "unmatched_viewed" });
      return {
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
      };
    },

    async unmatchedAttachment({ staff, params }, c) {
      const file = await inbound.attachmentOf({ unmatchedId: params.messageId }, params.attachmentId);
      if (!file) return refuse(404, "not_found");
      await audit.record({ actorId: staff.id, action: "attachment_downloaded" });
      return sendAttachment(c, file);
    },

    async audit({ query }) {
      const { page } = query();
      const found = await audit.page(page);
      return { entries: found.rows.map(toAuditEntry), page, pageSize: AUDIT_PAGE_SIZE, total: found.total };
    },
  };
}
