import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { listOf, rowOf, SAMPLE, signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import type { LeadRow } from "../../../staff/leads-api.ts";

const { dana, owen, priya } = SAMPLE;
const MINUTE = 60_000;
const views = { awaiting: 3, mine: 1, overdue: 2, spam: 4 };
const param = (name: string) =>
  new URL(screen.getAllByTestId("location").at(-1)?.textContent ?? "", "http://staff.test").searchParams.get(
    name,
  );
const iso = (ms: number) => new Date(ms).toISOString();

/** Three leads as the inbox shows them: one with two unread replies, one overdue, one answered in time. */
function rows(): LeadRow[] {
  const now = Date.now();
  return [
    {
      ...rowOf(dana),
      unreadReplies: 2,
      awaitingUs: true,
      promise: { dueAt: iso(now + 25 * MINUTE + 30_000), respondedAt: null, state: "due" },
    },
    {
      ...rowOf(owen),
      promise: { dueAt: iso(now - 2 * 60 * MINUTE - MINUTE), respondedAt: null, state: "missed" },
    },
    { ...rowOf(priya), promise: { dueAt: iso(now), respondedAt: iso(now - 5 * MINUTE), state: "met" } },
  ];
}

describe("the inbox's views", () => {
  it("marks unread replies and says how each lead stands against its promise, in words", async () => {
    mockStaffApi({ ...signedInAs("sales"), leads: () => listOf(rows(), { views }) });
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Dana Whitfield" });
    const [first, second, third] = screen.getAllByRole("row").slice(1) as HTMLElement[];
    expect(within(first as HTMLElement).getByText("2 new replies")).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText("due in 25 min")).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText("2 h overdue")).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText(/new repl/)).not.toBeInTheDocument();
    expect(within(third as HTMLElement).getByText("Answered in time")).toBeInTheDocument();
  });

  it("filters Awaiting us, Mine and Overdue with their counts, sorts due first, and keeps it all in the URL", async () => {
    const api = mockStaffApi({ ...signedInAs("sales"), leads: () => listOf(rows(), { views }) });
    const user = userEvent.setup();
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Dana Whitfield" });
    const shown = within(screen.getByRole("group", { name: "Show only" }));
    expect(shown.getAllByRole("checkbox").map((box) => box.closest("div")?.textContent)).toEqual([
      "Awaiting us (3)",
      "Mine (1)",
      "Overdue (2)",
    ]);
    await user.click(shown.getByRole("checkbox", { name: /Awaiting us/ }));
    await user.click(shown.getByRole("checkbox", { name: /Mine/ }));
    await user.selectOptions(screen.getByLabelText("Sort"), "Due first");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(param("awaiting")).toBe("1"));
    expect([param("mine"), param("sort"), param("overdue")]).toEqual(["1", "due", null]);
    expect(api.callsTo("leads").at(-1)?.query.toString()).toBe("awaiting=1&mine=1&sort=due");
    expect(screen.getByRole("checkbox", { name: /Awaiting us/ })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: /Overdue/ })).not.toBeChecked();
    expect(screen.getByLabelText("Sort")).toHaveValue("due");
  });

  it("offers Spam to admins, in the phone's filter sheet too", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("max-width"),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const api = mockStaffApi({ ...signedInAs("admin"), leads: () => listOf(rows(), { views }) });
    renderStaff("/staff?spam=1");
    await screen.findByText("Dana Whitfield");
    expect(screen.getByRole("button", { name: "Filters and search (1 on)" })).toBeInTheDocument();
    // jsdom has no showModal: the sheet's closed dialog is read as it is.
    const sheet = document.querySelector("dialog") as HTMLDialogElement;
    const spam = within(sheet).getByRole("checkbox", { name: /Spam/, hidden: true });
    expect(spam.closest("div")).toHaveTextContent("Spam (4)");
    expect(spam).toBeChecked();
    expect(api.callsTo("leads")[0]?.query.toString()).toBe("spam=1");
  });

  it("does not offer Spam to anyone else", async () => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      leads: () => listOf(rows(), { views: { awaiting: 0, mine: 0, overdue: 0 } }),
    });
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Dana Whitfield" });
    expect(screen.queryByRole("checkbox", { name: /Spam/ })).not.toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /Overdue/ }).closest("div")).toHaveTextContent("Overdue (0)");
  });
});
