import type { ConfirmationCompany } from "../../leads/confirmations.ts";
import { addDays, daysBetween } from "../../leads/credential-status.ts";
import { type BusinessCalendar, isOpenAt, localDate } from "../calendar/business-calendar.ts";
import { MailRefusal } from "../checks/mail-checks.ts";
import type { ServerConfig } from "../config.ts";
import type { MailSettings } from "../mail/outgoing-mail.ts";
import { newId } from "../store/ids.ts";
import type { ExpiringItem, ReminderClaim, ReminderQueries } from "../store/queries/credential-reminders.ts";
import { newLink } from "./document-links.ts";
import { composeDocumentMail, documentMail } from "./document-mail.ts";

/** Items read per query: a backlog is worked through page by page within one sweep. */
const BATCH = 500;

/** What the reminders need: undefined without DOCUMENTS_KEY or a mail server (no reminders, none recorded). */
export interface ReminderSettings {
  /** DOCUMENT_REMINDER_DAYS, largest first. */
  days: readonly number[];
  mail: MailSettings;
  siteUrl: string;
  company: ConfirmationCompany;
}

/** The reminders' settings the configuration gives: DOCUMENTS_KEY (the credential file is on) and a mail server. */
export const reminderSettingsOf = (
  config: Pick<ServerConfig, "DOCUMENTS_KEY" | "DOCUMENT_REMINDER_DAYS" | "SMTP_URL" | "MAIL_FROM" | "site">,
): ReminderSettings | undefined =>
  config.DOCUMENTS_KEY && config.SMTP_URL && config.MAIL_FROM
    ? {
        days: config.DOCUMENT_REMINDER_DAYS,
        mail: { from: config.MAIL_FROM },
        siteUrl: config.site.url,
        company: config.site.company,
      }
    : undefined;

/**
 * The reminder an item is due on `today`, if any: "expired" once its last valid day has passed, otherwise the
 * nearest of `days` (largest first) it is within ("30", then "7"), so an item verified late gets the nearer one only.
 */
export function reminderKind(today: string, validThrough: string, days: readonly number[]): string | null {
  const left = daysBetween(today, validThrough);
  if (left < 0) return "expired";
  const nearest = days.filter((day) => left <= day).at(-1);
  return nearest === undefined ? null : String(nearest);
}

/** What one sweep did: counts only (lead data never reaches a log). */
export interface ReminderResult {
  /** Mails queued, one per nurse. */
  mails: number;
  /** Reminders recorded (an item and its kind). */
  reminders: number;
}

/**
 * The daily expiry reminders, run by every instance (the staff upkeep) and doing anything only within business
 * hours: each nurse with verified items 30 or 7 days (DOCUMENT_REMINDER_DAYS) from their last valid day, or past
 * it, gets one mail naming them, with a renewed private link (tokens are kept only as their hash, so the mail
 * cannot carry the link she had). Each item's reminder of each kind is recorded with the mail in one transaction,
 * so it is sent once whatever the number of instances and restarts.
 */
export function createReminderSweep(deps: {
  reminders: ReminderQueries;
  settings: ReminderSettings | undefined;
  calendar: BusinessCalendar;
  now?: () => number;
}) {
  const { reminders, settings, calendar, now = Date.now } = deps;

  const claimOf = (
    lead: Awaited<ReturnType<ReminderQueries["leads"]>>[number],
    due: readonly { item: ExpiringItem; kind: string }[],
    at: number,
    today: string,
    options: ReminderSettings,
  ): ReminderClaim => {
    const link = newLink(at);
    const message = composeDocumentMail(
      {
        kind: "reminder",
        link,
        items: due.map(({ item }) => ({
          name: item.name,
          validThrough: item.validThrough,
          expired: item.validThrough < today,
        })),
      },
      {
        siteUrl: options.siteUrl,
        fields: lead.fields,
        company: options.company,
        timeZone: calendar.timeZone,
      },
    );
    const base = {
      leadId: lead.id,
      reminders: due.map(({ item, kind }) => ({
        itemId: item.itemId,
        kind,
        validThrough: item.validThrough,
      })),
      now: at,
    };
    try {
      const mail = documentMail({
        id: newId(at),
        leadId: lead.id,
        to: lead.fields.email ?? "",
        message,
        staff: null,
        thread: [],
        settings: options.mail,
        dedupeKey: `document-reminder:${lead.id}:${base.reminders.map((r) => `${r.itemId}/${r.kind}/${r.validThrough}`).join(",")}`,
      });
      const send = {
        link: {
          id: newId(at),
          credential: lead.credential,
          tokenHash: link.tokenHash,
          expiresAt: link.expiresAt,
        },
        mail,
      };
      return { ...base, send };
    } catch (error) {
      // No address a mail can go to: the reminders are recorded as decided, and nothing is sent for them.
      if (error instanceof MailRefusal) return { ...base, send: null };
      throw error;
    }
  };

  return async (): Promise<ReminderResult> => {
    const result: ReminderResult = { mails: 0, reminders: 0 };
    const at = now();
    if (!settings || settings.days.length === 0 || !isOpenAt(at, calendar)) return result;
    const today = localDate(at, calendar);
    const horizon = addDays(today, settings.days[0] ?? 0);
    let after: string | null = null;
    for (;;) {
      const { items, next } = await reminders.expiring(horizon, after, BATCH);
      const byLead = new Map<string, { item: ExpiringItem; kind: string }[]>();
      for (const item of items) {
        const kind = reminderKind(today, item.validThrough, settings.days);
        if (kind === null || item.sent.includes(kind)) continue;
        byLead.set(item.leadId, [...(byLead.get(item.leadId) ?? []), { item, kind }]);
      }
      for (const lead of await reminders.leads([...byLead.keys()])) {
        const due = byLead.get(lead.id) ?? [];
        const claim = claimOf(lead, due, at, today, settings);
        if (!(await reminders.claim(claim))) continue;
        result.reminders += due.length;
        if (claim.send) result.mails++;
      }
      if (next === null) return result;
      after = next;
    }
  };
}
