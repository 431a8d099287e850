import { CHECKLIST_CATALOG, checklistProblem, defaultItemIds } from "../../../leads/checklist-catalog.ts";
import { CREDENTIALS, type Credential } from "../../../leads/credential-checklist.ts";
import type { CatalogEntry, ChecklistAnswer } from "../../../staff/checklists-api.ts";
import type { AuditLog } from "../../store/queries/audit-log.ts";
import type { ChecklistQueries } from "../../store/queries/credential-checklists.ts";
import type { EndpointHandlers } from "../api/endpoint-mount.ts";
import { refuse } from "../api/refusals.ts";

const CATALOG: CatalogEntry[] = CHECKLIST_CATALOG.map(({ id, item }) => ({
  id,
  name: item.name,
  document: item.document === "required",
  fields: item.fields.map((field) => field.label),
  expires: item.validity.kind !== "no-expiry",
}));

const isCredential = (value: string): value is Credential =>
  (CREDENTIALS as readonly string[]).includes(value);

/** The admins' checklists: every credential's, and a change to one (audited with the credential and its size). */
export function checklistHandlers(deps: {
  checklists: ChecklistQueries;
  audit: Pick<AuditLog, "record">;
  now: () => number;
}): Pick<EndpointHandlers, "checklists" | "saveChecklist"> {
  const { checklists, audit, now } = deps;
  return {
    async checklists() {
      const chosen = await checklists.selections();
      return {
        catalog: CATALOG,
        checklists: CREDENTIALS.map(
          (credential): ChecklistAnswer => ({
            credential,
            items: chosen[credential] ?? defaultItemIds(credential),
            edited: chosen[credential] !== undefined,
          }),
        ),
      };
    },

    async saveChecklist({ staff, params, body }) {
      const { credential } = params;
      if (!isCredential(credential)) return refuse(404, "not_found", "There is no such credential.");
      const { items } = await body();
      const problem = checklistProblem(items);
      if (problem) return refuse(422, "bad_checklist", problem);
      const at = now();
      await checklists.save({ credential, ids: items, by: staff.id, now: at });
      await audit.record(
        { actorId: staff.id, action: "checklist_changed", detail: `${credential}: ${items.length} items` },
        at,
      );
      return { credential, items, edited: true };
    },
  };
}
