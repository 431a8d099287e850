import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockStaffApi, refuse } from "~/staff/test/mock-staff-api";
import { renderStaff } from "~/staff/test/render-staff";

const TOKEN = "setup-token-ok";
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const linkInvalid = () => refuse(410, "setup_link_invalid", "This set-up link is unknown, used or expired.");

describe("set-up", () => {
  it("refuses an invalid link with the API's words", async () => {
    const api = mockStaffApi({ setup: linkInvalid });
    renderStaff("/staff/setup?token=used");
    expect(
      await screen.findByRole("heading", { name: "This set-up link does not work" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This set-up link is unknown, used or expired.");
    expect(api.callsTo("setup")[0]?.query.get("token")).toBe("used");
  });

  it("says so without asking the API when the link has no token", async () => {
    const api = mockStaffApi({});
    renderStaff("/staff/setup");
    expect(
      await screen.findByRole("heading", { name: "This set-up link does not work" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This page needs the set-up link an admin sent you.");
    expect(api.calls).toEqual([]);
  });

  it("shows the password rule, then the QR code and key, then takes a first code", async () => {
    const api = mockStaffApi({
      setup: ({ query }) =>
        query.get("token") === TOKEN ? { email: "new.person@example.com" } : linkInvalid(),
      setupPassword: ({ body }) =>
        (body as { password: string }).password === "password1234"
          ? refuse(422, "weak_password", "This is one of the most common passwords. Choose one that is not.")
          : {
              secret: SECRET,
              totpUri: `otpauth://totp/Staff%20inbox:new.person%40example.com?secret=${SECRET}&issuer=Staff%20inbox&digits=6&period=30`,
            },
      setupConfirm: ({ body }) =>
        (body as { code: string }).code === "123456"
          ? undefined
          : refuse(422, "bad_code", "That code is not right. Enter the current code from your app."),
    });
    const user = userEvent.setup();
    renderStaff(`/staff/setup?token=${TOKEN}`);
    const password = await screen.findByLabelText("New password");
    expect(screen.getByText("Choose a password for new.person@example.com.")).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(/At least 12 characters/);
    expect(password).toHaveAttribute("minlength", "12");
    await user.type(password, "password1234");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This is one of the most common passwords. Choose one that is not.",
    );

    await user.clear(password);
    await user.type(password, "a calm clinical inbox");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    const qr = await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.tagName.toLowerCase()).toBe("svg");
    expect(qr.querySelectorAll("path").length).toBeGreaterThan(0);
    expect(screen.getByText("Can't scan? Enter this key")).toBeInTheDocument();
    expect(screen.getByTestId("totp-key")).toHaveTextContent("JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP");
    expect(api.callsTo("setupPassword").at(-1)?.body).toEqual({
      token: TOKEN,
      password: "a calm clinical inbox",
    });

    await user.type(screen.getByLabelText("Code from your authenticator app"), "000000");
    await user.click(screen.getByRole("button", { name: "Confirm and finish" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right.");
    await user.clear(screen.getByLabelText("Code from your authenticator app"));
    await user.type(screen.getByLabelText("Code from your authenticator app"), "123 456");
    await user.click(screen.getByRole("button", { name: "Confirm and finish" }));
    expect(await screen.findByRole("heading", { name: "Your account is ready" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/staff/sign-in");
    expect(api.callsTo("setupConfirm").at(-1)?.body).toEqual({ token: TOKEN, code: "123456" });
  });
});
