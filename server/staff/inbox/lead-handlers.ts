import { Readable } from "node:stream";
import type { StaffUser } from "../../../staff/api.ts";
import type { InboxFilters } from "../../../staff/leads-api.ts";
import { leadScopeOf } from "../../../staff/permissions.ts";
import { exportColumns, leadsCsv } from "../../leads/lead-export.ts";
import type { AuditLog } from "../../store/queries/audit-log.ts";
import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import { refuse } from "../api/refusals.ts";
import { sendAttachment, sendFile } from "../api/send-file.ts";
import { type Inbox, storeFiltersOf } from "./inbox.ts";

type LeadEndpoints =
  | "leads"
  | "exportCsv"
  | "people"
  | "lead"
  | "resume"
  | "attachment"
  | "markSeen"
  | "changeLead"
  | "addNote"
  | "logCall"
  | "notSpam";

/** The inbox's handlers: the list and its CSV export, one lead, its files, its status, assignee, notes and calls. */
export function leadHandlers(deps: {
  inbox: Inbox;
  audit: Pick<AuditLog, "record">;
  now: () => number;
  /** The business day at an instant (YYYY-MM-DD): the day the Documents filter reads item statuses on. */
  today?: (at: number) => string;
}): Pick<EndpointHandlers, LeadEndpoints> {
  const { inbox, audit, now, today } = deps;

  /** The filters as the store applies them; the Spam view answers 404 to a role whose scope has no spam. */
  const filtersOf = (staff: StaffUser, query: InboxFilters & { page?: number }) => {
    if (query.spam === "1" && !leadScopeOf(staff.role).spam) throw refuse(404, "not_found");
    const at = now();
    return storeFiltersOf(query, staff, at, today?.(at));
  };

  return {
    async leads({ staff, query }) {
      const asked = query();
      return inbox.list(staff, filtersOf(staff, asked), asked.page, asked.sort ?? "newest");
    },

    async exportCsv({ staff, query }) {
      const filters = filtersOf(staff, query());
      const [fieldNames, count] = await Promise.all([
        inbox.exportFieldNames(staff, filters),
        inbox.count(staff, filters),
      ]);
      // Audited before the first byte leaves: a download cut short was still an access.
      await audit.record({ actorId: staff.id, action: "export", detail: `${count} lead(s)` });
      const csv = leadsCsv(exportColumns(fieldNames), inbox.exportRows(staff, filters));
      const day = new Date(now()).toISOString().slice(0, 10);
      return new Response(Readable.toWeb(csv) as ReadableStream<Uint8Array>, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
        },
      });
    },

    people: async ({ staff }) => ({ people: await inbox.people(staff) }),

    lead: ({ staff, lead }) => inbox.open(staff, lead),

    async markSeen({ staff, lead, body }) {
      await inbox.markSeen(staff, lead, (await body()).read);
      return undefined;
    },

    async resume({ staff, lead, query }, c) {
      const found = await inbox.resume(staff, lead);
      if (!found) return refuse(404, "not_found");
      const inline = found.resume.kind === "pdf" && query().download !== "1";
      return sendFile(
        c,
        {
          name: found.resume.name,
          fallbackName: `resume.${found.resume.kind}`,
          type: found.blob.type,
          size: found.blob.size,
          body: found.blob.stream(),
        },
        { inline },
      );
    },

    async attachment({ staff, lead, params }, c) {
      const file = await inbox.attachment(staff, lead, params.attachmentId);
      return file ? sendAttachment(c, file) : refuse(404, "not_found");
    },

    async notSpam({ staff, lead }) {
      const released = await inbox.notSpam(staff, lead);
      return released === false ? refuse(422, "bad_status", "This lead is not in Spam.") : released;
    },

    async changeLead({ staff, lead, body }) {
      const result = await inbox.update(staff, lead, await body());
      if (result === "bad_status")
        return refuse(422, "bad_status", "That status is not in this lead's workflow.");
      if (result === "bad_assignee")
        return refuse(422, "bad_assignee", "That person cannot be given this lead.");
      return result;
    },

    addNote: async ({ staff, lead, body }) => inbox.addNote(staff, lead, (await body()).text),

    logCall: async ({ staff, lead, body }) => inbox.logCall(staff, lead, await body()),
  };
}
