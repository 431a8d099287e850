import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { leadId, pageOf, SAMPLE, signedInAs } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import type { CredentialFile, CredentialItemEntry } from "../../../staff/credentials-api.ts";

const { marisol, dana } = SAMPLE;
const SENT = "2026-11-20T15:00:00.000Z";
const UNTIL = "2026-12-20T15:00:00.000Z";

const submission = (id: string, fields: { name: string; label: string; value: string }[]) => ({
  id,
  submittedAt: SENT,
  fields,
  file: { type: "pdf" as const, size: 2048 },
  decision: null,
  reason: null,
  decidedAt: null,
});

const LICENSE: CredentialItemEntry = {
  id: "item-license",
  name: "RN license",
  document: "required",
  status: "submitted",
  reason: null,
  validThrough: "2027-03-31",
  history: [submission("sub-license", [{ name: "number", label: "License number", value: "RN123456" }])],
};
const BLS: CredentialItemEntry = {
  id: "item-bls",
  name: "BLS or CPR card",
  document: "required",
  status: "submitted",
  reason: null,
  validThrough: "2027-01-31",
  history: [submission("sub-bls", [{ name: "expiresOn", label: "Expiry date", value: "2027-01-31" }])],
};
const PHOTO: CredentialItemEntry = {
  id: "item-photo",
  name: "Photo ID",
  document: "required",
  status: "missing",
  reason: null,
  validThrough: null,
  history: [],
};

const NO_LINK: CredentialFile = {
  appliedAs: "LPN",
  link: { state: "none", credential: null, sentAt: null, expiresAt: null, revokedAt: null },
  items: [],
  progress: { done: 0, total: 0 },
};
const sent = (items: CredentialItemEntry[], state: "active" | "revoked" = "active"): CredentialFile => ({
  appliedAs: "LPN",
  link: {
    state,
    credential: "LPN",
    sentAt: SENT,
    expiresAt: UNTIL,
    revokedAt: state === "revoked" ? SENT : null,
  },
  items,
  progress: {
    done: items.filter((item) => ["submitted", "verified"].includes(item.status)).length,
    total: items.length,
  },
});

const page = { markSeen: () => undefined, lead: () => pageOf(marisol), people: () => ({ people: [] }) };
const section = () => screen.findByRole("region", { name: "Credential file" });

describe("the credential file on an application's page", () => {
  it("requests documents for the credential chosen, then offers to renew and revoke the link", async () => {
    const api = mockStaffApi({
      ...signedInAs("recruiting"),
      ...page,
      credentialFile: () => NO_LINK,
      requestDocuments: () => sent([PHOTO]),
      revokeLink: () => sent([PHOTO], "revoked"),
    });
    renderStaff(`/staff/leads/${leadId(marisol.n)}`);
    const file = await section();
    expect(await within(file).findByText("No documents requested yet.")).toBeInTheDocument();
    const checklist = within(file).getByRole("combobox", { name: "Checklist" });
    expect(checklist).toHaveValue("LPN");
    expect(within(file).queryByRole("button", { name: "Renew link" })).not.toBeInTheDocument();
    await userEvent.selectOptions(checklist, "Registered Nurse (RN)");
    await userEvent.click(within(file).getByRole("button", { name: "Request documents" }));
    expect(await within(file).findByText(/^Link sent .*; it works until /)).toBeInTheDocument();
    expect(api.callsTo("requestDocuments").map((call) => call.body)).toEqual([{ credential: "RN" }]);
    expect(within(file).getByText("0 of 1 done")).toBeInTheDocument();
    expect(within(file).getByRole("listitem", { name: "Photo ID" })).toHaveTextContent("Missing");
    expect(
      await screen.findByText("Documents requested: the nurse was e-mailed her link."),
    ).toBeInTheDocument();

    await userEvent.click(within(file).getByRole("button", { name: "Revoke link" }));
    expect(await within(file).findByText(/^Link revoked .* Renew it/)).toBeInTheDocument();
    expect(within(file).getByRole("button", { name: "Renew link" })).toBeInTheDocument();
    expect(within(file).queryByRole("button", { name: "Revoke link" })).not.toBeInTheDocument();
  });

  it("shows each item's fields and file, verifies one and rejects another with a reason", async () => {
    const api = mockStaffApi({
      ...signedInAs("admin"),
      ...page,
      credentialFile: () => sent([LICENSE, BLS]),
      verifyItem: () =>
        sent([
          {
            ...LICENSE,
            status: "verified",
            history: [{ ...submission("sub-license", []), decision: "verified" }],
          },
          BLS,
        ]),
      rejectItem: (call) =>
        (call.body as { reason: string }).reason.length > 3
          ? sent([LICENSE, { ...BLS, status: "rejected", reason: "The photo is blurred", history: [] }])
          : refuse(422, "bad_documents", "Give a longer reason."),
    });
    renderStaff(`/staff/leads/${leadId(marisol.n)}`);
    const file = await section();
    const license = await within(file).findByRole("listitem", { name: "RN license" });
    expect(within(license).getByText("Submitted")).toBeInTheDocument();
    expect(within(license).getByText("RN123456")).toBeInTheDocument();
    expect(within(license).getByRole("link", { name: "View RN license" })).toHaveAttribute(
      "href",
      `/api/staff/leads/${leadId(marisol.n)}/credentials/submissions/sub-license`,
    );
    expect(within(license).getByRole("link", { name: "Download RN license" })).toHaveAttribute(
      "href",
      `/api/staff/leads/${leadId(marisol.n)}/credentials/submissions/sub-license?download=1`,
    );
    await userEvent.click(within(license).getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(within(license).getByText("Verified")).toBeInTheDocument());
    expect(within(license).queryByRole("button", { name: "Verify" })).not.toBeInTheDocument();
    expect(api.callsTo("verifyItem").map((call) => call.body)).toEqual([{ submissionId: "sub-license" }]);

    const bls = within(file).getByRole("listitem", { name: "BLS or CPR card" });
    await userEvent.click(within(bls).getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject BLS or CPR card" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Give the reason the nurse will read.")).toBeInTheDocument();
    expect(api.callsTo("rejectItem")).toEqual([]);
    const reason = within(dialog).getByRole("textbox", { name: /^Reason/ });
    await userEvent.type(reason, "No");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText("Give a longer reason.")).toBeInTheDocument();
    await userEvent.clear(reason);
    await userEvent.type(reason, "The photo is blurred");
    await userEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.callsTo("rejectItem").at(-1)?.body).toEqual({
      submissionId: "sub-bls",
      reason: "The photo is blurred",
    });
    const rejected = within(file).getByRole("listitem", { name: "BLS or CPR card" });
    expect(within(rejected).getByText("Rejected")).toBeInTheDocument();
    expect(within(rejected).getByText("The photo is blurred")).toBeInTheDocument();
  });

  it("says the feature is off, and why, when the server has no key", async () => {
    mockStaffApi({
      ...signedInAs("recruiting"),
      ...page,
      credentialFile: () =>
        refuse(409, "documents_off", "Credential files are off: the server has no DOCUMENTS_KEY."),
    });
    renderStaff(`/staff/leads/${leadId(marisol.n)}`);
    const file = await section();
    expect(
      await within(file).findByText("Credential files are off: the server has no DOCUMENTS_KEY."),
    ).toBeInTheDocument();
    expect(within(file).queryByRole("button")).not.toBeInTheDocument();
  });

  it("is not on a request's page, even for an admin", async () => {
    const api = mockStaffApi({
      ...signedInAs("admin"),
      markSeen: () => undefined,
      lead: () => pageOf(dana),
      people: () => ({ people: [] }),
    });
    renderStaff(`/staff/leads/${leadId(dana.n)}`);
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Credential file" })).not.toBeInTheDocument();
    expect(api.callsTo("credentialFile")).toEqual([]);
  });
});
