import { render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import type { StaffRole } from "~/staff/lib/types";
import { staffRoutes } from "~/staff/routes";
import { createFakeStaffApi, type FakeStaffApi } from "../../../tests/staff/fake-api.ts";

/**
 * The staff app's own routes (app/staff/routes.tsx) in a memory router, with their real loaders and
 * actions, talking through `fetch` to the contract's fake staff API (tests/staff/fake-api.ts), cookies included.
 */

/** Shows where the router is, for assertions on redirects. */
function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function WithWhere() {
  return (
    <>
      <Outlet />
      <Where />
    </>
  );
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
  const router = createMemoryRouter([{ Component: WithWhere, children: staffRoutes }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return fake;
}
