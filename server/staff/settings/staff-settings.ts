import type { z } from "zod";
import type { settingsSchema } from "../../../staff/conversation.ts";
import { type StaffAccountRows, truthy } from "../../store/queries/staff-accounts.ts";

/** Each staff member's own settings ("My settings"), kept in staff_settings once they change one. */
type Settings = z.infer<typeof settingsSchema>;

/** What a person's settings are until they change one. */
export const DEFAULT_SETTINGS: Settings = { assignmentEmails: true };

/** A person's settings as stored, or the defaults. */
export async function settingsOf(
  store: Pick<StaffAccountRows, "settingsOf">,
  userId: string,
): Promise<Settings> {
  const row = await store.settingsOf(userId);
  return row ? { assignmentEmails: truthy(row.assignment_emails) } : DEFAULT_SETTINGS;
}
