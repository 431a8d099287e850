import { addDays, EXPIRING_SOON_DAYS } from "../../../leads/credential-status.ts";
import { maySeeLead } from "../../../staff/permissions.ts";
import { isRole } from "../../../staff/roles.ts";
import { type BusinessCalendar, missedDigestWindow } from "../../calendar/business-calendar.ts";
import { documentDigest } from "../../mail/document-digest.ts";
import { DIGEST_LINKS, escalationNotice, missedDigest } from "../../mail/promise-notices.ts";
import type { NoticeSettings } from "../../mail/staff-notices.ts";
import { errorKind } from "../../runtime/error-kind.ts";
import type { Logger } from "../../runtime/logger.ts";
import { startPeriodic } from "../../runtime/periodic.ts";
import type { EscalationQueries, OverdueLead } from "../../store/queries/escalations.ts";

/** Leads claimed per query: a backlog is worked through batch by batch within one sweep. */
const BATCH = 100;

type StaffMember = Awaited<ReturnType<EscalationQueries["activeStaff"]>>[number];

/** What one sweep did: counts only (lead data never reaches a log). */
export interface SweepResult {
  /** Leads whose escalation this instance decided (sent, or not because escalations are off). */
  escalated: number;
  /** Escalation e-mails queued. */
  escalations: number;
  /**
   * Digests queued this sweep, on the first sweep of a business day: one per active admin when promises were
   * missed, one per assignee whose applications have credential documents expiring soon or expired.
   */
  digests: number;
}

/**
 * Who hears of an overdue lead: its assignee while their account is active and may see the form, otherwise every
 * active member whose role may see it.
 */
export function recipientsOf(
  lead: Pick<OverdueLead, "formId" | "assigneeId">,
  staff: readonly StaffMember[],
) {
  const mayAnswer = staff.filter(
    (member) => isRole(member.role) && maySeeLead(member.role, { formId: lead.formId, spam: false }),
  );
  const assignee = mayAnswer.find((member) => member.id === lead.assigneeId);
  return assignee ? [assignee] : mayAnswer;
}

/**
 * One escalation sweep (decision 026), run by every instance: each lead past due and unanswered is
 * claimed (its escalation decided) and, with `notices`, its e-mails queued in the same transaction; the first
 * sweep of a business day claims the day and queues the admins' digest of the promises the window before it
 * missed. Without `notices` (ESCALATION_EMAILS=false, or no mail server) leads are still decided, sent nothing,
 * so turning escalations on later sends none for them, and days are left unclaimed.
 */
export function createEscalationSweep(deps: {
  escalations: EscalationQueries;
  notices: NoticeSettings | undefined;
  calendar: BusinessCalendar;
  now?: () => number;
}) {
  const { escalations, notices, calendar, now = Date.now } = deps;

  const escalateOverdue = async (result: SweepResult) => {
    const staff = notices ? await escalations.activeStaff() : [];
    for (;;) {
      const at = now();
      const leads = await escalations.overdue(at, BATCH);
      let claimed = 0;
      for (const lead of leads) {
        const mails = notices
          ? recipientsOf(lead, staff).map((recipient) =>
              escalationNotice({ lead, recipient, now: at, settings: notices }),
            )
          : [];
        if (!(await escalations.escalate(lead.id, at, mails))) continue;
        claimed++;
        result.escalations += mails.length;
      }
      result.escalated += claimed;
      // A short batch was the last; one with nothing claimed is another instance's work.
      if (leads.length < BATCH || claimed === 0) return;
    }
  };

  const sendDigest = async (result: SweepResult) => {
    if (!notices) return;
    const at = now();
    const window = missedDigestWindow(at, calendar);
    if (await escalations.digestClaimed(window.businessDay)) return;
    const missed = await escalations.missed(window.from, window.to, DIGEST_LINKS);
    const total = missed.forms.reduce((sum, form) => sum + form.missed, 0);
    const staff = await escalations.activeStaff();
    const admins = total === 0 ? [] : staff.filter((m) => m.role === "admin");
    const mails = admins.map((recipient) =>
      missedDigest({ window, forms: missed.forms, leads: missed.leads, recipient, settings: notices }),
    );
    // Each assignee hears of their applications' documents expiring soon or expired, with the same day's claim.
    const today = window.businessDay;
    const alerts = await escalations.documentAlerts(today, addDays(today, EXPIRING_SOON_DAYS));
    for (const member of staff) {
      const theirs = alerts.filter(
        (lead) =>
          lead.assigneeId === member.id &&
          isRole(member.role) &&
          maySeeLead(member.role, { formId: lead.formId, spam: false }),
      );
      if (theirs.length > 0)
        mails.push(
          documentDigest({ businessDay: today, leads: theirs, recipient: member, settings: notices }),
        );
    }
    if (await escalations.claimDigest(window.businessDay, at, total, mails)) result.digests += mails.length;
  };

  return async (): Promise<SweepResult> => {
    const result: SweepResult = { escalated: 0, escalations: 0, digests: 0 };
    await escalateOverdue(result);
    await sendDigest(result);
    return result;
  };
}

/**
 * Runs the sweep at start-up and every `intervalMs` (ESCALATION_SWEEP_MS); `onQueued` wakes the mail worker when
 * a sweep queued mail. Logs counts, and only when there were any.
 */
export function startEscalationSweep(options: {
  sweep: () => Promise<SweepResult>;
  intervalMs: number;
  logger: Logger;
  onQueued?: () => void;
}) {
  const { sweep, intervalMs, logger, onQueued } = options;
  const { run, stop } = startPeriodic(
    async () => {
      const result = await sweep();
      if (result.escalations + result.digests > 0) onQueued?.();
      if (result.escalated + result.digests > 0) logger.info(result, "escalation sweep");
      return result;
    },
    intervalMs,
    (error) => logger.error({ err: errorKind(error) }, "escalation sweep failed"),
  );
  return { sweep: run, stop };
}
