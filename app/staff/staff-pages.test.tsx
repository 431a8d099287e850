import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderStaff } from "~/staff/test/render-staff";
import { FAKE_CODE, FAKE_PASSWORD, SETUP_TOKEN } from "../../tests/staff/fake-api.ts";
import { POLL_MS } from "./routes/inbox";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const where = () => screen.getAllByTestId("location").at(-1)?.textContent;

describe("signing in", () => {
  it("sends a signed-out person to sign-in with the page to come back to, then back there", async () => {
    const user = userEvent.setup();
    renderStaff("/staff/audit?page=1");
    // The loading shell has the same heading: the form is there once the page's loader answered.
    expect(await screen.findByLabelText("E-mail")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(where()).toBe("/staff/sign-in?next=%2Fstaff%2Faudit%3Fpage%3D1");
    expect(document.title).toBe("Sign in · Staff");

    await user.type(screen.getByLabelText("E-mail"), "admin@example.com");
    await user.type(screen.getByLabelText("Password"), "not the password");
    await user.type(screen.getByLabelText("Code from your authenticator app"), FAKE_CODE);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("E-mail, password or code is wrong.");

    await user.clear(screen.getByLabelText("Password"));
    await user.type(screen.getByLabelText("Password"), FAKE_PASSWORD);
    await user.clear(screen.getByLabelText("Code from your authenticator app"));
    await user.type(screen.getByLabelText("Code from your authenticator app"), FAKE_CODE);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    expect(where()).toBe("/staff/audit?page=1");
    expect(document.title).toBe("Audit log · Staff");
    expect(screen.getByTestId("staff-email")).toHaveTextContent("admin@example.com");
    expect(screen.getByText("Admin")).toBeInTheDocument();
  });

  it("names the lockout and how long to wait when rate limited", async () => {
    const user = userEvent.setup();
    renderStaff("/staff/sign-in");
    await screen.findByLabelText("E-mail");
    const attempt = async (email: string) => {
      await user.clear(screen.getByLabelText("E-mail"));
      await user.type(screen.getByLabelText("E-mail"), email);
      await user.clear(screen.getByLabelText("Password"));
      await user.type(screen.getByLabelText("Password"), "wrong password");
      await user.clear(screen.getByLabelText("Code from your authenticator app"));
      await user.type(screen.getByLabelText("Code from your authenticator app"), "000000");
      await user.click(screen.getByRole("button", { name: "Sign in" }));
    };
    for (let i = 0; i < 5; i += 1) {
      await attempt("rita@example.com");
      await screen.findByText("E-mail, password or code is wrong.");
    }
    await attempt("rita@example.com");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(/locked for 15 minutes/));
    await attempt("busy@example.com");
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Wait 60 seconds before trying again."),
    );
  });

  it("signs out on the server and goes to sign-in", async () => {
    const user = userEvent.setup();
    renderStaff("/staff/sign-in?next=%2Fstaff");
    await user.type(await screen.findByLabelText("E-mail"), "sam@example.com");
    await user.type(screen.getByLabelText("Password"), FAKE_PASSWORD);
    await user.type(screen.getByLabelText("Code from your authenticator app"), FAKE_CODE);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("heading", { level: 1, name: "Inbox" });
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(where()).toBe("/staff/sign-in");
  });
});

describe("set-up", () => {
  it("refuses an invalid link with the API's words", async () => {
    renderStaff("/staff/setup?token=used");
    expect(
      await screen.findByRole("heading", { name: "This set-up link does not work" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(/invalid, used or expired/);
  });

  it("shows the password rule, then the QR code and key, then takes a first code", async () => {
    const user = userEvent.setup();
    renderStaff(`/staff/setup?token=${SETUP_TOKEN}`);
    const password = await screen.findByLabelText("New password");
    expect(password).toHaveAccessibleDescription(/At least 12 characters/);
    await user.type(password, "password1234");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "That password is on the list of common passwords.",
    );

    await user.clear(password);
    await user.type(password, "a calm clinical inbox");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const qr = await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    expect(qr.querySelectorAll("path").length).toBeGreaterThan(0);
    expect(screen.getByText("Can't scan? Enter this key")).toBeInTheDocument();
    expect(screen.getByTestId("totp-key")).toHaveTextContent("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");

    await user.type(screen.getByLabelText("Code from your authenticator app"), "000000");
    await user.click(screen.getByRole("button", { name: "Confirm and finish" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is wrong or has expired.");
    await user.clear(screen.getByLabelText("Code from your authenticator app"));
    await user.type(screen.getByLabelText("Code from your authenticator app"), FAKE_CODE);
    await user.click(screen.getByRole("button", { name: "Confirm and finish" }));
    expect(await screen.findByRole("heading", { name: "Your account is ready" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/staff/sign-in");
  });
});

describe("the inbox", () => {
  it("lists leads newest first, marks the unopened ones, counts per form and status", async () => {
    renderStaff("/staff", { as: "admin" });
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
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0] as HTMLElement).getByText("New:")).toBeInTheDocument();
    expect(rows[4]).not.toHaveAttribute("data-new");
    const perForm = screen.getByRole("list", { name: "Leads per form" });
    expect(within(perForm).getByRole("link", { name: "Nurse application 2" })).toHaveAttribute(
      "href",
      "/staff?form=nurse-application",
    );
    expect(
      within(screen.getByRole("list", { name: "Leads per status" })).getByRole("link", { name: "New 5" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Screening (1)" })).toBeInTheDocument();
    expect(screen.getByText("6 leads")).toBeInTheDocument();
  });

  it("keeps the filter in the URL, exports it, and says when nothing matches", async () => {
    const user = userEvent.setup();
    renderStaff("/staff", { as: "admin" });
    await screen.findByRole("heading", { level: 1, name: "Inbox" });
    await user.selectOptions(screen.getByLabelText("Delivery"), "dead");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(screen.getByRole("link", { name: "Owen Park" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/staff/export.csv?delivery=dead",
    );
    await user.type(screen.getByRole("searchbox", { name: "Search" }), "nobody-here");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("No leads match these filters")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Clear filters" })).toHaveAttribute("href", "/staff");
  });

  it("filters and counts by campaign and by referring site, and exports that view", async () => {
    const user = userEvent.setup();
    renderStaff("/staff", { as: "admin" });
    await screen.findByRole("link", { name: "Leo Grant" });
    const campaign = screen.getByLabelText("Campaign");
    expect(
      within(campaign)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Any campaign", "No campaign (4)", "fall (2)"]);
    const referrer = screen.getByLabelText("Referring site");
    expect(
      within(referrer)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Any referrer", "None (direct) (3)", "news.example.org (2)", "search.example.com (1)"]);

    await user.selectOptions(campaign, "fall");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    const param = (name: string) => new URL(where() ?? "", "http://staff.test").searchParams.get(name);
    await waitFor(() => expect(param("campaign")).toBe("fall"));
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(3));
    expect(screen.getByRole("link", { name: "Dana Whitfield" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Marisol Vega" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/staff/export.csv?campaign=fall",
    );
    // The referrer menu now counts within the campaign.
    expect(
      within(screen.getByLabelText("Referring site"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Any referrer", "news.example.org (2)"]);

    await user.selectOptions(screen.getByLabelText("Campaign"), "(none)");
    await user.selectOptions(screen.getByLabelText("Referring site"), "");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(param("campaign")).toBe("(none)"));
    expect(param("referrer")).toBe("");
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(5));
    expect(screen.queryByRole("link", { name: "Dana Whitfield" })).not.toBeInTheDocument();
  });

  it("shows a recruiter applications only, with no form filter", async () => {
    renderStaff("/staff", { as: "recruiting" });
    await screen.findByRole("link", { name: "Marisol Vega" });
    expect(screen.getAllByRole("row")).toHaveLength(3);
    expect(screen.queryByLabelText("Form")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Audit log/ })).not.toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Interview (0)" })).toBeInTheDocument();
  });

  it("shows a lead that arrives while it is open, within one poll", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const fake = renderStaff("/staff", { as: "sales" });
    await screen.findByRole("link", { name: "Leo Grant" });
    fake.arrive("chartassist-demo", { name: "Nora Quinn", email: "nora@example.com", company: "Pine Hall" });
    expect(screen.queryByRole("link", { name: "Nora Quinn" })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(POLL_MS));
    expect(await screen.findByRole("link", { name: "Nora Quinn" })).toBeInTheDocument();
    expect(screen.getByText("1 new lead arrived.")).toBeVisible();
    expect(POLL_MS).toBeLessThanOrEqual(30_000);
  });
});

describe("a lead", () => {
  it("shows every field, the PDF resume in a sandboxed frame and its download", async () => {
    renderStaff("/staff/leads/2", { as: "recruiting" });
    expect(await screen.findByRole("heading", { level: 1, name: "Marisol Vega" })).toBeInTheDocument();
    expect(document.title, "named by its id, not the person").toBe("Lead 2 · Staff");
    for (const label of ["First name", "Last name", "E-mail", "Phone", "Credential", "Experience", "Message"])
      expect(screen.getByText(label)).toBeInTheDocument();
    const viewer = screen.getByTitle("Resume: marisol-vega-resume.pdf");
    expect(viewer).toHaveAttribute("sandbox", "");
    expect(viewer).toHaveAttribute("src", "/api/staff/leads/2/resume");
    expect(screen.getByRole("link", { name: "Download" })).toHaveAttribute(
      "href",
      "/api/staff/leads/2/resume?download=1",
    );
    expect(screen.getByText("1 attempt, last", { exact: false })).toBeInTheDocument();
  });

  it("shows where the lead came from, with its campaign and referrer linking to the filtered inbox", async () => {
    renderStaff("/staff/leads/1", { as: "sales" });
    await screen.findByRole("heading", { level: 1, name: "Dana Whitfield" });
    const source = screen.getByRole("region", { name: "Source" });
    const terms = within(source)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms).toEqual(["Form page", "Landing page", "Referring site", "UTM source", "Campaign"]);
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

  it("says so when nothing was recorded about a lead's source", async () => {
    renderStaff("/staff/leads/3", { as: "sales" });
    await screen.findByRole("heading", { level: 1, name: "Owen Park" });
    expect(
      within(screen.getByRole("region", { name: "Source" })).getByText(
        "Nothing was recorded about where this lead came from.",
      ),
    ).toBeInTheDocument();
  });

  it("offers a Word resume as a download only", async () => {
    renderStaff("/staff/leads/6", { as: "admin" });
    await screen.findByRole("heading", { level: 1, name: "Jonah Brooks" });
    expect(screen.queryByTitle(/Resume:/)).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download" })).toHaveAttribute("download", "jonah-brooks.docx");
  });

  it("changes the status in its workflow, says so, and writes the history; assignee and notes too", async () => {
    const user = userEvent.setup();
    renderStaff("/staff/leads/3", { as: "sales" });
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
  });

  it("answers a lead outside one's role as not found", async () => {
    renderStaff("/staff/leads/1", { as: "recruiting" });
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
    expect(screen.queryByText("Dana Whitfield")).not.toBeInTheDocument();
  });
});

describe("admin pages", () => {
  it("erases a person after showing what will go", async () => {
    const user = userEvent.setup();
    const fake = renderStaff("/staff/erase", { as: "admin" });
    await user.type(await screen.findByLabelText("E-mail address"), "marisol.vega@example.com");
    await user.click(screen.getByRole("button", { name: "Show what will be erased" }));
    expect(await screen.findByText(/1 lead, 1 file and 0 notes/)).toBeInTheDocument();
    expect(fake.state.leads.some((lead) => lead.id === 2)).toBe(true);
    await user.click(screen.getByRole("button", { name: "Erase 1 lead for good" }));
    expect(await screen.findByText(/Erased 1 lead, 1 file and 0 notes/)).toBeInTheDocument();
    expect(fake.state.leads.some((lead) => lead.id === 2)).toBe(false);
  });

  it("keeps erasure and the audit log from other roles", async () => {
    renderStaff("/staff/erase", { as: "sales" });
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
    expect(screen.queryByLabelText("E-mail address")).not.toBeInTheDocument();
  });

  it("lists the audit log with who, what and the lead id", async () => {
    renderStaff("/staff/audit", { as: "admin" });
    await screen.findByRole("heading", { level: 1, name: "Audit log" });
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(within(rows.at(-1) as HTMLElement).getByText("Signed in")).toBeInTheDocument();
    expect(within(rows.at(-1) as HTMLElement).getByText("admin@example.com")).toBeInTheDocument();
  });
});
