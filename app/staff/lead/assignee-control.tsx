import { useId } from "react";
import { useFetcher } from "react-router";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { type LeadActionResult, useActionToast } from "~/staff/lib/action-toast";
import type { Person } from "../../../staff/api.ts";
import type { LeadDetail } from "../../../staff/leads-api.ts";

/** Who works the lead: any colleague the server offers for it, or nobody. */
export function AssigneeControl({ lead, people }: { lead: LeadDetail; people: Person[] }) {
  const fetcher = useFetcher<LeadActionResult>();
  const id = useId();
  const pending = fetcher.formData?.get("assigneeId");
  useActionToast(fetcher.data);
  const names = new Map(people.map((person) => [person.id, `${person.name} (${person.email})`]));
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Assigned to</Label>
      <Select
        id={id}
        value={typeof pending === "string" ? pending : (lead.assignee?.id ?? "")}
        onChange={(event) =>
          fetcher.submit({ intent: "assignee", assigneeId: event.target.value }, { method: "post" })
        }
        placeholder="Nobody"
        options={people.map((person) => person.id)}
        optionLabel={(personId) => names.get(personId) ?? personId}
      />
    </div>
  );
}
