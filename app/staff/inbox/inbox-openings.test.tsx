import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  detailOf,
  leadId,
  listOf,
  noDocumentsYet,
  pageOf,
  rowOf,
  SAMPLE,
  signedInAs,
} from "~/staff/test/fixtures";
import { mockStaffApi } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import { OpeningName } from "~/staff/ui/opening-name";
import type { LeadRow } from "../../../staff/leads-api.ts";

const { jonah, marisol, dana } = SAMPLE;
const NIGHTS = {
  id: "0199b2c4-3e00-7000-8000-000000000001",
  title: "Night Shift RN, Med-Surg (Albany Medical)",
};
const DAYS = { id: "0199b2c4-3e00-7000-8000-000000000002", title: "Day Shift LPN, Troy" };
const param = (name: string) =>
  new URL(screen.getAllByTestId("location").at(-1)?.textContent ?? "", "http://staff.test").searchParams.get(
    name,
  );

/** Two applications, one for an opening and one general, as the inbox lists them. */
const applications = (): LeadRow[] => [{ ...rowOf(jonah), opening: NIGHTS }, rowOf(marisol)];
const counts = {
  openings: [
    { ...NIGHTS, count: 1 },
    { ...DAYS, count: 0 },
  ],
};

const onPhone = () =>
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: query.includes("max-width"),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("openings in the inbox", () => {
  it("shows an application's opening as a link to its page, its credential and years of experience", async () => {
    mockStaffApi({ ...signedInAs("recruiting"), leads: () => listOf(applications(), counts) });
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Jonah Brooks" });
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    // A recruiter sees applications only: the column names their opening.
    expect(headers).toEqual(["Name", "Form", "Opening", "Status", "Assignee", "Delivery", "Received"]);
    const [first, second] = screen.getAllByRole("row").slice(1) as HTMLElement[];
    const link = within(first as HTMLElement).getByRole("link", { name: `Opening: ${NIGHTS.title}` });
    expect(link).toHaveAttribute("href", `/staff/openings/${NIGHTS.id}`);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(first).slice(1, 3)).toEqual([
      "Nurse applicationLPN · 1-3 years",
      `Opening: ${NIGHTS.title}`,
    ]);
    expect(cells(second).slice(1, 3)).toEqual(["Nurse applicationRN · 3-5 years", "—"]);
  });

  it("shows the same on a phone's card", async () => {
    onPhone();
    mockStaffApi({ ...signedInAs("admin"), leads: () => listOf(applications(), counts) });
    renderStaff("/staff");
    const card = (await screen.findByRole("link", { name: "Jonah Brooks" })).closest("li") as HTMLElement;
    expect(within(card).getByRole("link", { name: `Opening: ${NIGHTS.title}` })).toHaveAttribute(
      "href",
      `/staff/openings/${NIGHTS.id}`,
    );
    expect(within(card).getByText("1-3 years", { exact: false })).toHaveTextContent("LPN · 1-3 years");
    const other = screen.getByRole("link", { name: "Marisol Vega" }).closest("li") as HTMLElement;
    expect(within(other).queryByRole("link", { name: /Opening/ })).not.toBeInTheDocument();
    expect(within(other).getByText("3-5 years", { exact: false })).toHaveTextContent("RN · 3-5 years");
  });

  it("names the opening as plain text for a role that does not manage openings", () => {
    const router = createMemoryRouter([
      { path: "/", element: <OpeningName opening={NIGHTS} viewerRole="sales" /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText(NIGHTS.title)).toBeInTheDocument();
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });

  it("filters by opening with each one's count, and keeps it in the URL", async () => {
    const api = mockStaffApi({ ...signedInAs("recruiting"), leads: () => listOf(applications(), counts) });
    const user = userEvent.setup();
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Jonah Brooks" });
    const filter = screen.getByLabelText("Opening");
    expect([...filter.querySelectorAll("option")].map((option) => option.textContent)).toEqual([
      "Any opening",
      `${NIGHTS.title} (1)`,
      `${DAYS.title} (0)`,
    ]);
    await user.selectOptions(filter, `${NIGHTS.title} (1)`);
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(param("opening")).toBe(NIGHTS.id));
    expect(api.callsTo("leads").at(-1)?.query.toString()).toBe(`opening=${NIGHTS.id}`);
    expect(screen.getByLabelText("Opening")).toHaveValue(NIGHTS.id);
    expect(screen.getByRole("link", { name: /Export CSV/ }).getAttribute("href")).toContain(
      `opening=${NIGHTS.id}`,
    );
  });

  it("offers no Opening filter nor columns to a role that sees no applications", async () => {
    mockStaffApi({ ...signedInAs("sales"), leads: () => listOf([rowOf(dana)]) });
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Dana Whitfield" });
    expect(screen.queryByLabelText("Opening")).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Opening" })).not.toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Organisation" })).toBeInTheDocument();
  });

  it("heads the column Organisation / opening for an admin, who sees requests and applications", async () => {
    mockStaffApi({ ...signedInAs("admin"), leads: () => listOf([...applications(), rowOf(dana)], counts) });
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Dana Whitfield" });
    expect(screen.getAllByRole("columnheader")[2]).toHaveTextContent("Organisation / opening");
    const third = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[2]?.textContent);
    expect(third).toEqual([`Opening: ${NIGHTS.title}`, "—", "Oakridge Care Center"]);
  });

  it("names the opening on the lead page, linked to its page", async () => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      // An application's page loads its credential file beside it, whenever its section's code arrives.
      ...noDocumentsYet,
      markSeen: () => undefined,
      people: () => ({ people: [] }),
      lead: () => pageOf(jonah, { lead: detailOf(jonah, { opening: DAYS }) }),
    });
    renderStaff(`/staff/leads/${leadId(jonah.n)}`);
    const link = await screen.findByRole("link", { name: `Opening: ${DAYS.title}` });
    expect(link).toHaveAttribute("href", `/staff/openings/${DAYS.id}`);
  });
});
