import { useEffect } from "react";
import { Outlet, type RouteObject, useMatches } from "react-router";
import { SetupFallback, SignInFallback } from "~/staff/account/auth-card";
import * as inboxRoute from "~/staff/inbox/inbox-route";
import { InboxSkeleton } from "~/staff/inbox/inbox-skeleton";
import { StaffApiError } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import { FrameFallback } from "~/staff/shell/frame-fallback";
import * as layoutRoute from "~/staff/shell/layout-route";
import { StaffErrorBoundary } from "~/staff/shell/route-error";

/** What a staff route module exports, in React Router's data-mode names. */
interface StaffRouteModule {
  default: React.ComponentType;
  loader?: RouteObject["loader"];
  action?: RouteObject["action"];
  shouldRevalidate?: RouteObject["shouldRevalidate"];
  handle?: StaffHandle;
}

/** A route module's exports as the route's own. */
function routeOf(module: StaffRouteModule) {
  const { default: Component, loader, action, shouldRevalidate, handle } = module;
  return { Component, loader, action, shouldRevalidate, handle };
}

/**
 * A route's own module, loaded when the route is first matched (React Router's `lazy`): each page is a chunk of
 * its own, and the router runs its loader once the module is in, before it renders. What must show while the
 * chunk is on its way (HydrateFallback) or catch its failure (ErrorBoundary) is written in the table, in the entry.
 * A chunk that does not arrive becomes the route's error: a `lazy` that throws leaves the router rendering neither
 * the page nor its boundary, an empty frame.
 */
function lazyModule(load: () => Promise<StaffRouteModule>) {
  return async () => {
    let module: StaffRouteModule;
    try {
      module = await load();
    } catch (cause) {
      const error = new StaffApiError(
        0,
        "network",
        "This page could not be loaded. Check the connection, then reload the page.",
      );
      error.cause = cause;
      return {
        loader: () => {
          throw error;
        },
      };
    }
    return routeOf(module);
  };
}

/** Names the page after the deepest route that has a title, in the page's one `<title>` (index.html's). */
function StaffShell() {
  const matches = useMatches();
  const named = matches.findLast((match) => (match.handle as StaffHandle | undefined)?.title);
  const title = (named?.handle as StaffHandle | undefined)?.title;
  const text = typeof title === "function" ? title(named?.params ?? {}) : title;
  useEffect(() => {
    document.title = text ? `${text} · Staff` : "Staff";
  }, [text]);
  return <Outlet />;
}

/** A signed-in page: its errors show inline in the frame. */
const inFrame = { ErrorBoundary: StaffErrorBoundary };

/**
 * The staff app's routes (decision 020): one table for the app and its tests. The staff app is a Vite
 * build of its own, so nothing here is part of a public page's route manifest or chunks. Every page loads by
 * feature (app/staff/<feature>/*-route.tsx): the reports' chart library, the lead page's dialogs and the set-up's
 * QR code weigh only on their own pages. The frame and the inbox, where every signed-in visit starts, are in the
 * entry: one script with what they share, rather than a chunk for each module another page also uses.
 */
export const staffRoutes: RouteObject[] = [
  {
    Component: StaffShell,
    children: [
      {
        path: staffPaths.signIn,
        HydrateFallback: SignInFallback,
        lazy: lazyModule(() => import("~/staff/account/sign-in-route")),
      },
      {
        path: staffPaths.setup,
        HydrateFallback: SetupFallback,
        lazy: lazyModule(() => import("~/staff/account/setup-route")),
      },
      {
        path: staffPaths.inbox,
        HydrateFallback: FrameFallback,
        ...routeOf(layoutRoute),
        children: [
          {
            index: true,
            HydrateFallback: InboxSkeleton,
            ...inFrame,
            ...routeOf(inboxRoute),
          },
          { path: "leads/:id", ...inFrame, lazy: lazyModule(() => import("~/staff/lead/lead-route")) },
          { path: "audit", ...inFrame, lazy: lazyModule(() => import("~/staff/admin/audit-route")) },
          { path: "erase", ...inFrame, lazy: lazyModule(() => import("~/staff/admin/erase-route")) },
          { path: "unmatched", ...inFrame, lazy: lazyModule(() => import("~/staff/admin/unmatched-route")) },
          { path: "settings", ...inFrame, lazy: lazyModule(() => import("~/staff/account/settings-route")) },
          { path: "reports", ...inFrame, lazy: lazyModule(() => import("~/staff/reports/reports-route")) },
          { path: "openings", ...inFrame, lazy: lazyModule(() => import("~/staff/openings/openings-route")) },
          {
            path: "openings/:openingId",
            ...inFrame,
            lazy: lazyModule(() => import("~/staff/openings/opening-route")),
          },
          {
            path: "checklists",
            ...inFrame,
            lazy: lazyModule(() => import("~/staff/admin/checklists-route")),
          },
        ],
      },
    ],
  },
];
