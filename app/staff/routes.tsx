import { useEffect } from "react";
import { Outlet, type RouteObject, useMatches } from "react-router";
import * as settings from "~/staff/account/settings-route";
import * as setup from "~/staff/account/setup-route";
import * as signIn from "~/staff/account/sign-in-route";
import * as audit from "~/staff/admin/audit-route";
import * as erase from "~/staff/admin/erase-route";
import * as unmatched from "~/staff/admin/unmatched-route";
import * as inbox from "~/staff/inbox/inbox-route";
import * as lead from "~/staff/lead/lead-route";
import type { StaffHandle } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import * as layout from "~/staff/shell/layout-route";
import { StaffErrorBoundary } from "~/staff/shell/route-error";

/** What a staff route module may export, in React Router's data-mode names. */
interface StaffRouteModule {
  default: React.ComponentType;
  loader?: RouteObject["loader"];
  action?: RouteObject["action"];
  ErrorBoundary?: React.ComponentType;
  HydrateFallback?: React.ComponentType;
  shouldRevalidate?: RouteObject["shouldRevalidate"];
  handle?: StaffHandle;
}

/** A route from a module; a signed-in page's errors show inline in the frame (StaffErrorBoundary). */
function fromModule(module: StaffRouteModule, { inFrame = false } = {}) {
  const { default: Component, loader, action, HydrateFallback, shouldRevalidate, handle } = module;
  const ErrorBoundary = module.ErrorBoundary ?? (inFrame ? StaffErrorBoundary : undefined);
  return { Component, loader, action, ErrorBoundary, HydrateFallback, shouldRevalidate, handle };
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

/**
 * The staff app's routes (decision 020): one table for the app and its tests. The staff app is a Vite
 * build of its own, so nothing here is part of a public page's route manifest or chunks.
 */
export const staffRoutes: RouteObject[] = [
  {
    Component: StaffShell,
    children: [
      { path: staffPaths.signIn, ...fromModule(signIn) },
      { path: staffPaths.setup, ...fromModule(setup) },
      {
        path: staffPaths.inbox,
        ...fromModule(layout),
        children: [
          { index: true, ...fromModule(inbox, { inFrame: true }) },
          { path: "leads/:id", ...fromModule(lead, { inFrame: true }) },
          { path: "audit", ...fromModule(audit, { inFrame: true }) },
          { path: "erase", ...fromModule(erase, { inFrame: true }) },
          { path: "unmatched", ...fromModule(unmatched, { inFrame: true }) },
          { path: "settings", ...fromModule(settings, { inFrame: true }) },
          // Its own chunk, with its chart library: no other page loads them (decision 025).
          {
            path: "reports",
            lazy: async () => fromModule(await import("~/staff/reports/reports-route"), { inFrame: true }),
          },
        ],
      },
    ],
  },
];
