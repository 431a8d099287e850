import { Hono } from "hono";
import { localDate } from "../calendar/business-calendar.ts";
import { hoursPerBusinessDay } from "../calendar/business-hours.ts";
import { businessCalendarFromEnv } from "../calendar/calendar-env.ts";
import type { ServerConfig } from "../config.ts";
import { clientAddressResolver, rateLimitKey } from "../http/client-address.ts";
import { createRateLimiter } from "../leads/rate-limit.ts";
import { confirmationSettingsOf } from "../mail/confirmation-plan.ts";
import { noticeSettingsOf } from "../mail/staff-notices.ts";
import { errorKind } from "../runtime/error-kind.ts";
import type { Logger } from "../runtime/logger.ts";
import type { Store } from "../store/store.ts";
import { adminHandlers } from "./admin/admin-handlers.ts";
import { createEraser } from "./admin/erase.ts";
import { mountEndpoints, type StaffEnv } from "./api/endpoint-mount.ts";
import { fail } from "./api/refusals.ts";
import { siteOnly } from "./api/site-only.ts";
import { createStaffAccounts } from "./auth/accounts.ts";
import type { StaffAuth } from "./auth/auth.ts";
import { authHandlers, SIGN_IN_ATTEMPTS_PER_WINDOW, SIGN_IN_WINDOW_S } from "./auth/auth-handlers.ts";
import { staffSessions } from "./auth/session.ts";
import { createSignIn } from "./auth/sign-in.ts";
import { checklistHandlers } from "./checklists/checklist-handlers.ts";
import { createReplies } from "./conversation/replies.ts";
import { replyHandlers } from "./conversation/reply-handlers.ts";
import { credentialHandlers } from "./credentials/credential-handlers.ts";
import { createCredentialWork } from "./credentials/credential-work.ts";
import { createInbox } from "./inbox/inbox.ts";
import { leadHandlers } from "./inbox/lead-handlers.ts";
import { openingHandlers } from "./openings/opening-handlers.ts";
import { createOpenings } from "./openings/openings.ts";
import { reportHandlers } from "./reports/report-handlers.ts";
import { createReports } from "./reports/report-numbers.ts";
import { settingsHandlers } from "./settings/settings-handlers.ts";

export interface StaffApiDeps {
  config: ServerConfig;
  logger: Logger;
  store: Pick<
    Store,
    | "inbox"
    | "intake"
    | "leadWork"
    | "conversation"
    | "reports"
    | "mail"
    | "inbound"
    | "staffAccounts"
    | "audit"
    | "erasure"
    | "openings"
    | "credentials"
    | "credentialLinks"
    | "openingCounts"
    | "checklists"
  >;
  auth: StaffAuth;
  /** Outbox work was committed (a reply, a lead out of spam): the in-process workers look now. */
  onOutboxWork?: () => void;
  now?: () => number;
}

/**
 * The staff API under /api/staff (decision 015): every endpoint of the table in staff/endpoints.ts, mounted
 * with its handler behind one guard (endpoint-mount.ts) that checks the session, the permission and the lead.
 */
export async function createStaffApi(deps: StaffApiDeps) {
  const { config, logger, store, auth, now = Date.now } = deps;
  const accounts = createStaffAccounts({ store, auth, siteUrl: config.site.url, now });
  const calendar = businessCalendarFromEnv(config);
  const clientAddress = clientAddressResolver(config.TRUST_PROXY);
  const limiter = await createRateLimiter({
    perMinute: SIGN_IN_ATTEMPTS_PER_WINDOW,
    durationSeconds: SIGN_IN_WINDOW_S,
    keyPrefix: "staff-sign-in",
    databaseUrl: config.DATABASE_URL,
  });
  const sessions = staffSessions({ auth, idleMs: config.STAFF_IDLE_MINUTES * 60_000, now });
  const inbox = createInbox({
    store,
    hoursPerBusinessDay: hoursPerBusinessDay(config.BUSINESS_HOURS),
    confirmations: confirmationSettingsOf(config),
    notices: noticeSettingsOf(config),
    ...(deps.onOutboxWork && { onOutboxWork: deps.onOutboxWork }),
    now,
  });
  const replies = createReplies({
    config,
    store,
    now,
    ...(deps.onOutboxWork && { onQueued: deps.onOutboxWork }),
  });

  const app = new Hono<StaffEnv>();
  // Nothing here may be cached or indexed, errors included. On the answer's own headers (see access-log.ts).
  app.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("X-Robots-Tag", "noindex");
  });
  app.use(siteOnly(new URL(config.site.url).origin));

  mountEndpoints(
    app,
    {
      ...authHandlers({
        accounts,
        signIn: createSignIn({ auth, store, now }),
        limiter,
        clientKey: (c) => rateLimitKey(clientAddress(c)),
        auth,
        audit: store.audit,
        logger,
      }),
      ...settingsHandlers({ staffAccounts: store.staffAccounts, audit: store.audit, now }),
      ...leadHandlers({ inbox, audit: store.audit, now, today: (at) => localDate(at, calendar) }),
      ...replyHandlers({ replies }),
      ...reportHandlers({
        reportFor: createReports({ reports: store.reports, calendar, now }),
        audit: store.audit,
      }),
      ...openingHandlers({
        openings: createOpenings({
          openings: store.openings,
          openingCounts: store.openingCounts,
          audit: store.audit,
          calendar,
          now,
        }),
      }),
      ...credentialHandlers({
        work: createCredentialWork({
          config,
          store,
          calendar,
          now,
          ...(deps.onOutboxWork && { onQueued: deps.onOutboxWork }),
        }),
      }),
      ...checklistHandlers({ checklists: store.checklists, audit: store.audit, now }),
      ...adminHandlers({ eraser: createEraser(store), audit: store.audit, inbound: store.inbound, logger }),
    },
    {
      staffOf: async (c) => (await sessions.current(c.req.raw.headers))?.user ?? null,
      leadOf: (id) => store.leadWork.lead(id),
    },
  );

  app.all("*", (c) => fail(c, 404, "not_found", "No such API endpoint."));
  app.onError((error, c) => {
    logger.error({ err: errorKind(error), path: c.req.routePath }, "staff API error");
    return fail(c, 500, "internal", "Something went wrong on our side. Please try again.");
  });

  return { app, accounts, close: () => limiter.close() };
}
