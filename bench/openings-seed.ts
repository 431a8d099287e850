import { randomUUID } from "node:crypto";
import { type Insertable, sql } from "kysely";
import { LEAD_FORM_IDS } from "../leads/forms.ts";
import type { LeadsTable } from "../server/store/database.ts";
import type { Store } from "../server/store/store.ts";
import { OPENING_CREDENTIALS, SHIFTS } from "../staff/openings.ts";

/**
 * What the openings benchmarks seed (bench/openings.ts, bench/openings-lcp.ts): published openings spread over
 * credentials, shifts and ten cities, each with a description of a few paragraphs and bullets, and leads over
 * the past year as bench/inbox.ts seeds them (the openings' pages never read them; they make the database as
 * large as a working one).
 */

const DAY = 86_400_000;
const CITIES = [
  ["Albany", "NY", "12207"],
  ["Troy", "NY", "12180"],
  ["Buffalo", "NY", "14201"],
  ["Rochester", "NY", "14604"],
  ["Syracuse", "NY", "13202"],
  ["Newark", "NJ", "07102"],
  ["Hartford", "CT", "06103"],
  ["Boston", "MA", "02108"],
  ["Scranton", "PA", "18503"],
  ["Burlington", "VT", "05401"],
] as const;
const DESCRIPTION = [
  "Join a 30-bed unit with a steady team and a charge nurse who answers.",
  "- Twelve-hour shifts, three a week\n- Weekend differential\n- Free parking",
  "We verify your credentials before your first shift; a recruiter stays your one contact.",
].join("\n\n");

export async function seedOpenings(store: Store, count: number) {
  const start = Date.now() - count * 60_000;
  for (let index = 0; index < count; index++) {
    const [city, state, postalCode] = CITIES[index % CITIES.length] ?? CITIES[0];
    const credential = OPENING_CREDENTIALS[index % OPENING_CREDENTIALS.length] ?? "RN";
    const shift = SHIFTS[index % SHIFTS.length] ?? "days";
    const at = start + index * 60_000;
    const draft = await store.openings.create(
      {
        title: `${credential} ${shift} shift, ${city} #${index + 1}`,
        credential,
        specialty: "Med-Surg",
        setting: "hospital",
        city,
        state,
        postalCode,
        employmentType: index % 2 ? "per-diem" : "full-time",
        shift,
        payFromCents: 3000 + (index % 20) * 100,
        payToCents: 4500 + (index % 20) * 100,
        startDate: "2027-01-04",
        description: DESCRIPTION,
        validThrough: null,
      },
      at,
    );
    await store.openings.move(
      draft.id,
      { from: ["draft"], to: "published", defaultValidThrough: at + 60 * DAY },
      at,
    );
  }
}

export async function seedLeads(store: Store, count: number) {
  const { db } = store.authDatabase;
  const start = Date.now() - 365 * DAY;
  for (let offset = 0; offset < count; offset += 1000) {
    const leads: Insertable<LeadsTable>[] = [];
    for (let index = offset; index < Math.min(count, offset + 1000); index++) {
      const createdAt = start + Math.floor((index / count) * 365 * DAY);
      leads.push({
        id: randomUUID(),
        form_id: LEAD_FORM_IDS[index % LEAD_FORM_IDS.length] ?? "nurse-application",
        state: "delivered",
        fields: JSON.stringify({ name: `Nurse ${index}`, email: `nurse.${index}@example.com` }),
        created_at: createdAt,
        due_at: createdAt + 4 * 3_600_000,
        first_response_at: null,
        status: "New",
        first_opened_at: null,
        source_page: "/carestaff/careers",
      });
    }
    await db.insertInto("leads").values(leads).execute();
  }
  if (store.dialect === "postgres") await sql`VACUUM ANALYZE openings, leads`.execute(db);
  else await store.operations.refreshStatistics();
}
