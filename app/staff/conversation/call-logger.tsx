import { Phone } from "lucide-react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { StaffDialog } from "~/staff/ui/staff-dialog";
import {
  CALL_NOTE_MAX,
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  type CallOutcome,
} from "../../../staff/conversation.ts";
import { useDialogAction } from "./use-dialog-action";

/** "Log a call": what the call came to and a note, onto the conversation; a call is a first response. */
export function CallLogger() {
  const outcome = useRef<HTMLSelectElement>(null);
  const { fetcher, open, setOpen, refusal } = useDialogAction("call", () => {});
  return (
    <StaffDialog
      open={open}
      onOpenChange={setOpen}
      initialFocus={outcome}
      title="Log a call"
      description="A call counts as the first response to the lead, and shows on the conversation."
      trigger={
        <Button size="sm" variant="secondary">
          <Phone aria-hidden />
          Log a call
        </Button>
      }
    >
      <fetcher.Form method="post" className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="call" />
        <Field id="call-outcome" name="outcome" label="Outcome">
          <Select
            ref={outcome}
            placeholder={false}
            defaultValue={CALL_OUTCOMES[0]}
            options={CALL_OUTCOMES}
            optionLabel={(option) => CALL_OUTCOME_LABELS[option as CallOutcome]}
          />
        </Field>
        <Field id="call-note" name="note" label="Note" error={refusal?.message}>
          <Textarea maxLength={CALL_NOTE_MAX} rows={4} />
        </Field>
        <Button type="submit" disabled={fetcher.state !== "idle"} className="max-sm:w-full sm:self-end">
          Log call
        </Button>
      </fetcher.Form>
    </StaffDialog>
  );
}
