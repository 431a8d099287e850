import { expect, type Locator, type Page } from "@playwright/test";
import { readSiteConfig } from "../../config/site.ts";

// The five lead forms as a visitor fills them (valid values for every field, the notices the spec quotes), and
// the steps to open, fill and read them: shared by forms.spec.ts (the browser's side, answers stubbed) and
// intake.spec.ts (the real server and store).

/** The mailboxes the build read (the test run shares its environment). */
const site = readSiteConfig(process.env);

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
const inThirtyDays = isoDay(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));

export type Entry =
  | { label: string; name: string; value: string; kind?: "text" }
  | { label: string; name: string; value: string; kind: "select"; option: string }
  | { label: string; name: string; value: "true"; kind: "check" };

export interface FormCase {
  id: string;
  path: string;
  anchor: string;
  submit: string;
  to: string;
  subject: string;
  /** Every field, in schema order, with a valid value; `required` ones first in `requiredLabels`. */
  entries: Entry[];
  requiredLabels: string[];
  emailLabel: string;
  success: { title: string; text: string };
  failure: { title: string; text: string };
}

const demoSuccess = {
  title: "Demo Request Submitted",
  text: "Thank you for your interest. We'll contact you soon to schedule your demo.",
};
const demoFailure = {
  title: "Submission Failed",
  text: "There was an error submitting your demo request. Please try again.",
};
const requestFailure = {
  title: "Submission Failed",
  text: "There was an error submitting your request. Please try again.",
};

export const forms: FormCase[] = [
  {
    id: "chartassist-demo",
    path: "/chart-assist",
    anchor: "demo",
    submit: "Schedule Demo",
    to: site.email.contact,
    subject: "New ChartAssist Demo Request",
    entries: [
      { label: "Name*", name: "name", value: "Dana Whitfield" },
      { label: "Work Email*", name: "email", value: "dana@sunrise-snf.example" },
      { label: "Facility Name", name: "company", value: "Sunrise SNF" },
      { label: "Phone", name: "phone", value: "(555) 010-0199" },
      { label: "Number of Beds", name: "beds", value: "120" },
    ],
    requiredLabels: ["Name*", "Work Email*"],
    emailLabel: "Work Email*",
    success: demoSuccess,
    failure: demoFailure,
  },
  {
    id: "careworks-demo",
    path: "/health-admin",
    anchor: "contact",
    submit: "Schedule Demo",
    to: site.email.contact,
    subject: "New CareWorks Demo Request",
    entries: [
      { label: "Name*", name: "name", value: "Ravi Patel" },
      { label: "Work Email*", name: "email", value: "ravi@patel-billing.example" },
      { label: "Company", name: "company", value: "Patel Billing" },
      { label: "Phone", name: "phone", value: "+1 555 010 0123" },
      { label: "Message", name: "message", value: "Two people for prior authorizations.\nNights preferred." },
    ],
    requiredLabels: ["Name*", "Work Email*"],
    emailLabel: "Work Email*",
    success: demoSuccess,
    failure: demoFailure,
  },
  {
    id: "nurse-application",
    path: "/carestaff/careers",
    anchor: "application-form",
    submit: "Submit Application",
    to: site.email.recruiting,
    subject: "New Online Nursing Application Submission",
    entries: [
      { label: "First Name*", name: "firstName", value: "Maria" },
      { label: "Last Name*", name: "lastName", value: "Lopez" },
      { label: "Email*", name: "email", value: "maria.lopez@example.com" },
      { label: "Phone", name: "phone", value: "555-010-0177" },
      { label: "Credential", name: "credential", value: "NP", kind: "select", option: "NP" },
      { label: "Years of Experience", name: "experience", value: "5+", kind: "select", option: "5+ years" },
      { label: "Message", name: "message", value: "Available for night shifts." },
      {
        label: "I consent to receiving communications about job opportunities*",
        name: "consent",
        value: "true",
        kind: "check",
      },
    ],
    requiredLabels: ["First Name*", "Last Name*", "Email*"],
    emailLabel: "Email*",
    success: {
      title: "Application Submitted",
      text: "Thank you for your application. We will review it shortly.",
    },
    failure: {
      title: "Submission Failed",
      text: "There was an error submitting your application. Please try again.",
    },
  },
  {
    id: "staffing-request",
    path: "/carestaff",
    anchor: "contact",
    submit: "Request Staff",
    to: site.email.contact,
    subject: "New CareStaff Staffing Request",
    entries: [
      { label: "Facility Name", name: "facility", value: "Maple Grove Care Center" },
      { label: "Your Name*", name: "name", value: "Tom Reyes" },
      { label: "Email*", name: "email", value: "tom@maplegrove.example" },
      { label: "Phone", name: "phone", value: "555.010.0155" },
      {
        label: "Nurse Type",
        name: "nurse_type",
        value: "LPN - Licensed Practical Nurse",
        kind: "select",
        option: "LPN - Licensed Practical Nurse",
      },
      { label: "Date Needed", name: "date", value: inThirtyDays },
    ],
    requiredLabels: ["Your Name*", "Email*"],
    emailLabel: "Email*",
    success: {
      title: "Staffing Request Submitted",
      text: "Thank you. Our staffing team will respond within 1 business hour.",
    },
    failure: requestFailure,
  },
  {
    id: "payroll-info",
    path: "/carestaff/pass-through-payroll",
    anchor: "request-info",
    submit: "Request Info",
    to: site.email.contact,
    subject: "New Pass-Through Payroll Info Request",
    entries: [
      { label: "Name*", name: "name", value: "Lee Chen" },
      { label: "Email*", name: "email", value: "lee@chen-clinic.example" },
      { label: "Phone", name: "phone", value: "(555) 010-0111" },
      { label: "Organization", name: "organization", value: "Chen Family Clinic" },
      { label: "Message", name: "message", value: "Three per-diem nurses from next month." },
    ],
    requiredLabels: ["Name*", "Email*"],
    emailLabel: "Email*",
    success: { title: "Info Request Submitted", text: "Thank you. We will reply within 24 hours." },
    failure: requestFailure,
  },
];

export const application = forms.find((form) => form.id === "nurse-application") as FormCase;

// ---------------------------------------------------------------------------------------------------------------
// helpers

export const formOf = (page: Page, c: FormCase) => page.locator(`form[data-form="${c.id}"]`);
export const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

/** Opens the page at the form and waits until the form's script has taken over (it then sets novalidate). */
export async function openForm(page: Page, c: FormCase) {
  await page.goto(`${c.path}#${c.anchor}`);
  const form = formOf(page, c);
  await expect(form).toHaveAttribute("novalidate", "");
  return form;
}

export async function fill(form: Locator, entries: Entry[]) {
  for (const entry of entries) {
    const control = field(form, entry.label);
    if (entry.kind === "select") await control.selectOption({ label: entry.option });
    else if (entry.kind === "check") await control.check();
    else await control.fill(entry.value);
  }
}

export const requiredEntries = (c: FormCase) =>
  c.entries.filter((entry) => c.requiredLabels.includes(entry.label) || entry.kind === "check");

/** A toast, by its role and title; its title and text must match exactly. */
export async function expectToast(
  page: Page,
  role: "status" | "alert",
  notice: { title: string; text: string },
) {
  const toast = page.locator("[data-sonner-toaster]").getByRole(role).filter({ hasText: notice.title });
  await expect(toast).toBeVisible();
  await expect(toast.locator('[data-slot="toast-title"]')).toHaveText(notice.title);
  await expect(toast.locator('[data-slot="toast-description"]')).toHaveText(notice.text);
  return toast;
}
