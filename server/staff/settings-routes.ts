import type { Hono } from "hono";
import type { z } from "zod";
import { type settingsAnswer, settingsRequest } from "../../staff/conversation.ts";
import type { AuditLog } from "../store/queries/audit-log.ts";
import { type StaffAccountRows, truthy } from "../store/queries/staff-accounts.ts";
import { bodyOf, fail, type StaffEnv } from "./http.ts";
import { DEFAULT_SETTINGS, settingsOf } from "./staff-settings.ts";

/** "My settings": each person reads and changes their own, and only their own; a change is audited. */
export function mountSettings(
  app: Hono<StaffEnv>,
  deps: {
    store: {
      staffAccounts: Pick<StaffAccountRows, "settingsOf" | "saveSettings">;
      audit: Pick<AuditLog, "record">;
    };
    now: () => number;
  },
) {
  const { store, now } = deps;

  app.get("/settings", async (c) =>
    c.json({ settings: await settingsOf(store.staffAccounts, c.get("staff").id) } satisfies z.input<
      typeof settingsAnswer
    >),
  );

  app.patch("/settings", async (c) => {
    const change = await bodyOf(c, settingsRequest);
    if (!change) return fail(c, 400, "malformed", "Settings are { assignmentEmails: true | false }.");
    const { id } = c.get("staff");
    const settings = { ...(await settingsOf(store.staffAccounts, id)), ...change };
    const before = await store.staffAccounts.saveSettings(id, settings);
    const was = before ? truthy(before.assignment_emails) : DEFAULT_SETTINGS.assignmentEmails;
    if (was !== settings.assignmentEmails)
      await store.audit.record(
        {
          actorId: id,
          action: "settings_changed",
          detail: `assignment e-mails ${settings.assignmentEmails ? "on" : "off"}`,
        },
        now(),
      );
    return c.json({ settings } satisfies z.input<typeof settingsAnswer>);
  });
}
