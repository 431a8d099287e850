import type { ItemField } from "../../leads/credential-checklist.ts";
import { ITEM_STATUS_LABELS, type ItemStatus } from "../../leads/credential-status.ts";

/**
 * The nurse's checklist page and its 410 page, built on the server per request with the site's stylesheet and
 * classes (app/app.css scans this file, so Tailwind keeps them) and no script: every form is a plain multipart
 * post. Everything she or a recruiter typed is escaped.
 */

export interface PageItem {
  key: string;
  name: string;
  status: ItemStatus;
  reason?: string;
  document: boolean;
  fields: readonly ItemField[];
  /** The values and messages of a post that was refused, shown again with it. */
  values?: Record<string, string>;
  errors?: Record<string, string>;
}

export interface PageFrame {
  companyName: string;
  phone: string;
  phoneHref: string;
  stylesheets: readonly string[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char,
  );

/** What a phone's camera gives (iPhones: HEIC) and what a scanner gives. */
const ACCEPT = "image/*,application/pdf,image/heic,image/heif,.heic,.heif,.pdf,.jpg,.jpeg,.png";

const STATUS_STYLE: Record<ItemStatus, string> = {
  missing: "border-line bg-surface text-ink-soft",
  submitted: "border-chart-100 bg-chart-50 text-chart-800",
  verified: "border-green-200 bg-green-50 text-success",
  rejected: "border-red-200 bg-red-50 text-danger",
  "expiring-soon": "border-amber-200 bg-amber-50 text-amber-900",
  expired: "border-red-200 bg-red-50 text-danger",
};

const CONTROL =
  "w-full min-w-0 rounded-lg border border-[#8a94a6] bg-white px-3.5 shadow-xs focus-visible:border-(--accent-600) focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-(--accent-600) focus-visible:ring-4 focus-visible:ring-(--accent-100) aria-invalid:border-danger";
const TEXT_CONTROL = `${CONTROL} h-12 text-base text-ink`;
const FILE_CONTROL = `${CONTROL} min-h-12 cursor-pointer py-1.5 pl-1.5 text-sm text-ink-soft file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border-0 file:bg-(--accent-50) file:px-3.5 file:text-sm file:font-semibold file:text-(--accent-700)`;
const BUTTON =
  "inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-(--accent-700) px-6 text-base font-semibold text-white shadow-sm hover:bg-(--accent-800) focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-(--accent-700) sm:w-auto";
const LABEL = "block text-sm font-semibold text-ink";
const ALERT_ICON =
  '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" class="mt-0.5 shrink-0"><circle cx="12" cy="12" r="10"/><line x1="12" x2="12" y1="8" y2="12"/><line x1="12" x2="12.01" y1="16" y2="16"/></svg>';

function errorLine(id: string, message: string | undefined): string {
  if (!message) return "";
  return `<p id="${id}-error" class="mt-2 flex gap-1.5 text-sm text-danger">${ALERT_ICON}<span>${escapeHtml(message)}</span></p>`;
}

function control(field: ItemField, id: string, value: string, invalid: boolean): string {
  const common = `id="${id}" name="${escapeHtml(field.name)}" required${invalid ? ` aria-invalid="true" aria-describedby="${id}-error"` : ""}`;
  const options = (choices: readonly { value: string; label: string }[]) =>
    [
      '<option value="">Choose…</option>',
      ...choices.map(
        (o) =>
          `<option value="${escapeHtml(o.value)}"${o.value === value ? " selected" : ""}>${escapeHtml(o.label)}</option>`,
      ),
    ].join("");
  switch (field.kind) {
    case "date":
      return `<input type="date" ${common} value="${escapeHtml(value)}" class="${TEXT_CONTROL}">`;
    case "us-state":
      return `<input type="text" ${common} value="${escapeHtml(value)}" maxlength="2" autocapitalize="characters" autocomplete="off" placeholder="NY" class="${TEXT_CONTROL} uppercase sm:w-32">`;
    case "yes-no":
      return `<select ${common} class="${TEXT_CONTROL}">${options([
        { value: "yes", label: "Yes" },
        { value: "no", label: "No" },
      ])}</select>`;
    case "choice":
      return `<select ${common} class="${TEXT_CONTROL}">${options(field.options)}</select>`;
    default:
      return `<input type="text" ${common} value="${escapeHtml(value)}" maxlength="200" class="${TEXT_CONTROL}">`;
  }
}

function uploadForm(item: PageItem, action: string): string {
  const fields = item.fields
    .map((field) => {
      const id = `${item.key}-${field.name}`;
      const error = item.errors?.[field.name];
      return `<div><label for="${id}" class="${LABEL}">${escapeHtml(field.label)}</label><div class="mt-2">${control(field, id, item.values?.[field.name] ?? "", Boolean(error))}</div>${errorLine(id, error)}</div>`;
    })
    .join("");
  const fileId = `${item.key}-document`;
  const fileError = item.errors?.document;
  const file = item.document
    ? `<div><label for="${fileId}" class="${LABEL}">${escapeHtml(item.name)}</label><p id="${fileId}-helper" class="mt-1 text-sm text-muted">A photo from your phone or a scan: PDF, JPEG, PNG or HEIC, up to 10 MB.</p><div class="mt-2"><input type="file" id="${fileId}" name="document" accept="${ACCEPT}" required aria-describedby="${fileId}-helper${fileError ? ` ${fileId}-error` : ""}"${fileError ? ' aria-invalid="true"' : ""} class="${FILE_CONTROL}"></div>${errorLine(fileId, fileError)}</div>`
    : "";
  // The fields come before the file, so the server has them when the file starts to stream.
  return `<form method="post" enctype="multipart/form-data" action="${escapeHtml(action)}" class="mt-5 grid gap-5 border-t border-line pt-5">${fields}${file}<div><button type="submit" class="${BUTTON}">Upload</button></div></form>`;
}

function itemCard(item: PageItem, token: string): string {
  // An item done shows its form again only to say why a new post of it was refused.
  const toDo = !(item.status === "submitted" || item.status === "verified") || item.errors !== undefined;
  const reason =
    item.status === "rejected" && item.reason
      ? `<p class="mt-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-danger"><span class="font-semibold">Reason:</span> ${escapeHtml(item.reason)}</p>`
      : "";
  const action = `/documents/${encodeURIComponent(token)}/${encodeURIComponent(item.key)}`;
  return `<li id="item-${escapeHtml(item.key)}" class="rounded-card border border-line bg-white p-5 shadow-card sm:p-6"><div class="flex flex-wrap items-start justify-between gap-3"><h2 class="text-lg font-semibold leading-snug text-ink">${escapeHtml(item.name)}</h2><span class="inline-flex items-center rounded-full border px-3 py-1 text-sm font-medium ${STATUS_STYLE[item.status]}">${ITEM_STATUS_LABELS[item.status]}</span></div>${reason}${toDo ? uploadForm(item, action) : ""}</li>`;
}

function documentPage(frame: PageFrame, title: string, main: string): string {
  const styles = frame.stylesheets
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · ${escapeHtml(frame.companyName)}</title>${styles}</head><body class="min-h-screen bg-surface font-sans text-ink antialiased"><header class="border-b border-line bg-white"><div class="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-4 sm:px-6"><span class="font-semibold text-navy-900">${escapeHtml(frame.companyName)}</span><a href="${escapeHtml(frame.phoneHref)}" class="text-sm font-semibold text-staff-700 underline underline-offset-4">${escapeHtml(frame.phone)}</a></div></header><main class="accent-staff mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16">${main}</main></body></html>`;
}

/** The checklist: each item's status, "N of M done", and a form for each item still to do. */
export function checklistPage(frame: PageFrame, token: string, items: readonly PageItem[]): string {
  const done = items.filter((item) => item.status === "submitted" || item.status === "verified").length;
  const percent = items.length === 0 ? 0 : Math.round((100 * done) / items.length);
  const main = `<h1 class="text-3xl font-bold leading-tight tracking-tight text-navy-900 sm:text-4xl">Your credential documents</h1><p class="mt-4 max-w-prose text-lg leading-relaxed text-ink-soft">Before you work your first shift we need the documents below. Upload each one as a photo from your phone or a scan; your recruiter checks it and tells you if anything is missing.</p><div class="mt-8"><p class="text-base font-semibold tabular-nums text-ink">${done} of ${items.length} done</p><div class="mt-2 h-2 overflow-hidden rounded-full bg-line" aria-hidden="true"><div class="h-full rounded-full bg-(--accent-600)" style="width:${percent}%"></div></div></div><ol class="mt-8 grid gap-4">${items.map((item) => itemCard(item, token)).join("")}</ol><p class="mt-10 text-sm text-muted">Questions? Call us at <a href="${escapeHtml(frame.phoneHref)}" class="font-semibold text-staff-700 underline underline-offset-4">${escapeHtml(frame.phone)}</a>. This page is private: do not share its address.</p>`;
  return documentPage(frame, "Your credential documents", main);
}

/** The one answer for a revoked, expired or unknown link: nothing says which, and the phone number to call. */
export function goneLinkPage(frame: PageFrame): string {
  const main = `<div class="rounded-card border border-line bg-white p-6 shadow-card sm:p-10"><h1 class="text-3xl font-bold leading-tight tracking-tight text-navy-900 sm:text-4xl">This link no longer works</h1><p class="mt-4 max-w-prose text-lg leading-relaxed text-ink-soft">Links to upload your documents work for a limited time. Call us and we will send you a new one.</p><p class="mt-6"><a href="${escapeHtml(frame.phoneHref)}" class="${BUTTON}">Call ${escapeHtml(frame.phone)}</a></p></div>`;
  return documentPage(frame, "This link no longer works", main);
}
