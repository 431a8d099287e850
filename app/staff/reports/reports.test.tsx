import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import type { FormWeek, ReportsAnswer } from "../../../staff/reports-api.ts";

const week = (leads: number, within: number, median: number | null): FormWeek => ({
  leads,
  answered: within,
  answeredWithinPromise: within,
  medianFirstResponseMinutes: median,
});

const ADMIN_ANSWER: ReportsAnswer = {
  from: "2026-03-02",
  to: "2026-03-15",
  weeks: [
    {
      weekStart: "2026-03-02",
      forms: { "chartassist-demo": week(4, 3, 42), "nurse-application": week(2, 2, 600) },
    },
    {
      weekStart: "2026-03-09",
      forms: { "chartassist-demo": week(0, 0, null), "nurse-application": week(1, 0, null) },
    },
  ],
  pipeline: { requests: { New: 4, Contacted: 2, Won: 1 }, applications: { New: 3, Screening: 1, Hired: 1 } },
  campaigns: [
    { value: '=HYPERLINK("https://evil.example")', leads: 3, conversions: 1 },
    { value: null, leads: 4, conversions: 1 },
  ],
  referrers: [{ value: "https://search.example", leads: 2, conversions: 0 }],
  byOpening: [
    {
      id: "o-nights",
      title: "Night Shift RN, Med-Surg (Albany Medical Center)",
      applications: 2,
      answeredWithinPromise: 1,
      medianFirstResponseMinutes: 45,
      hired: 1,
    },
    {
      id: "o-hostile",
      title: '=HYPERLINK("https://evil.example")',
      applications: 1,
      answeredWithinPromise: 0,
      medianFirstResponseMinutes: null,
      hired: 0,
    },
  ],
  verification: [
    { weekStart: "2026-03-02", verified: 3, medianDays: 6.5 },
    { weekStart: "2026-03-09", verified: 0, medianDays: null },
  ],
};

/** The widths of the bars a figure's chart drew, by the group (kind) heading them. */
function barWidths(figure: HTMLElement) {
  const widths: Record<string, number[]> = {};
  let group = "";
  for (const element of within(figure).getByRole("img").querySelectorAll("p, svg")) {
    if (element.tagName === "P") group = element.textContent ?? "";
    else
      widths[group] = [...element.querySelectorAll("rect")].map((bar) => Number(bar.getAttribute("width")));
  }
  return widths;
}

/** The text of the Blob the page offered as a download (URL.createObjectURL's argument). */
function captureDownloads() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return "blob:report";
  });
  vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  return blobs;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the reports page", () => {
  it("asks for the range in the URL and shows each chart with a summary, a table view and its CSV", async () => {
    const api = mockStaffApi({ ...signedInAs("admin"), reports: () => ADMIN_ANSWER });
    const blobs = captureDownloads();
    const user = userEvent.setup();
    renderStaff("/staff/reports?from=2026-03-02&to=2026-03-15");
    await screen.findByRole("heading", { level: 1, name: "Reports" });
    expect(Object.fromEntries(api.callsTo("reports")[0]?.query ?? [])).toEqual({
      from: "2026-03-02",
      to: "2026-03-15",
    });
    expect(screen.getByLabelText("From")).toHaveValue("2026-03-02");
    expect(screen.getByLabelText("To")).toHaveValue("2026-03-15");

    const figure = screen.getByRole("figure", { name: "Leads per week" });
    expect(within(figure).getByRole("img")).toHaveAccessibleName(
      "Leads per week: 7 leads in 2 weeks: ChartAssist demo request 4, Nurse application 3.",
    );
    await user.click(within(figure).getByRole("button", { name: "Show table" }));
    const table = within(figure).getByRole("table", { name: "Leads per week" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["Week ofChartAssist demo requestNurse application", "2026-03-0242", "2026-03-0901"]);
    expect(within(figure).getByRole("button", { name: "Hide table" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );

    await user.click(within(figure).getByRole("button", { name: /Download CSV/ }));
    expect(await blobs[0]?.text()).toBe(
      "Week of,ChartAssist demo request,Nurse application\r\n2026-03-02,4,2\r\n2026-03-09,0,1\r\n",
    );
    expect(
      screen.getAllByRole("figure").map((each) => within(each).getByRole("heading").textContent),
    ).toEqual([
      "Leads per week",
      "Answered within the promise",
      "Median time to first response",
      "Pipeline",
      "By campaign",
      "By referring site",
      "By opening",
      "Median days from application to fully verified",
    ]);
  });

  it("shows By opening with each opening's full title, its numbers and a guarded CSV", async () => {
    mockStaffApi({ ...signedInAs("recruiting"), reports: () => ADMIN_ANSWER });
    const blobs = captureDownloads();
    const user = userEvent.setup();
    renderStaff("/staff/reports?from=2026-03-02&to=2026-03-15");
    const figure = await screen.findByRole("figure", { name: "By opening" });
    expect(within(figure).getByRole("img")).toHaveAccessibleName(
      "By opening: 3 applications for 2 openings, 1 hired; the most came for Night Shift RN, Med-Surg (Albany Medical Center).",
    );
    await user.click(within(figure).getByRole("button", { name: "Show table" }));
    expect(
      within(within(figure).getByRole("table"))
        .getAllByRole("row")
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      [
        "Opening",
        "Applications",
        "Within promise",
        "Within promise (%)",
        "Median first response (min)",
        "Hired",
      ],
      ["Night Shift RN, Med-Surg (Albany Medical Center)", "2", "1", "50", "45", "1"],
      ['=HYPERLINK("https://evil.example")', "1", "0", "0", "–", "0"],
    ]);
    await user.click(within(figure).getByRole("button", { name: /Download CSV/ }));
    expect(await blobs[0]?.text()).toBe(
      [
        "Opening,Applications,Within promise,Within promise (%),Median first response (min),Hired",
        '"Night Shift RN, Med-Surg (Albany Medical Center)",2,1,50,45,1',
        '"\'=HYPERLINK(""https://evil.example"")",1,0,0,,0',
        "",
      ].join("\r\n"),
    );
  });

  it("leaves By opening out for a role that sees no applications", async () => {
    const sales: ReportsAnswer = {
      ...ADMIN_ANSWER,
      pipeline: { requests: ADMIN_ANSWER.pipeline.requests, applications: null },
      byOpening: null,
    };
    mockStaffApi({ ...signedInAs("sales"), reports: () => sales });
    renderStaff("/staff/reports");
    await screen.findByRole("figure", { name: "Pipeline" });
    expect(screen.queryByRole("figure", { name: "By opening" })).not.toBeInTheDocument();
  });

  it("draws a zero in the Pipeline as no bar, even when a kind's counts are all zero", async () => {
    const onlyAnApplication: ReportsAnswer = {
      ...ADMIN_ANSWER,
      pipeline: { requests: { New: 0 }, applications: { New: 1, Screening: 0 } },
    };
    mockStaffApi({ ...signedInAs("admin"), reports: () => onlyAnApplication });
    renderStaff("/staff/reports");
    const figure = await screen.findByRole("figure", { name: "Pipeline" });
    // The chart is drawn once the figure knows its width, after the figure itself is on the page.
    const widths = await waitFor(() => {
      const drawn = barWidths(figure);
      expect(drawn.Applications).toBeDefined();
      return drawn;
    });
    expect(widths.Requests).toHaveLength(5);
    expect(widths.Requests?.every((width) => width === 0)).toBe(true);
    const [arrived, ...rest] = widths.Applications ?? [];
    expect(arrived).toBeGreaterThan(0);
    expect(rest).toHaveLength(5);
    expect(rest.every((width) => width === 0)).toBe(true);
  });

  it("shows the median days from application to fully verified per week, with its table and CSV", async () => {
    mockStaffApi({ ...signedInAs("admin"), reports: () => ADMIN_ANSWER });
    const blobs = captureDownloads();
    const user = userEvent.setup();
    renderStaff("/staff/reports?from=2026-03-02&to=2026-03-15");
    const figure = await screen.findByRole("figure", {
      name: "Median days from application to fully verified",
    });
    await user.click(within(figure).getByRole("button", { name: "Show table" }));
    expect(
      within(within(figure).getByRole("table"))
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["Week ofFully verifiedMedian days", "2026-03-0236.5", "2026-03-090–"]);
    await user.click(within(figure).getByRole("button", { name: /Download CSV/ }));
    expect(await blobs[0]?.text()).toBe(
      "Week of,Fully verified,Median days\r\n2026-03-02,3,6.5\r\n2026-03-09,0,\r\n",
    );
  });

  it("leaves the figure out for a role that sees no applications", async () => {
    mockStaffApi({ ...signedInAs("sales"), reports: () => ({ ...ADMIN_ANSWER, verification: null }) });
    renderStaff("/staff/reports");
    await screen.findByRole("figure", { name: "By campaign" });
    expect(screen.queryByRole("figure", { name: /fully verified/ })).not.toBeInTheDocument();
  });

  it("guards the CSV against formulas a campaign name could carry", async () => {
    mockStaffApi({ ...signedInAs("admin"), reports: () => ADMIN_ANSWER });
    const blobs = captureDownloads();
    const user = userEvent.setup();
    renderStaff("/staff/reports?from=2026-03-02&to=2026-03-15");
    const figure = await screen.findByRole("figure", { name: "By campaign" });
    await user.click(within(figure).getByRole("button", { name: /Download CSV/ }));
    expect(await blobs[0]?.text()).toBe(
      'Campaign,Leads,Won or hired,Conversion (%)\r\n"\'=HYPERLINK(""https://evil.example"")",3,1,33\r\n(none),4,1,25\r\n',
    );
    // On the page it is text, as sent.
    await user.click(within(figure).getByRole("button", { name: "Show table" }));
    expect(
      within(figure).getByRole("cell", { name: '=HYPERLINK("https://evil.example")' }),
    ).toBeInTheDocument();
  });

  it("shows the last weeks without a range, and a recruiter only the applications' pipeline", async () => {
    const recruiting: ReportsAnswer = {
      ...ADMIN_ANSWER,
      weeks: ADMIN_ANSWER.weeks.map((each) => ({
        weekStart: each.weekStart,
        forms: { "nurse-application": each.forms["nurse-application"] as FormWeek },
      })),
      pipeline: { requests: null, applications: { New: 3, Screening: 1, Hired: 1 } },
    };
    const api = mockStaffApi({ ...signedInAs("recruiting"), reports: () => recruiting });
    const user = userEvent.setup();
    renderStaff("/staff/reports");
    const figure = await screen.findByRole("figure", { name: "Pipeline" });
    expect(api.callsTo("reports")[0]?.query.toString()).toBe("");
    expect(screen.getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");
    await user.click(within(figure).getByRole("button", { name: "Show table" }));
    const kinds = within(within(figure).getByRole("table")).getAllByRole("row").slice(1);
    expect(new Set(kinds.map((row) => row.firstElementChild?.textContent))).toEqual(
      new Set(["Applications"]),
    );
    expect(screen.queryByText(/ChartAssist/)).not.toBeInTheDocument();
  });

  it("checks the range with the contract before asking, and says what is wrong at the field", async () => {
    const api = mockStaffApi({ ...signedInAs("admin"), reports: () => ADMIN_ANSWER });
    renderStaff("/staff/reports?from=2026-03-15&to=2026-03-02");
    const to = await screen.findByLabelText("To");
    expect(to).toHaveAttribute("aria-invalid", "true");
    expect(to).toHaveAccessibleDescription("To must not be before from.");
    expect(api.callsTo("reports")).toHaveLength(0);
    expect(screen.queryByRole("figure")).not.toBeInTheDocument();
  });
});
