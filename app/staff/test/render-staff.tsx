import { configure, render } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { staffRoutes } from "~/staff/routes";

/**
 * The staff app's own route table (app/staff/routes.tsx) in a memory router, with its real loaders and actions;
 * `fetch` is the test's (mockStaffApi).
 */

// A staff page shows after two or three answers and a redirect: on a loaded 2-core machine the first render
// of a file outlasted Testing Library's default wait (1 s) and a whole sign-in test Vitest's default timeout
// (5 s); docs/testing.md has the times. Waiting longer changes no assertion.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

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

export function renderStaff(path: string) {
  const router = createMemoryRouter([{ Component: WithWhere, children: staffRoutes }], {
    initialEntries: [path],
  });
  return render(<RouterProvider router={router} />);
}
