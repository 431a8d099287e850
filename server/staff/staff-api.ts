import { Hono } from "hono";
import { hoursPerBusinessDay } from "../calendar/business-hours.ts";
import { businessCalendarFromEnv } from "../calendar/calendar-env.ts";
import type { ServerConfig } from "../config.ts";
import { errorKind } from "../error-kind.ts";
import { clientAddressResolver, rateLimitKey } from "../leads/client-address.ts";
import { createRateLimiter } from "../leads/rate-limit.ts";
import type { Logger } from "../logger.ts";
import { confirmationSettingsOf } from "../mail/confirmation-plan.ts";
import { noticeSettingsOf } from "../mail/staff-notices.ts";
import { createReports } from "../reporting/reports.ts";
import type { Store } from "../store/store.ts";
import { createStaffAccounts } from "./accounts.ts";
import { mountAdmin } from "./admin-routes.ts";
import type { StaffAuth } from "./auth.ts";
import { mountSession, mountSignIn, SIGN_IN_ATTEMPTS_PER_WINDOW, SIGN_IN_WINDOW_S } from "./auth-routes.ts";
import { createEraser } from "./erase.ts";
import { fail, type StaffEnv, sameOriginOnly } from "./http.ts";
import { createInbox } from "./inbox.ts";
import { mountLeads } from "./lead-routes.ts";
import { createReplies } from "./replies.ts";
import { mountReplies } from "./reply-routes.ts";
import { mountReports } from "./report-routes.ts";
import { staffSessions } from "./session.ts";
import { mountSettings } from "./settings-routes.ts";
import { createSignIn } from "./sign-in.ts";

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
  >;
  auth: StaffAuth;
  /** Outbox work was committed (a reply, a lead out of spam): the in-process workers look now. */
  onOutboxWork?: () => void;
  now?: () => number;
}

/**
 * The staff API under /api/staff (decision 015): every request read and every answer typed by the contract in
 * staff/api.ts. Anyone may set up and sign in; everything else is behind the session check, and the admin's
 * routes behind the role.
 */
export async function createStaffApi(deps: StaffApiDeps) {
  const { config, logger, store, auth, now = Date.now } = deps;
  const accounts = createStaffAccounts({ store, auth, siteUrl: config.site.url, now });
  const clientAddress = clientAddressResolver(config.TRUST_PROXY);
  const limiter = await createRateLimiter({
    perMinute: SIGN_IN_ATTEMPTS_PER_WINDOW,
    durationSeconds: SIGN_IN_WINDOW_S,
    keyPrefix: "staff-sign-in",
    databaseUrl: config.DATABASE_URL,
  });

  const app = new Hono<StaffEnv>();
  // Nothing here may be cached or indexed, errors included. On the answer's own headers (see access-log.ts).
  app.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("X-Robots-Tag", "noindex");
  });
  app.use(sameOriginOnly(new URL(config.site.url).origin));

  mountSignIn(app, {
    accounts,
    signIn: createSignIn({ auth, store, now }),
    limiter,
    clientKey: (c) => rateLimitKey(clientAddress(c)),
    logger,
  });
  mountSession(app, {
    auth,
    sessions: staffSessions({ auth, idleMs: config.STAFF_IDLE_MINUTES * 60_000, now }),
    audit: store.audit,
  });
  const hoursPerDay = hoursPerBusinessDay(config.BUSINESS_HOURS);
  const inbox = createInbox({
    store,
    hoursPerBusinessDay: hoursPerDay,
    confirmations: confirmationSettingsOf(config),
    notices: noticeSettingsOf(config),
    ...(deps.onOutboxWork && { onOutboxWork: deps.onOutboxWork }),
    now,
  });
  mountLeads(app, { inbox, store, now });
  mountReplies(app, {
    replies: createReplies({ config, store, now, ...(deps.onOutboxWork && { onQueued: deps.onOutboxWork }) }),
  });
  mountSettings(app, { store, now });
  mountReports(app, {
    reportFor: createReports({ reports: store.reports, calendar: businessCalendarFromEnv(config), now }),
    audit: store.audit,
  });
  mountAdmin(app, { eraser: createEraser(store), audit: store.audit, inbound: store.inbound, logger });

  app.all("*", (c) => fail(c, 404, "not_found", "No such API endpoint."));
  app.onError((error, c) => {
    logger.error({ err: errorKind(error), path: c.req.routePath }, "staff API error");
    return fail(c, 500, "internal", "Something went wrong on our side. Please try again.");
  });

  return { app, accounts, close: () => limiter.close() };
}
