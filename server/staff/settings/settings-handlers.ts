import type { AuditLog } from "../../store/queries/audit-log.ts";
import { type StaffAccountRows, truthy } from "../../store/queries/staff-accounts.ts";
import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import { DEFAULT_SETTINGS, settingsOf } from "./staff-settings.ts";

/** "My settings": each person reads and changes their own, and only their own; a change is audited. */
export function settingsHandlers(deps: {
  staffAccounts: Pick<StaffAccountRows, "settingsOf" | "saveSettings">;
  audit: Pick<AuditLog, "record">;
  now: () => number;
}): Pick<EndpointHandlers, "settings" | "saveSettings"> {
  const { staffAccounts, audit, now } = deps;
  return {
    settings: async ({ staff }) => ({ settings: await settingsOf(staffAccounts, staff.id) }),

    async saveSettings({ staff, body }) {
      const change = await body();
      const settings = { ...(await settingsOf(staffAccounts, staff.id)), ...change };
      const before = await staffAccounts.saveSettings(staff.id, settings);
      const was = before ? truthy(before.assignment_emails) : DEFAULT_SETTINGS.assignmentEmails;
      if (was !== settings.assignmentEmails)
        await audit.record(
          {
            actorId: staff.id,
            action: "settings_changed",
            detail: `assignment e-mails ${settings.assignmentEmails ? "on" : "off"}`,
          },
          now(),
        );
      return { settings };
    },
  };
}
