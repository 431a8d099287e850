import type { LeadFormId } from "../../../leads/catalog.ts";
import type { LeadSource } from "../../../leads/source.ts";

/** The staff API's wire shapes (docs: the issue 13 contract between the staff API and this UI). */

export type StaffRole = "admin" | "recruiting" | "sales";

export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}

export interface Person {
  id: string;
  name: string;
  email: string;
}

export type DeliveryState = "pending" | "delivered" | "dead";

export interface LeadRow {
  id: number;
  formId: LeadFormId;
  formLabel: string;
  createdAt: string;
  name: string;
  email: string;
  organisation: string | null;
  status: string;
  assignee: Person | null;
  delivery: DeliveryState;
  isNew: boolean;
}

/** A campaign or referring site and its leads under the other filters; null: leads without one. */
export interface SourceCount {
  value: string | null;
  count: number;
}

export interface LeadList {
  leads: LeadRow[];
  page: number;
  pageSize: number;
  total: number;
  counts: {
    forms: Partial<Record<string, number>>;
    statuses: Partial<Record<string, number>>;
    /** The most leads first, at most 20 of each. */
    campaigns: SourceCount[];
    referrers: SourceCount[];
  };
  latestId: number | null;
}

export interface LeadDetail {
  id: number;
  formId: LeadFormId;
  formLabel: string;
  createdAt: string;
  fields: { name: string; label: string; value: string }[];
  resume: { filename: string; contentType: string; size: number; inline: boolean } | null;
  /** Where the lead came from: only the fields recorded. */
  source: LeadSource;
  status: string;
  statuses: string[];
  assignee: Person | null;
  deliveries: {
    channel: string;
    state: string;
    attempts: number;
    lastAttemptAt: string | null;
    lastError: string | null;
    problem: string | null;
  }[];
}

export interface Note {
  id: string | number;
  author: Person;
  at: string;
  text: string;
}

export interface HistoryEntry {
  id: string | number;
  at: string;
  actor: Person | null;
  action: string;
  from: string | null;
  to: string | null;
}

export interface LeadPage {
  lead: LeadDetail;
  notes: Note[];
  history: HistoryEntry[];
}

export interface ErasePreview {
  email: string;
  leads: { id: number; formLabel: string; createdAt: string }[];
  files: number;
  notes: number;
}

export interface AuditEntry {
  id: string | number;
  at: string;
  actor: { id: string; email: string } | null;
  action: string;
  leadId: number | null;
  detail: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
}
