import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { leadId, listOf, rowOf, SAMPLE, signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import type { LeadList } from "../../../staff/leads-api.ts";
import { POLL_MS } from "./use-polling";

afterEach(() => vi.useRealTimers());

const where = () => screen.getAllByTestId("location").at(-1)?.textContent;
const param = (name: string) => new URL(where() ?? "", "http://staff.test").searchParams.get(name);
const optionsOf = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole("option")
    .map((option) => option.textContent);

const { dana, marisol, owen, priya, leo, jonah } = SAMPLE;
const everyone = [jonah, leo, priya, owen, marisol, dana].map((lead) => rowOf(lead));
const everyCount: Partial<LeadList["counts"]> = {
  forms: {
    "chartassist-demo": 1,
    "careworks-demo": 1,
    "nurse-application": 2,
    "staffing-request": 1,
    "payroll-info": 1,
  },
  statuses: { New: 5, Screening: 1 },
  campaigns: [
    { value: null, count: 4 },
    { value: "fall", count: 2 },
  ],
  referrers: [
    { value: null, count: 3 },
    { value: "https://news.example.org", count: 2 },
    { value: "https://search.example.com", count: 1 },
  ],
};

describe("the inbox", () => {
  it("lists leads newest first, marks the unopened ones, counts per form and status", async () => {
    mockStaffApi({ ...signedInAs("admin"), leads: () => listOf(everyone, everyCount) });
    renderStaff("/staff");
    await screen.findByRole("heading", { level: 1, name: "Inbox" });
    await screen.findByRole("link", { name: "Leo Grant" });
    const links = screen.getAllByRole("link").filter((link) => link.hasAttribute("data-lead-link"));
    expect(links.map((link) => link.textContent)).toEqual([
      "Jonah Brooks",
      "Leo Grant",
      "Priya Shah",
      "Owen Park",
      "Marisol Vega",
      "Dana Whitfield",
    ]);
    expect(links[0]).toHaveAttribute("href", `/staff/leads/${leadId(6)}`);
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0] as HTMLElement).getByText("New:")).toBeInTheDocument();
    expect(rows[4]).not.toHaveAttribute("data-new");
    const perForm = screen.getByRole("list", { name: "Leads per form" });
    expect(within(perForm).getByRole("link", { name: "Nurse application 2" })).toHaveAttribute(
      "href",
      "/staff?form=nurse-application",
    );
    // The catalog's label, as the server and the exports name the form.
    expect(within(perForm).getByRole("link", { name: "ChartAssist demo request 1" })).toBeInTheDocument();
    expect(
      within(screen.getByRole("list", { name: "Leads per status" })).getByRole("link", { name: "New 5" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Screening (1)" })).toBeInTheDocument();
    expect(screen.getByText("6 leads")).toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText("Failed")).toBeInTheDocument();
  });

  it("keeps the filter in the URL, exports it, and says when nothing matches", async () => {
    const api = mockStaffApi({
      ...signedInAs("admin"),
      leads: ({ query }) =>
        query.get("q") === "nobody-here"
          ? listOf([])
          : query.get("delivery") === "dead"
            ? listOf([rowOf(owen)])
            : listOf(everyone, everyCount),
    });
    const user = userEvent.setup();
    renderStaff("/staff");
    await screen.findByRole("heading", { level: 1, name: "Inbox" });
    await user.selectOptions(screen.getByLabelText("Delivery"), "dead");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(screen.getByRole("link", { name: "Owen Park" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/staff/export.csv?delivery=dead",
    );
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "  nobody-here ");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("No leads match these filters")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Clear filters" })).toHaveAttribute("href", "/staff");
    // The API was asked what the URL says, in the contract's spelling (the search trimmed, no page 1).
    expect(api.callsTo("leads").map((call) => call.query.toString())).toEqual([
      "",
      "delivery=dead",
      "delivery=dead&q=nobody-here",
    ]);
  });

  it("filters and counts by campaign and by referring site, and exports that view", async () => {
    mockStaffApi({
      ...signedInAs("admin"),
      leads: ({ query }) =>
        query.get("campaign") === "fall"
          ? // Each count applies every filter but its own: the campaigns stay, the referrers narrow.
            listOf([rowOf(marisol), rowOf(dana)], {
              campaigns: everyCount.campaigns,
              referrers: [{ value: "https://news.example.org", count: 2 }],
            })
          : query.get("campaign") === "(none)"
            ? listOf(
                [jonah, leo, priya, owen].map((lead) => rowOf(lead)),
                {
                  campaigns: everyCount.campaigns,
                  referrers: [
                    { value: null, count: 3 },
                    { value: "https://search.example.com", count: 1 },
                  ],
                },
              )
            : listOf(everyone, everyCount),
    });
    const user = userEvent.setup();
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Leo Grant" });
    expect(optionsOf("Campaign")).toEqual(["Any campaign", "No campaign (4)", "fall (2)"]);
    expect(optionsOf("Referring site")).toEqual([
      "Any referrer",
      "None (direct) (3)",
      "news.example.org (2)",
      "search.example.com (1)",
    ]);

    await user.selectOptions(screen.getByLabelText("Campaign"), "fall");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(param("campaign")).toBe("fall"));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(3));
    expect(screen.getByRole("link", { name: "Dana Whitfield" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Marisol Vega" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/staff/export.csv?campaign=fall",
    );
    // The referrer menu now counts within the campaign.
    expect(optionsOf("Referring site")).toEqual(["Any referrer", "news.example.org (2)"]);

    await user.selectOptions(screen.getByLabelText("Campaign"), "(none)");
    await user.selectOptions(screen.getByLabelText("Referring site"), "");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(param("campaign")).toBe("(none)"));
    expect(param("referrer")).toBe("");
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(5));
    expect(screen.queryByRole("link", { name: "Dana Whitfield" })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Campaign")).toHaveValue("(none)");
  });

  it("shows a recruiter applications only, with no form filter", async () => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      leads: () =>
        listOf([rowOf(jonah), rowOf(marisol)], {
          forms: { "nurse-application": 2 },
          statuses: { New: 1, Screening: 1 },
        }),
    });
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Marisol Vega" });
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(screen.queryByLabelText("Form")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Audit log/ })).not.toBeInTheDocument();
    // The statuses of the role's workflows, whether or not a lead has one yet.
    expect(optionsOf("Status")).toEqual([
      "Any status",
      "New (1)",
      "Screening (1)",
      "Interview (0)",
      "Offer (0)",
      "Hired (0)",
      "Not selected (0)",
    ]);
  });

  it("filters a recruiter's applications by their documents, in the URL, and shows each row's progress", async () => {
    const api = mockStaffApi({
      ...signedInAs("recruiting"),
      leads: ({ query }) =>
        listOf(
          query.get("documents") === "expiring"
            ? [{ ...rowOf(marisol), documents: { done: 7, total: 8 } }]
            : [{ ...rowOf(jonah), documents: { done: 4, total: 8 } }, rowOf(marisol)],
        ),
    });
    const user = userEvent.setup();
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Jonah Brooks" });
    const [jonahRow, marisolRow] = screen.getAllByRole("row").slice(1) as HTMLElement[];
    expect(within(jonahRow as HTMLElement).getByText(/4 of 8 done/)).toBeInTheDocument();
    expect(within(marisolRow as HTMLElement).queryByText(/done$/)).not.toBeInTheDocument();
    expect(optionsOf("Documents")).toEqual([
      "Any documents",
      "Requested",
      "Incomplete",
      "Complete",
      "Expiring within 30 days",
      "Expired",
    ]);
    await user.selectOptions(screen.getByLabelText("Documents"), "expiring");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(param("documents")).toBe("expiring"));
    expect(await screen.findByText(/7 of 8 done/)).toBeInTheDocument();
    expect(api.callsTo("leads").map((call) => call.query.toString())).toEqual(["", "documents=expiring"]);
  });

  it("offers no Documents filter to a role that sees no applications", async () => {
    mockStaffApi({ ...signedInAs("sales"), leads: () => listOf([rowOf(dana)]) });
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Dana Whitfield" });
    expect(screen.getByLabelText("Delivery")).toBeInTheDocument();
    expect(screen.queryByLabelText("Documents")).not.toBeInTheDocument();
  });

  it("shows the API's refusal of a filter the contract does not know in its own words, naming it", async () => {
    const api = mockStaffApi({ ...signedInAs("admin"), leads: () => expect.fail("the handler saw it") });
    renderStaff("/staff?status=Maybe");
    expect(await screen.findByRole("heading", { name: "Could not load this page" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("The status filter in this address is not valid.");
    expect(screen.getByRole("link", { name: "Back to the inbox" })).toHaveAttribute("href", "/staff");
    expect(api.callsTo("leads").map((call) => call.query.get("status"))).toEqual(["Maybe"]);
  });

  it("asks for a reload, in words, when it cannot show what the API answered", async () => {
    // An answer from a release newer than the open page: the page fails on it, and says so as a person reads it.
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    onTestFinished(() => quiet.mockRestore());
    const api = mockStaffApi({ ...signedInAs("admin"), leads: () => ({ leads: null }) as never });
    renderStaff("/staff");
    expect(await screen.findByRole("heading", { name: "Could not load this page" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The server answered in a way this page does not understand. Reload the page.",
    );
    expect(api.violations).toEqual([expect.stringMatching(/^leads: /)]);
    api.violations.length = 0;
  });

  it("shows a lead that arrives while it is open, within one poll", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const rows = [leo, priya, owen, dana].map((lead) => rowOf(lead));
    mockStaffApi({ ...signedInAs("sales"), leads: () => listOf([...rows]) });
    renderStaff("/staff");
    await screen.findByRole("link", { name: "Leo Grant" });
    rows.unshift({
      ...rowOf(dana),
      id: leadId(7),
      name: "Nora Quinn",
      email: "nora@example.com",
      organisation: "Pine Hall",
      createdAt: new Date().toISOString(),
    });
    expect(screen.queryByRole("link", { name: "Nora Quinn" })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    expect(await screen.findByRole("link", { name: "Nora Quinn" })).toBeInTheDocument();
    expect(screen.getByText("1 new lead arrived.")).toBeVisible();
    expect(POLL_MS).toBeLessThanOrEqual(30_000);
  });
});
