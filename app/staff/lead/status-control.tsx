import { useId } from "react";
import { useFetcher } from "react-router";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { type LeadActionResult, useActionToast } from "~/staff/lib/action-toast";
import type { LeadDetail } from "../../../staff/leads-api.ts";

/** The lead's status in its workflow: a change says what it did and can be undone from its toast. */
export function StatusControl({ lead }: { lead: LeadDetail }) {
  const fetcher = useFetcher<LeadActionResult>();
  const id = useId();
  const pending = fetcher.formData?.get("status");
  const submit = (status: string, previous: string, undo = false) =>
    fetcher.submit({ intent: "status", status, previous, undo: undo ? "1" : "0" }, { method: "post" });
  useActionToast(fetcher.data, (previous) => submit(previous, lead.status, true));
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Current status</Label>
      <Select
        id={id}
        value={typeof pending === "string" ? pending : lead.status}
        onChange={(event) => submit(event.target.value, lead.status)}
        options={lead.statuses}
        placeholder={false}
      />
      <p className="text-sm text-muted">{lead.statuses.join(" → ")}</p>
    </div>
  );
}
