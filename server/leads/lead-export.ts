import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { fieldLabelOf } from "../../leads/catalog.ts";
import type { LeadSource } from "../../leads/source.ts";
import { SOURCE_FIELDS } from "../../leads/source.ts";
import { SOURCE_LABELS } from "../../leads/source-labels.ts";
import { formLabelOf } from "../../staff/labels.ts";

/** A lead as both exports read it: the inbox's (/api/staff/export.csv) and the operator's (`leads export`). */
export interface ExportedLead {
  id: string;
  formId: string;
  createdAt: number;
  status: string;
  /** The assignee's e-mail. */
  assignee: string | null;
  /** The lead's delivery state (the operator's export has spam too). */
  delivery: string;
  /** The title of the opening an application was for; null for none (the operator's export has none). */
  opening?: string | null;
  fields: Readonly<Record<string, string>>;
  source: LeadSource;
}

/** What only the operator's export adds: where delivery stands and where the resume is kept. */
export interface OperatorDetail {
  deliveredAt: number | null;
  attempts: number;
  lastError: string | null;
  resumeName: string | null;
  resumeLocation: string | null;
}

type Column<T> = readonly [header: string, cell: (lead: T) => string];

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

const LEAD_COLUMNS: readonly Column<ExportedLead>[] = [
  ["id", (lead) => lead.id],
  ["form", (lead) => formLabelOf(lead.formId)],
  ["created_at", (lead) => iso(lead.createdAt)],
  ["status", (lead) => lead.status],
  ["assignee", (lead) => lead.assignee ?? ""],
  ["delivery", (lead) => lead.delivery],
];

/** What only the inbox's export adds: the opening an application was for (empty for none). */
const INBOX_COLUMNS: readonly Column<ExportedLead>[] = [["opening", (lead) => lead.opening ?? ""]];

const OPERATOR_COLUMNS: readonly Column<OperatorDetail>[] = [
  ["delivered_at", (lead) => iso(lead.deliveredAt)],
  ["attempts", (lead) => String(lead.attempts)],
  ["last_error", (lead) => lead.lastError ?? ""],
  ["resume_name", (lead) => lead.resumeName ?? ""],
  ["resume_path", (lead) => lead.resumeLocation ?? ""],
];

/**
 * The export's columns, one definition for both exports: the lead's, the operator's when asked for (else the
 * inbox's), then one per
 * field name (by its label, in name order) and one per source field (by its label).
 */
export function exportColumns<T extends ExportedLead>(
  fieldNames: readonly string[],
  operator?: (lead: T) => OperatorDetail,
): Column<T>[] {
  return [
    ...LEAD_COLUMNS,
    ...(operator
      ? OPERATOR_COLUMNS.map(([header, cell]): Column<T> => [header, (lead) => cell(operator(lead))])
      : INBOX_COLUMNS),
    ...[...fieldNames]
      .sort()
      .map((name): Column<T> => [fieldLabelOf("", name), (lead) => lead.fields[name] ?? ""]),
    ...SOURCE_FIELDS.map((name): Column<T> => [SOURCE_LABELS[name], (lead) => lead.source[name] ?? ""]),
  ];
}

/**
 * The CSV every export writes, by csv-stringify: UTF-8 with a byte-order mark (so a spreadsheet reads "José"),
 * CRLF line ends (RFC 4180), every cell quoted, and a cell a spreadsheet would run as a formula (a leading =, +,
 * -, @, tab or CR, or their full-width forms) defused by a leading apostrophe inside the quotes.
 */
export const CSV_OPTIONS = {
  bom: true,
  quoted: true,
  quoted_empty: true,
  record_delimiter: "windows",
  escape_formulas: true,
} as const;

/**
 * The leads as CSV text, streamed: a header line, then each batch as it comes from the store, so an export
 * holds one batch in memory at most. Destroying the stream (a client that went away) stops reading the store.
 */
export function leadsCsv<T extends ExportedLead>(
  columns: readonly Column<T>[],
  batches: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
): Readable {
  async function* records() {
    yield columns.map(([header]) => header);
    for await (const batch of batches) for (const lead of batch) yield columns.map(([, cell]) => cell(lead));
  }
  const csv = stringify(CSV_OPTIONS);
  // A failure on the way (the store) reaches the reader as the stream's error.
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}
