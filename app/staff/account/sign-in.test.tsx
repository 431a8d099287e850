import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { auditEntry, listOf, rowOf, SAMPLE, STAFF } from "~/staff/test/fixtures";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";
import type { AuditPage } from "../../../staff/api.ts";
import { AUDIT_PAGE_SIZE } from "../../../staff/limits.ts";

const where = () => screen.getAllByTestId("location").at(-1)?.textContent;
const PASSWORD = "correct horse battery";
const CODE = "123456";
const wrong = () => refuse(401, "bad_credentials", "E-mail, password or code is wrong.");

async function fillSignIn(
  user: ReturnType<typeof userEvent.setup>,
  email: string,
  password: string,
  code: string,
) {
  for (const [label, value] of [
    ["E-mail", email],
    ["Password", password],
    ["Code from your authenticator app", code],
  ] as const) {
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("signing in", () => {
  it("sends a signed-out person to sign-in with the page to come back to, then back there", async () => {
    let signedIn = false;
    const audit: AuditPage = {
      entries: [auditEntry(1, "sign_in", STAFF.admin)],
      page: 1,
      pageSize: AUDIT_PAGE_SIZE,
      total: 1,
    };
    const api = mockStaffApi({
      me: () => (signedIn ? { user: STAFF.admin } : refuse(401, "unauthenticated", "Sign in to continue.")),
      signIn: ({ body }) => {
        const { password, code } = body as { password: string; code: string };
        if (password !== PASSWORD || code !== CODE) return wrong();
        signedIn = true;
        return { user: STAFF.admin };
      },
      audit: () => audit,
    });
    const user = userEvent.setup();
    renderStaff("/staff/audit?page=1");
    // The loading shell has the same heading: the form is there once the page's loader answered.
    expect(await screen.findByLabelText("E-mail")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(where()).toBe("/staff/sign-in?next=%2Fstaff%2Faudit%3Fpage%3D1");
    // The shell names the page in an effect, after the page is on screen.
    await waitFor(() => expect(document.title).toBe("Sign in · Staff"));

    await fillSignIn(user, "admin@example.com", "not the password", CODE);
    expect(await screen.findByRole("alert")).toHaveTextContent("E-mail, password or code is wrong.");

    await fillSignIn(user, "admin@example.com", PASSWORD, "123 456");
    expect(await screen.findByRole("heading", { level: 1, name: "Audit log" })).toBeInTheDocument();
    expect(where()).toBe("/staff/audit?page=1");
    await waitFor(() => expect(document.title).toBe("Audit log · Staff"));
    expect(screen.getByTestId("staff-email")).toHaveTextContent("admin@example.com");
    expect(screen.getByText("Admin")).toBeInTheDocument();
    // The request the contract describes: the code without its space, nothing else.
    expect(api.callsTo("signIn").at(-1)?.body).toEqual({
      email: "admin@example.com",
      password: PASSWORD,
      code: CODE,
    });
  });

  it("names the lockout and how long to wait when rate limited", async () => {
    const replies = [
      ...Array.from({ length: 5 }, wrong),
      refuse(423, "locked", "Too many wrong attempts: this account is locked for 15 minutes."),
      refuse(429, "rate_limited", "Too many sign-in attempts from here. Try again later.", {
        "Retry-After": "60",
      }),
      refuse(429, "rate_limited", "Too many sign-in attempts from here. Try again later.", {
        "Retry-After": "300",
      }),
    ];
    mockStaffApi({
      me: () => refuse(401, "unauthenticated", "Sign in to continue."),
      signIn: () => replies.shift() ?? wrong(),
    });
    const user = userEvent.setup();
    renderStaff("/staff/sign-in");
    await screen.findByLabelText("E-mail");
    for (let i = 0; i < 5; i += 1) {
      await fillSignIn(user, "rita@example.com", "wrong password", "000000");
      await screen.findByText("E-mail, password or code is wrong.");
    }
    await fillSignIn(user, "rita@example.com", "wrong password", "000000");
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Too many wrong attempts: this account is locked for 15 minutes. Ask an admin if you need in sooner.",
      ),
    );
    await fillSignIn(user, "busy@example.com", "wrong password", "000000");
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Wait 60 seconds before trying again."),
    );
    await fillSignIn(user, "busy@example.com", "wrong password", "000000");
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Wait 5 minutes before trying again."),
    );
    expect(screen.getByLabelText("E-mail")).toHaveValue("busy@example.com");
  });

  it("signs out on the server and goes to sign-in", async () => {
    let signedIn = false;
    const api = mockStaffApi({
      me: () => (signedIn ? { user: STAFF.sales } : refuse(401, "unauthenticated", "Sign in to continue.")),
      signIn: () => {
        signedIn = true;
        return { user: STAFF.sales };
      },
      signOut: () => {
        signedIn = false;
        return undefined;
      },
      leads: () => listOf([rowOf(SAMPLE.leo)]),
    });
    const user = userEvent.setup();
    renderStaff("/staff/sign-in?next=%2Fstaff");
    await screen.findByLabelText("E-mail");
    await fillSignIn(user, "sam@example.com", PASSWORD, CODE);
    await screen.findByRole("heading", { level: 1, name: "Inbox" });
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in" })).toBeInTheDocument();
    expect(where()).toBe("/staff/sign-in");
    expect(api.callsTo("signOut")).toHaveLength(1);
  });
});
