import { render } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { vi } from "vitest";
import type { StaffRole } from "~/lib/staff/types";
import * as audit from "~/routes/staff/audit";
import * as erase from "~/routes/staff/erase";
import * as inbox from "~/routes/staff/inbox";
import * as layout from "~/routes/staff/layout";
import * as lead from "~/routes/staff/lead";
import * as setup from "~/routes/staff/setup";
import * as signIn from "~/routes/staff/sign-in";
import { createFakeStaffApi, type FakeStaffApi } from "../../tests/staff/fake-api.ts";

/**
 * The staff routes as app/routes.ts mounts them, with their real clientLoaders and clientActions, talking
 * through `fetch` to the contract's fake staff API (tests/staff/fake-api.ts), cookies included.
 */

// biome-ignore lint/suspicious/noExplicitAny: route module functions have typegen'd argument types
type Loose = (args: any) => any;
const fn = (value: unknown) => value as Loose;

/** Shows where the router is, for assertions on redirects. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderStaff(path: string, { as }: { as?: StaffRole } = {}): FakeStaffApi {
  const fake = createFakeStaffApi({ signedInAs: as });
  let cookie = "";
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://staff.test");
    const headers = new Headers(init?.headers);
    if (cookie) headers.set("Cookie", cookie);
    const response = await fake.app.request(`${url.pathname.replace(/^\/api/, "")}${url.search}`, {
      ...init,
      headers,
    });
    const set = response.headers.get("Set-Cookie");
    if (set) cookie = set.split(";")[0] ?? "";
    return response;
  });
  const withWhere = (Component: Loose) => (props: object) => (
    <>
      <Component {...props} />
      <Where />
    </>
  );
  const Stub = createRoutesStub([
    {
      path: "/staff/sign-in",
      Component: withWhere(fn(signIn.default)),
      loader: fn(signIn.clientLoader),
      action: fn(signIn.clientAction),
    },
    { path: "/staff/setup", Component: fn(setup.default), loader: fn(setup.clientLoader) },
    {
      path: "/staff",
      Component: withWhere(fn(layout.default)),
      loader: fn(layout.clientLoader),
      children: [
        {
          index: true,
          Component: fn(inbox.default),
          loader: fn(inbox.clientLoader),
          ErrorBoundary: fn(inbox.ErrorBoundary),
        },
        {
          path: "leads/:id",
          Component: fn(lead.default),
          loader: fn(lead.clientLoader),
          action: fn(lead.clientAction),
          ErrorBoundary: fn(lead.ErrorBoundary),
        },
        {
          path: "audit",
          Component: fn(audit.default),
          loader: fn(audit.clientLoader),
          ErrorBoundary: fn(audit.ErrorBoundary),
        },
        {
          path: "erase",
          Component: fn(erase.default),
          action: fn(erase.clientAction),
          ErrorBoundary: fn(erase.ErrorBoundary),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
  return fake;
}
