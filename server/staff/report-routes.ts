import type { Hono } from "hono";
import { reportsQuery } from "../../staff/reports.ts";
import type { ReportFor } from "../reporting/reports.ts";
import type { AuditLog } from "../store/queries/audit-log.ts";
import { fail, type StaffEnv } from "./http.ts";

/** `GET /reports`: the reports page's numbers over the viewer's forms (issue 28). */
export function mountReports(
  app: Hono<StaffEnv>,
  deps: {
    reportFor: ReportFor;
    audit: Pick<AuditLog, "record">;
  },
) {
  app.get("/reports", async (c) => {
    const asked = Object.fromEntries(Object.entries(c.req.query()).filter(([, value]) => value !== ""));
    const query = reportsQuery.safeParse(asked);
    if (!query.success) {
      const issue = query.error.issues[0];
      return fail(
        c,
        422,
        "bad_filter",
        `The range's ${issue?.path.join(".") || "dates"} ${issue?.message ?? "is not valid"}.`,
      );
    }
    const { id, role } = c.get("staff");
    const answer = await deps.reportFor(role, query.data);
    // The range only: the numbers are about leads, and the audit log never holds any.
    await deps.audit.record({
      actorId: id,
      action: "reports_viewed",
      detail: `${answer.from} to ${answer.to}`,
    });
    return c.json(answer);
  });
}
