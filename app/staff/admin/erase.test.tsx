import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { detailOf, leadId, SAMPLE, signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";

describe("erasing a person", () => {
  it("erases after showing what will go, and only after the confirmation", async () => {
    const marisol = detailOf(SAMPLE.marisol);
    const api = mockStaffApi({
      ...signedInAs("admin"),
      erasePreview: ({ body }) => ({
        email: (body as { email: string }).email,
        leads: [{ id: marisol.id, formLabel: marisol.formLabel, createdAt: marisol.createdAt }],
        files: 1,
        notes: 0,
      }),
      erase: () => ({ erased: { leads: 1, files: 1, notes: 0 } }),
    });
    const user = userEvent.setup();
    renderStaff("/staff/erase");
    await user.type(await screen.findByLabelText("E-mail address"), " marisol.vega@example.com ");
    await user.click(screen.getByRole("button", { name: "Show what will be erased" }));
    expect(
      await screen.findByRole("heading", { name: "This will erase, for marisol.vega@example.com:" }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Lead ${leadId(2)}: Nurse application`, { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/1 lead, 1 file and 0 notes/)).toBeInTheDocument();
    expect(api.callsTo("erase")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Erase 1 lead for good" }));
    expect(await screen.findByText(/Erased 1 lead, 1 file and 0 notes/)).toBeInTheDocument();
    expect(api.callsTo("erase").map((call) => call.body)).toEqual([{ email: "marisol.vega@example.com" }]);
  });

  it("shows the API's refusal beside the address", async () => {
    mockStaffApi({
      ...signedInAs("admin"),
      erasePreview: () => refuse(400, "malformed", "Give the person's e-mail address."),
    });
    const user = userEvent.setup();
    renderStaff("/staff/erase");
    await user.type(await screen.findByLabelText("E-mail address"), "someone@example.com");
    await user.click(screen.getByRole("button", { name: "Show what will be erased" }));
    expect(await screen.findByText("Give the person's e-mail address.")).toBeInTheDocument();
    expect(screen.getByLabelText("E-mail address")).toHaveAccessibleDescription(
      "Give the person's e-mail address.",
    );
    expect(screen.getByLabelText("E-mail address")).toHaveValue("someone@example.com");
  });

  it("keeps erasure from other roles", async () => {
    mockStaffApi(signedInAs("sales"));
    renderStaff("/staff/erase");
    expect(await screen.findByRole("heading", { name: "Not found" })).toBeInTheDocument();
    expect(screen.queryByLabelText("E-mail address")).not.toBeInTheDocument();
  });
});
