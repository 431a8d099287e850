import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { StaffDialog } from "~/staff/ui/staff-dialog";
import { REJECT_REASON_MAX } from "../../../staff/credentials-api.ts";

/**
 * "Reject" an item's latest submission with a reason, which the nurse reads in her e-mail (with a new link) and on
 * her page. `onReject` resolves to null when done, or the refusal's words to show under the reason.
 */
export function RejectDialog({
  itemName,
  disabled,
  onReject,
}: {
  itemName: string;
  disabled: boolean;
  onReject: (reason: string) => Promise<string | null>;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const reason = useRef<HTMLTextAreaElement>(null);
  const id = `reject-${itemName.replace(/\W+/g, "-").toLowerCase()}`;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = (reason.current?.value ?? "").trim();
    if (text === "") {
      setError("Give the reason the nurse will read.");
      return;
    }
    setSending(true);
    const refused = await onReject(text);
    setSending(false);
    if (refused === null) setOpen(false);
    else setError(refused);
  }

  return (
    <StaffDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(undefined);
      }}
      initialFocus={reason}
      title={`Reject ${itemName}`}
      description="The nurse gets the reason by e-mail, with a new link to send it again."
      trigger={
        <Button size="sm" variant="secondary" disabled={disabled}>
          Reject
        </Button>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field id={id} name="reason" label="Reason" required error={error}>
          <Textarea ref={reason} maxLength={REJECT_REASON_MAX} rows={4} />
        </Field>
        <Button type="submit" disabled={sending} className="max-sm:w-full sm:self-end">
          Reject
        </Button>
      </form>
    </StaffDialog>
  );
}
