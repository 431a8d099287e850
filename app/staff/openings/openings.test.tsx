import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import { OPENING_STATUSES, type OpeningStatus } from "../../../staff/openings.ts";
import type { Opening } from "../../../staff/openings-api.ts";
import { GOOD_OPENING } from "../../../test-support/openings.ts";

const ID = "0199b2c4-1e00-7000-8000-0000000000aa";

const openingOf = (change: Partial<Opening> = {}): Opening => ({
  ...(GOOD_OPENING as Omit<Opening, "id">),
  id: ID,
  shortId: "k7m2q9xp",
  slug: "night-shift-rn-med-surg",
  status: "draft",
  publishedAt: null,
  createdAt: "2026-11-20T14:00:00.000Z",
  updatedAt: "2026-11-20T14:00:00.000Z",
  ...change,
});

const LABELS = [
  "Title",
  "Credential",
  "Specialty",
  "Setting",
  "City",
  "State",
  "Postal code",
  "Employment type",
  "Shift",
  "Pay from",
  "Pay to",
  "Start date",
  "Description",
  "Valid through",
] as const;

const staffNav = () => within(screen.getByRole("navigation", { name: "Staff" }));
/** The refusal shown under a field: the text its control is described by. */
const refusalAt = (label: string) => {
  const control = screen.getByLabelText(label, { exact: true });
  expect(control).toHaveAttribute("aria-invalid", "true");
  return document.getElementById(`${control.id}-error`)?.textContent;
};

describe("the Openings page", () => {
  it("lists each opening with its place, pay, valid-through and its applications' counts", async () => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      openings: () => ({
        openings: [
          openingOf({ status: "published", validThrough: "2027-01-31" }),
          openingOf({ id: "o-2", title: "Day CNA", credential: "CNA", city: "Troy", validThrough: null }),
        ],
        counts: {
          [ID]: { applications: 7, answeredInTime: 5, hired: 2 },
          "o-2": { applications: 0, answeredInTime: 0, hired: 0 },
        },
      }),
    });
    renderStaff("/staff/openings");
    await screen.findByRole("heading", { level: 1, name: "Openings" });
    expect(staffNav().getByRole("link", { name: "Openings" })).toHaveAttribute("aria-current", "page");
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent))).toEqual([
      [
        "Night Shift RN, Med-SurgRN · Med-Surg",
        "Published",
        "Albany, NY",
        "$48.50–$62.00 an hour",
        "Jan 31, 2027",
        "7",
        "5",
        "2",
      ],
      [
        "Day CNACNA · Med-Surg",
        "Draft",
        "Troy, NY",
        "$48.50–$62.00 an hour",
        "60 days after publishing",
        "0",
        "0",
        "0",
      ],
    ]);
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: GOOD_OPENING.title })).toHaveAttribute(
      "href",
      `/staff/openings/${ID}`,
    );
  });

  it("is not part of the sales role's work: no link, and the staff app's not-found page", async () => {
    mockStaffApi({
      ...signedInAs("sales"),
      openings: () => refuse(404, "not_found", "No such API endpoint."),
    });
    renderStaff("/staff/openings");
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
    expect(staffNav().queryByRole("link", { name: "Openings" })).not.toBeInTheDocument();
    expect(staffNav().getByRole("link", { name: "Inbox" })).toBeInTheDocument();
  });
});

describe("the New opening form", () => {
  const openForm = async () => {
    const user = userEvent.setup({ delay: null });
    renderStaff("/staff/openings");
    await user.click(await screen.findByRole("button", { name: "New opening" }));
    const dialog = await screen.findByRole("dialog", { name: "New opening" });
    return { user, dialog };
  };

  const fill = async (user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      const control = screen.getByLabelText(label, { exact: true });
      if (control.tagName === "SELECT") await user.selectOptions(control, value);
      else {
        await user.clear(control);
        if (value) await user.type(control, value);
      }
    }
  };

  const GOOD_VALUES = {
    Title: "Night Shift RN",
    Credential: "RN",
    Specialty: "Med-Surg",
    Setting: "hospital",
    City: "Albany",
    State: "NY",
    "Postal code": "12207",
    "Employment type": "per-diem",
    Shift: "nights",
    "Pay from": "48.5",
    "Pay to": "62",
    "Start date": "2027-01-04",
    Description: "Twelve-hour nights.",
  };

  it("labels every field with its name and refuses what the contract refuses, at its field, before sending", async () => {
    const api = mockStaffApi({
      ...signedInAs("recruiting"),
      openings: () => ({ openings: [], counts: {} }),
    });
    const { user, dialog } = await openForm();
    for (const label of LABELS)
      expect(within(dialog).getByLabelText(label, { exact: true })).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(refusalAt("Title")).toBe("Title is required.");
    expect(refusalAt("Credential")).toBe("Credential must be one of: RN, LPN, CNA, NP.");
    expect(refusalAt("State")).toBe("State must be a two-letter US state code, such as NY.");
    expect(refusalAt("Postal code")).toBe("Postal code must be a US ZIP code: 12207 or 12207-1234.");
    expect(refusalAt("Pay from")).toBe("Pay from is required, in USD per hour.");
    expect(refusalAt("Start date")).toBe("Start date must be a date (YYYY-MM-DD).");
    expect(refusalAt("Description")).toBe("Description is required.");
    expect(screen.getByLabelText("Valid through", { exact: true })).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Title", { exact: true })).toHaveFocus();

    await fill(user, { ...GOOD_VALUES, "Pay from": "70", "Pay to": "62" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(refusalAt("Pay to")).toBe("Pay to must be at least Pay from.");
    expect(screen.getByLabelText("Title", { exact: true })).not.toHaveAttribute("aria-invalid");
    expect(api.callsTo("createOpening")).toEqual([]);
  });

  it("saves a draft and opens its page; the server's refusal shows at the field it names", async () => {
    let refused = false;
    const api = mockStaffApi({
      ...signedInAs("recruiting"),
      openings: () => ({ openings: [], counts: {} }),
      createOpening: () => {
        if (!refused) {
          refused = true;
          return refuse(422, "bad_opening", "Valid through must be today or a later day.");
        }
        return { opening: openingOf() };
      },
      opening: () => ({ opening: openingOf() }),
    });
    const { user, dialog } = await openForm();
    await fill(user, { ...GOOD_VALUES, "Valid through": "2020-01-01" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(refusalAt("Valid through")).toBe("Valid through must be today or a later day."),
    );
    await fill(user, { "Valid through": "" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Night Shift RN, Med-Surg" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent(`/staff/openings/${ID}`);
    expect(api.callsTo("createOpening")[1]?.body).toEqual({
      title: "Night Shift RN",
      credential: "RN",
      specialty: "Med-Surg",
      setting: "hospital",
      city: "Albany",
      state: "NY",
      postalCode: "12207",
      employmentType: "per-diem",
      shift: "nights",
      payFrom: 48.5,
      payTo: 62,
      startDate: "2027-01-04",
      description: "Twelve-hour nights.",
      validThrough: null,
    });
  });
});

describe("an opening's page", () => {
  const BUTTONS = ["Publish", "Pause", "Reopen", "Close opening"];
  const SHOWN: Record<OpeningStatus, string[]> = {
    draft: ["Publish", "Close opening"],
    published: ["Pause", "Close opening"],
    paused: ["Reopen", "Close opening"],
    closed: ["Reopen"],
    expired: ["Reopen", "Close opening"],
  };

  it.each(OPENING_STATUSES)("offers the status changes a %s opening allows", async (status) => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      opening: () => ({ opening: openingOf({ status }) }),
      openings: () => ({ openings: [openingOf({ status })], counts: {} }),
    });
    renderStaff(`/staff/openings/${ID}`);
    await screen.findByRole("heading", { level: 1, name: GOOD_OPENING.title });
    const shown = BUTTONS.filter((name) => screen.queryByRole("button", { name }));
    expect(shown).toEqual(SHOWN[status]);
  });

  it("changes the status at once, shows the public address and links to its applications in the inbox", async () => {
    let status: OpeningStatus = "draft";
    const api = mockStaffApi({
      ...signedInAs("admin"),
      opening: () => ({ opening: openingOf({ status }) }),
      openings: () => ({
        openings: [openingOf({ status })],
        counts: { [ID]: { applications: 3, answeredInTime: 2, hired: 1 } },
      }),
      publishOpening: () => {
        status = "published";
        return { opening: openingOf({ status }) };
      },
    });
    const user = userEvent.setup();
    renderStaff(`/staff/openings/${ID}`);
    await user.click(await screen.findByRole("button", { name: "Publish" }));
    expect(await screen.findByRole("button", { name: "Pause" })).toBeInTheDocument();
    expect(api.callsTo("publishOpening").map((call) => call.openingId)).toEqual([ID]);
    expect(screen.getByRole("link", { name: /night-shift-rn-med-surg-k7m2q9xp/ })).toHaveAttribute(
      "href",
      "/carestaff/careers/jobs/night-shift-rn-med-surg-k7m2q9xp",
    );
    expect(screen.getByRole("link", { name: "Its applications in the inbox" })).toHaveAttribute(
      "href",
      `/staff?opening=${ID}`,
    );
    const applications = within(screen.getByRole("region", { name: "Applications" }));
    expect(applications.getAllByRole("definition").map((value) => value.textContent)).toEqual([
      "3",
      "2",
      "1",
    ]);
  });
});
