import type { Generated } from "kysely";

/** Timestamps are milliseconds since the epoch, as in every table (database.ts). */
type Millis = number;

/** An opening (migration 015): pay in cents per hour, dates as YYYY-MM-DD, valid_through its last millisecond. */
export interface OpeningsTable {
  id: string;
  short_id: string;
  slug: string;
  status: Generated<string>;
  title: string;
  credential: string;
  specialty: string;
  setting: string;
  city: string;
  state: string;
  postal_code: string;
  employment_type: string;
  shift: string;
  pay_from_cents: number;
  pay_to_cents: number;
  start_date: string;
  description: string;
  valid_through: Millis | null;
  published_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}
