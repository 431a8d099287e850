import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { leadId, noDocumentsYet, pageOf, personOf, SAMPLE, STAFF, signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import type { HistoryEntry, LeadChange, LeadPage, Note } from "../../../staff/leads-api.ts";

const { dana, marisol, owen, jonah } = SAMPLE;
const colleagues = { people: [STAFF.admin, STAFF.sales] };
const termsOf = (region: HTMLElement) =>
  within(region)
    .getAllByRole("term")
    .map((term) => term.textContent);

describe("a lead", () => {
  it("shows every field, the PDF resume in a sandboxed frame and its download", async () => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      ...noDocumentsYet,
      markSeen: () => undefined,
      lead: () => pageOf(marisol),
      people: () => ({ people: [] }),
    });
    renderStaff(`/staff/leads/${leadId(2)}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Marisol Vega" })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title, "named by its id, not the person").toBe(`Lead ${leadId(2)} · Staff`),
    );
    expect(termsOf(screen.getByRole("region", { name: "Request" }))).toEqual([
      "First Name",
      "Last Name",
      "Email",
      "Phone",
      "Credential",
      "Years of Experience",
      "Message",
      "I consent to receiving communications about job opportunities",
    ]);
    expect(screen.getByRole("link", { name: "marisol.vega@example.com" })).toHaveAttribute(
      "href",
      "mailto:marisol.vega@example.com",
    );
    expect(screen.getByRole("link", { name: "(555) 410-2231" })).toHaveAttribute("href", "tel:5554102231");
    const viewer = screen.getByTitle("Resume: marisol-vega-resume.pdf");
    expect(viewer).toHaveAttribute("sandbox", "");
    expect(viewer).toHaveAttribute("src", `/api/staff/leads/${leadId(2)}/resume`);
    expect(screen.getByRole("link", { name: "Download" })).toHaveAttribute(
      "href",
      `/api/staff/leads/${leadId(2)}/resume?download=1`,
    );
    expect(screen.getByText("1 attempt, last", { exact: false })).toBeInTheDocument();
  });

  it("shows where the lead came from, with its campaign and referrer linking to the filtered inbox", async () => {
    mockStaffApi({
      ...signedInAs("sales"),
      markSeen: () => undefined,
      lead: () => pageOf(dana),
      people: () => colleagues,
    });
    renderStaff(`/staff/leads/${leadId(1)}`);
    await screen.findByRole("heading", { level: 1, name: "Dana Whitfield" });
    const source = screen.getByRole("region", { name: "Source" });
    expect(termsOf(source)).toEqual([
      "Form page",
      "Landing page",
      "Referring site",
      "UTM source",
      "Campaign",
    ]);
    expect(within(source).getByText("/chart-assist")).toBeInTheDocument();
    expect(within(source).getByRole("link", { name: "fall" })).toHaveAttribute(
      "href",
      "/staff?campaign=fall",
    );
    expect(within(source).getByRole("link", { name: "news.example.org" })).toHaveAttribute(
      "href",
      "/staff?referrer=https%3A%2F%2Fnews.example.org",
    );
  });

  it("says so when nothing was recorded about a lead's source, and names a failed delivery", async () => {
    mockStaffApi({
      ...signedInAs("sales"),
      markSeen: () => undefined,
      lead: () => pageOf(owen),
      people: () => colleagues,
    });
    renderStaff(`/staff/leads/${leadId(3)}`);
    await screen.findByRole("heading", { level: 1, name: "Owen Park" });
    expect(
      within(screen.getByRole("region", { name: "Source" })).getByText(
        "Nothing was recorded about where this lead came from.",
      ),
    ).toBeInTheDocument();
    const delivery = screen.getByRole("region", { name: "Delivery" });
    expect(within(delivery).getByText("E-mail to the team")).toBeInTheDocument();
    expect(within(delivery).getByText("Failed")).toBeInTheDocument();
    expect(within(delivery).getByText("8 attempts", { exact: false })).toBeInTheDocument();
    expect(within(delivery).getByText("550 mailbox unavailable")).toBeInTheDocument();
  });

  it("offers a Word resume as a download only", async () => {
    mockStaffApi({
      ...signedInAs("admin"),
      ...noDocumentsYet,
      markSeen: () => undefined,
      lead: () => pageOf(jonah),
      people: () => colleagues,
    });
    renderStaff(`/staff/leads/${leadId(6)}`);
    await screen.findByRole("heading", { level: 1, name: "Jonah Brooks" });
    expect(screen.queryByTitle(/Resume:/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download" })).toHaveAttribute("download", "jonah-brooks.docx");
  });

  it("changes the status in its workflow, says so, and writes the history; assignee and notes too", async () => {
    // The lead as the server keeps it: each change comes back in the next answer, with its history entry.
    const page: LeadPage = pageOf(owen);
    const entry = (action: HistoryEntry["action"], from: string | null, to: string | null): HistoryEntry => ({
      id: `h${page.history.length}`,
      at: new Date().toISOString(),
      actor: personOf(STAFF.sales),
      action,
      from,
      to,
    });
    const api = mockStaffApi({
      ...signedInAs("sales"),
      markSeen: () => undefined,
      lead: () => structuredClone(page),
      people: () => colleagues,
      changeLead: ({ body }) => {
        const change = body as LeadChange;
        if (change.status) {
          page.history.push(entry("status", page.lead.status, change.status));
          page.lead.status = change.status;
        }
        if (change.assigneeId !== undefined) {
          const assignee = colleagues.people.find((person) => person.id === change.assigneeId) ?? null;
          page.history.push(entry("assignee", page.lead.assignee?.name ?? null, assignee?.name ?? null));
          page.lead.assignee = assignee && personOf(assignee);
        }
        return { lead: page.lead };
      },
      addNote: ({ body }) => {
        const note: Note = {
          id: `n${page.notes.length}`,
          author: personOf(STAFF.sales),
          at: new Date().toISOString(),
          text: (body as { text: string }).text,
        };
        page.notes.push(note);
        page.history.push(entry("note", null, note.id));
        return { note };
      },
    });
    const user = userEvent.setup();
    renderStaff(`/staff/leads/${leadId(3)}`);
    const status = await screen.findByLabelText("Current status");
    expect(
      within(status)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["New", "Contacted", "Qualified", "Won", "Lost"]);
    await user.selectOptions(status, "Qualified");
    expect(await screen.findByText("Status set to Qualified.")).toBeInTheDocument();
    expect(await screen.findByText("changed the status from New to Qualified")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Undo" })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Assigned to"), "Sam Sales (sam@example.com)");
    expect(await screen.findByText("assigned it to Sam Sales")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Add a note"), "Sent the rate sheet.");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Sent the rate sheet.")).toBeInTheDocument();
    expect(screen.getByText("added a note")).toBeInTheDocument();
    expect(screen.getAllByText("Sam Sales", { exact: false }).length).toBeGreaterThan(1);

    // By keyboard: Sonner's swipe handling asks for pointer capture, which jsdom does not have.
    screen.getByRole("button", { name: "Undo" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByText("changed the status from Qualified to New")).toBeInTheDocument();
    expect(api.callsTo("changeLead").map((call) => call.body)).toEqual([
      { status: "Qualified" },
      { assigneeId: STAFF.sales.id },
      { status: "New" },
    ]);
    expect(api.callsTo("addNote").map((call) => [call.id, call.body])).toEqual([
      [leadId(3), { text: "Sent the rate sheet." }],
    ]);
  });

  it("answers a lead outside one's role as not found", async () => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      markSeen: () => undefined,
      lead: () => refuse(404, "not_found", "There is no such lead, or it is not one your role works on."),
      people: () => ({ people: [] }),
    });
    renderStaff(`/staff/leads/${leadId(1)}`);
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
    expect(screen.queryByText("Dana Whitfield")).not.toBeInTheDocument();
  });
});
