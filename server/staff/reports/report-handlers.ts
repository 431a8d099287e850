import type { AuditLog } from "../../store/queries/audit-log.ts";
import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import type { ReportFor } from "./report-numbers.ts";

/** The reports page's numbers over the viewer's lead scope. */
export function reportHandlers(deps: {
  reportFor: ReportFor;
  audit: Pick<AuditLog, "record">;
}): Pick<EndpointHandlers, "reports"> {
  return {
    async reports({ staff, query }) {
      const answer = await deps.reportFor(staff.role, query());
      // The range only: the numbers are about leads, and the audit log never holds any.
      await deps.audit.record({
        actorId: staff.id,
        action: "reports_viewed",
        detail: `${answer.from} to ${answer.to}`,
      });
      return answer;
    },
  };
}
