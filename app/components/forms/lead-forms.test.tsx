import { readFileSync } from "node:fs";
import path from "node:path";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeadFormId } from "../../../leads/catalog.ts";
import { LeadForm } from "./lead-form";

interface FormCase {
  id: LeadFormId;
  submit: string;
  /** Every control's label, in page order, as a person reads it (required ones end in "*"). */
  labels: string[];
  /** Label → value for every required text field. */
  required: Record<string, string>;
  fields: string[];
  to: string;
  subject: string;
  success: [string, string];
  failure: [string, string];
}

const demoSuccess: [string, string] = [
  "Demo Request Submitted",
  "Thank you for your interest. We'll contact you soon to schedule your demo.",
];
const demoFailure: [string, string] = [
  "Submission Failed",
  "There was an error submitting your demo request. Please try again.",
];
const requestFailure: [string, string] = [
  "Submission Failed",
  "There was an error submitting your request. Please try again.",
];

const cases: FormCase[] = [
  {
    id: "chartassist-demo",
    labels: ["Name*", "Work Email*", "Facility Name", "Phone", "Number of Beds"],
    submit: "Schedule Demo",
    required: { "Name*": "Dana Whitfield", "Work Email*": "dana@example.com" },
    fields: ["name", "email", "company", "phone", "beds"],
    to: "contact@example.com",
    subject: "New ChartAssist Demo Request",
    success: demoSuccess,
    failure: demoFailure,
  },
  {
    id: "careworks-demo",
    labels: ["Name*", "Work Email*", "Company", "Phone", "Message"],
    submit: "Schedule Demo",
    required: { "Name*": "Ravi Patel", "Work Email*": "ravi@example.com" },
    fields: ["name", "email", "company", "phone", "message"],
    to: "contact@example.com",
    subject: "New CareWorks Demo Request",
    success: demoSuccess,
    failure: demoFailure,
  },
  {
    id: "nurse-application",
    labels: [
      "First Name*",
      "Last Name*",
      "Email*",
      "Phone",
      "Credential",
      "Years of Experience",
      "Resume",
      "Message",
      "I consent to receiving communications about job opportunities*",
    ],
    submit: "Submit Application",
    required: { "First Name*": "Maria", "Last Name*": "Lopez", "Email*": "maria@example.com" },
    fields: ["firstName", "lastName", "email", "phone", "credential", "experience", "message", "consent"],
    to: "careers@example.com",
    subject: "New Online Nursing Application Submission",
    success: ["Application Submitted", "Thank you for your application. We will review it shortly."],
    failure: ["Submission Failed", "There was an error submitting your application. Please try again."],
  },
  {
    id: "staffing-request",
    labels: ["Facility Name", "Your Name*", "Email*", "Phone", "Nurse Type", "Date Needed"],
    submit: "Request Staff",
    required: { "Your Name*": "Tom Reyes", "Email*": "tom@example.com" },
    fields: ["facility", "name", "email", "phone", "nurse_type", "date"],
    to: "contact@example.com",
    subject: "New CareStaff Staffing Request",
    success: [
      "Staffing Request Submitted",
      "Thank you. Our staffing team will respond within 1 business hour.",
    ],
    failure: requestFailure,
  },
  {
    id: "payroll-info",
    labels: ["Name*", "Email*", "Phone", "Organization", "Message"],
    submit: "Request Info",
    required: { "Name*": "Lee Chen", "Email*": "lee@example.com" },
    fields: ["name", "email", "phone", "organization", "message"],
    to: "contact@example.com",
    subject: "New Pass-Through Payroll Info Request",
    success: ["Info Request Submitted", "Thank you. We will reply within 24 hours."],
    failure: requestFailure,
  },
];

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeAll(async () => {
  // The validator and Sonner load on demand; fetch them once up front so a slow first transform
  // under a busy test run cannot outlast findByRole's timeout.
  await Promise.all([import("../../../leads/forms.ts"), import("~/components/ui/sonner-toaster")]);
  // The no-JavaScript result messages are hidden by app/styles.css; load that rule so roles see what people see.
  const css = readFileSync(path.resolve(__dirname, "../../styles.css"), "utf8");
  const style = document.createElement("style");
  style.textContent = css.slice(css.indexOf("[data-lead-message] {"));
  document.head.append(style);
});

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 201 }));
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(async () => {
  // The toasts are mounted once, by the first notice, and outlive a test: dismiss its toasts and let them leave.
  toast.dismiss();
  await waitFor(() => expect(document.querySelector("[data-sonner-toast]")).toBeNull(), { timeout: 10_000 });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderForm(id: LeadFormId) {
  const user = userEvent.setup();
  const view = render(<LeadForm id={id} />);
  const form = view.container.querySelector("form") as HTMLFormElement;
  return { user, form };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
}

const sentBody = (call = 0) => fetchMock.mock.calls[call]?.[1]?.body as FormData;
const sentHeaders = (call = 0) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

describe.each(cases)("$id form", (c) => {
  it("labels its controls in the spec's words, in order", () => {
    const { form } = renderForm(c.id);
    const labels = [...form.querySelectorAll("label")]
      .filter((label) => label.control?.getAttribute("name") !== "_honey")
      .map((label) => label.textContent);
    expect(labels).toEqual(c.labels);
  });

  it("posts natively to the lead API without JavaScript", () => {
    const { form } = renderForm(c.id);
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", `/api/leads/${c.id}`);
    expect(form).toHaveAttribute("enctype", "multipart/form-data");
    expect(form.querySelector('input[type="hidden"][name="to"]')).toHaveValue(c.to);
    expect(form.querySelector('input[type="hidden"][name="subject"]')).toHaveValue(c.subject);
    for (const name of c.fields) expect(form.elements.namedItem(name), name).not.toBeNull();
    for (const label of Object.keys(c.required)) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByLabelText(/^(Work )?Email\*$/)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Phone")).toHaveAttribute("type", "tel");
  });

  it("refuses an empty submission with the missing-information notice and sends nothing", async () => {
    const { user } = renderForm(c.id);
    await user.click(screen.getByRole("button", { name: c.submit }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Missing Information");
    expect(alert).toHaveTextContent("Please fill out all required fields.");
    expect(fetchMock).not.toHaveBeenCalled();
    const first = screen.getByLabelText(Object.keys(c.required)[0] ?? "");
    expect(first).toHaveAttribute("aria-invalid", "true");
    expect(first).toHaveFocus();
    expect(first).toHaveAccessibleDescription(/is required/);
  });

  it("refuses a malformed email with a field error and sends nothing", async () => {
    const { user } = renderForm(c.id);
    await fillRequired(user, c.required);
    if (c.id === "nurse-application") await user.click(screen.getByRole("checkbox"));
    const email = screen.getByLabelText(/^(Work )?Email\*$/);
    await user.clear(email);
    await user.type(email, "not-an-email");
    await user.click(screen.getByRole("button", { name: c.submit }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Check Your Details");
    expect(email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
    expect(email).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends one multipart post, then clears the form and announces success", async () => {
    const { user, form } = renderForm(c.id);
    await fillRequired(user, c.required);
    if (c.id === "nurse-application") await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: c.submit }));

    const status = await screen.findByRole("status");
    expect(within(status).getByText(c.success[0])).toBeInTheDocument();
    expect(within(status).getByText(c.success[1])).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/leads/${c.id}`);
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(sentHeaders().get("accept")).toBe("application/json");
    expect(sentHeaders().get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(sentHeaders().has("content-type")).toBe(false);
    const body = sentBody();
    // jsdom's page (no landing noted in this test): the form page is the only source field.
    expect([...body.keys()]).toEqual([...c.fields, "to", "subject", "_honey", "source_page"]);
    expect(body.get("to")).toBe(c.to);
    expect(body.get("subject")).toBe(c.subject);
    for (const label of Object.keys(c.required)) expect(screen.getByLabelText(label)).toHaveValue("");
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ _honey: "" });
  });

  it("keeps the values and says so when the server refuses, with the same idempotency key on retry", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    fetchMock.mockResolvedValue(new Response(null, { status: 500 }));
    const { user } = renderForm(c.id);
    await fillRequired(user, c.required);
    if (c.id === "nurse-application") await user.click(screen.getByRole("checkbox"));
    const button = screen.getByRole("button", { name: c.submit });
    await user.click(button);

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(c.failure[0]);
    expect(alert).toHaveTextContent(c.failure[1]);
    expect(consoleError).toHaveBeenCalled();
    await waitFor(() => expect(button).toBeEnabled());
    for (const [label, value] of Object.entries(c.required))
      expect(screen.getByLabelText(label)).toHaveValue(value);

    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await user.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sentHeaders(1).get("idempotency-key")).toBe(sentHeaders(0).get("idempotency-key"));

    await waitFor(() => expect(button).toBeEnabled());
    await user.type(screen.getByLabelText(Object.keys(c.required)[0] ?? ""), "x");
    await user.click(button);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(sentHeaders(2).get("idempotency-key")).not.toBe(sentHeaders(0).get("idempotency-key"));
  });
});

describe("nurse application", () => {
  it("asks for consent and sends nothing without it", async () => {
    const { user } = renderForm("nurse-application");
    const consent = screen.getByLabelText("I consent to receiving communications about job opportunities*");
    expect(consent).toBeRequired();
    expect(consent).toHaveAttribute("value", "true");
    await fillRequired(user, cases[2]?.required ?? {});
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Consent Required");
    expect(alert).toHaveTextContent("Please provide consent to submit your application.");
    expect(consent).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers the credential and experience options and posts the chosen values", async () => {
    const { user } = renderForm("nurse-application");
    await fillRequired(user, cases[2]?.required ?? {});
    await user.selectOptions(screen.getByLabelText("Credential"), "NP");
    await user.selectOptions(screen.getByLabelText("Years of Experience"), "5+ years");
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    await screen.findByRole("status");
    expect(sentBody().get("credential")).toBe("NP");
    expect(sentBody().get("experience")).toBe("5+");
    expect(sentBody().get("consent")).toBe("true");
    expect(sentBody().has("resume")).toBe(false);
    expect(screen.getByLabelText("Credential")).toHaveValue("");
    expect(screen.getByRole("checkbox")).not.toBeChecked();
  });

  it("sends the resume as a file and clears it after success", async () => {
    const { user } = renderForm("nurse-application");
    const input = screen.getByLabelText("Resume") as HTMLInputElement;
    expect(input).toHaveAttribute("accept", ".pdf,.doc,.docx");
    expect(input).toHaveAccessibleDescription("PDF, DOC or DOCX, up to 10 MB");
    await fillRequired(user, cases[2]?.required ?? {});
    await user.click(screen.getByRole("checkbox"));
    await user.upload(input, new File(["%PDF-1.7 resume"], "maria-lopez.pdf", { type: "application/pdf" }));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    await screen.findByRole("status");
    const resume = sentBody().get("resume");
    expect(resume).toBeInstanceOf(File);
    expect((resume as File).name).toBe("maria-lopez.pdf");
    expect([...sentBody().keys()].at(-1)).toBe("resume");
    expect(input.files).toHaveLength(0);
  });

  it.each([
    ["a wrong type", new File(["MZ"], "resume.exe"), "Your resume must be a PDF, DOC or DOCX file."],
    [
      "more than 10 MB",
      new File([new Uint8Array(10 * 1024 * 1024 + 1)], "resume.pdf"),
      "Your resume must be 10 MB or smaller.",
    ],
  ])("refuses a resume of %s before sending", async (_case, file, message) => {
    const user = userEvent.setup({ applyAccept: false });
    render(<LeadForm id="nurse-application" />);
    await fillRequired(user, cases[2]?.required ?? {});
    await user.click(screen.getByRole("checkbox"));
    const input = screen.getByLabelText("Resume");
    await user.upload(input, file);
    expect(input).toHaveAccessibleDescription(new RegExp(message.replace(".", "\\.")));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Resume Not Accepted");
    expect(alert).toHaveTextContent(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("an application from an opening's page", () => {
  const opening = { id: "k7m2p9qx", title: "Night RN <b>Med-Surg</b>" };

  it("names the opening and carries its short id in the native post, the title as text", () => {
    const view = render(<LeadForm id="nurse-application" opening={opening} />);
    const form = view.container.querySelector("form") as HTMLFormElement;
    expect(screen.getByText("Night RN <b>Med-Surg</b>")).toBeInTheDocument();
    expect(screen.getByText(/^Applying for/)).toHaveTextContent("Applying for Night RN <b>Med-Surg</b>");
    expect(form.querySelector("b")).toBeNull();
    const hidden = form.elements.namedItem("opening");
    expect(hidden).toBeInstanceOf(HTMLInputElement);
    expect(hidden).toHaveAttribute("type", "hidden");
    expect(new FormData(form).get("opening")).toBe("k7m2p9qx");
  });

  it("sends the opening with JavaScript, and keeps it for the next application after success", async () => {
    const user = userEvent.setup();
    const view = render(<LeadForm id="nurse-application" opening={opening} />);
    const form = view.container.querySelector("form") as HTMLFormElement;
    await fillRequired(user, {
      "First Name*": "Maria",
      "Last Name*": "Lopez",
      "Email*": "maria@example.com",
    });
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    await screen.findByRole("status");
    expect(sentBody().getAll("opening")).toEqual(["k7m2p9qx"]);
    expect(new FormData(form).get("opening")).toBe("k7m2p9qx");
  });

  it("has no opening on the careers page: nothing named, nothing sent", async () => {
    const { user, form } = renderForm("nurse-application");
    expect(form.elements.namedItem("opening")).toBeNull();
    expect(screen.queryByText(/^Applying for/)).toBeNull();
    await fillRequired(user, {
      "First Name*": "Maria",
      "Last Name*": "Lopez",
      "Email*": "maria@example.com",
    });
    await user.click(screen.getByRole("checkbox"));
    await user.click(screen.getByRole("button", { name: "Submit Application" }));
    await screen.findByRole("status");
    expect(sentBody().has("opening")).toBe(false);
  });
});

describe("submitting state", () => {
  it("disables the button and reads Submitting... until the answer, and ignores a second click", async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderForm("chartassist-demo");
    await fillRequired(user, cases[0]?.required ?? {});
    await user.click(screen.getByRole("button", { name: "Schedule Demo" }));
    const busy = await screen.findByRole("button", { name: "Submitting..." });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response(null, { status: 201 }));
    expect(await screen.findByRole("button", { name: "Schedule Demo" })).toBeEnabled();
  });
});

describe("staffing request date", () => {
  it("offers the visitor's today as the earliest day and refuses an earlier one", async () => {
    const { user } = renderForm("staffing-request");
    const date = screen.getByLabelText("Date Needed");
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
    expect(date).toHaveAttribute("min", today);
    await fillRequired(user, cases[3]?.required ?? {});
    await user.type(date, "2020-01-01");
    await user.click(screen.getByRole("button", { name: "Request Staff" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Check Your Details");
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("after a native post", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it("announces ?lead=ok once as a toast and removes it from the address", async () => {
    window.history.replaceState(null, "", "/carestaff?lead=ok#contact");
    document.documentElement.setAttribute("data-lead", "ok");
    renderForm("staffing-request");
    expect(await screen.findByRole("status")).toHaveTextContent("Staffing Request Submitted");
    expect(window.location.search).toBe("");
    expect(window.location.hash).toBe("#contact");
    expect(document.documentElement).not.toHaveAttribute("data-lead");
  });

  it("announces ?lead=error as an alert", async () => {
    window.history.replaceState(null, "", "/carestaff/careers?lead=error");
    renderForm("nurse-application");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "There was an error submitting your application. Please try again.",
    );
  });
});
