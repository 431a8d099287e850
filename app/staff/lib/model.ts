import type { LeadFormId } from "../../../leads/catalog.ts";
import { APPLICATION_STATUSES, REQUEST_STATUSES } from "../../../staff/workflow.ts";
import type { DeliveryState, StaffRole } from "./types";

/** What the staff pages need to know about forms, roles and workflows (the server enforces all of it). */

export const FORM_LABELS: Record<LeadFormId, string> = {
  "chartassist-demo": "ChartAssist demo",
  "careworks-demo": "CareWorks demo",
  "nurse-application": "Nurse application",
  "staffing-request": "Staffing request",
  "payroll-info": "Payroll info",
};

/** The forms each role may see (the contract's role split). */
export const ROLE_FORMS: Record<StaffRole, LeadFormId[]> = {
  admin: ["chartassist-demo", "careworks-demo", "nurse-application", "staffing-request", "payroll-info"],
  recruiting: ["nurse-application"],
  sales: ["chartassist-demo", "careworks-demo", "staffing-request", "payroll-info"],
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  recruiting: "Recruiting",
  sales: "Sales",
};

export { APPLICATION_STATUSES, REQUEST_STATUSES };

/** Every status a role's leads can have, for the status filter. */
export function statusesFor(role: StaffRole): string[] {
  const forms = ROLE_FORMS[role];
  const statuses = new Set<string>();
  if (forms.some((form) => form !== "nurse-application")) for (const s of REQUEST_STATUSES) statuses.add(s);
  if (forms.includes("nurse-application")) for (const s of APPLICATION_STATUSES) statuses.add(s);
  return [...statuses];
}

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  pending: "Pending",
  delivered: "Delivered",
  dead: "Failed",
};

/** The service accent of a form, as a small marker in the list (never the only carrier of meaning). */
export const FORM_ACCENT: Record<LeadFormId, string> = {
  "chartassist-demo": "bg-chart-600",
  "careworks-demo": "bg-works-600",
  "nurse-application": "bg-staff-600",
  "staffing-request": "bg-staff-600",
  "payroll-info": "bg-staff-600",
};

const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/** "Nov 23, 2026, 9:05 AM" */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** Today's leads show their time, older ones their date. */
export function formatListDate(iso: string, now = new Date()): string {
  const date = new Date(iso);
  return date.toDateString() === now.toDateString()
    ? date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })
    : shortDate.format(date);
}

/** A referring site by its host name: the scheme says nothing to a person. */
export const siteName = (origin: string) => URL.parse(origin)?.host ?? origin;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The inbox filters, as the URL and the API spell them. */
export const FILTER_KEYS = ["form", "status", "delivery", "from", "to", "q", "campaign", "referrer"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

export function readFilters(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

export function filterQuery(filters: Filters, page = 1): string {
  const params = new URLSearchParams(
    Object.entries(filters).filter(([, value]) => value) as [string, string][],
  );
  if (page > 1) params.set("page", String(page));
  return params.toString();
}
