import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { Button } from "~/components/ui/button";
import { site } from "~/content/site";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import {
  HONEYPOT_FIELD,
  type LeadForm as LeadFormDefinition,
  type LeadFormId,
  leadForms,
  recipientFor,
  requiredFieldNames,
} from "../../../leads/catalog.ts";
import { LeadField } from "./lead-field";
import { useLeadForm } from "./use-lead-form";

/** Each form carries its service's accent, whatever section it sits in. */
const formAccent: Record<LeadFormId, string> = {
  "chartassist-demo": accentClass.chartassist,
  "careworks-demo": accentClass.careworks,
  "nurse-application": accentClass.carestaff,
  "staffing-request": accentClass.carestaff,
  "payroll-info": accentClass.carestaff,
};

/**
 * A lead form, rendered from its catalog entry (leads/catalog.ts): the card with the native post (action, method,
 * multipart), the hidden `to`, `subject` and honeypot, the no-JavaScript result messages, every control on a
 * two-column grid from 640 px, and the submit button. On an opening's page the application carries `opening`:
 * its short id in a hidden input (posted with and without JavaScript) and a line naming it.
 */
export function LeadForm({
  id,
  opening,
}: {
  id: LeadFormId;
  /** The opening a nurse applies for from its page (its short id and title), carried in the island's props. */
  opening?: { id: string; title: string };
}) {
  const form = leadForms[id];
  const { formProps, submitting, errors } = useLeadForm(form);
  return (
    <form
      {...formProps}
      className={cn(
        "relative rounded-card border border-line bg-white p-6 text-left text-ink shadow-card sm:p-8",
        formAccent[form.id],
      )}
    >
      <LeadResultMessages form={form} />
      <input type="hidden" name="to" value={recipientFor(form, site.email)} />
      <input type="hidden" name="subject" value={form.subject} />
      <Honeypot />
      {opening && (
        <>
          <input type="hidden" name="opening" value={opening.id} />
          <p className="mb-4 text-ink">
            Applying for <strong className="font-semibold">{opening.title}</strong>
          </p>
        </>
      )}
      <p className="mb-6 text-sm text-muted">
        Fields marked <span className="text-danger">*</span> are required.
      </p>
      <div className="grid gap-x-5 gap-y-6 sm:grid-cols-2">
        {form.controls.map((control) => (
          <LeadField
            key={control.name}
            id={`${form.id}-${control.name}`}
            control={control}
            required={requiredFieldNames(form).includes(control.name)}
            error={errors[control.name]}
          />
        ))}
      </div>
      <Button
        type="submit"
        size="lg"
        disabled={submitting}
        className="mt-8 w-full focus-visible:outline-(--accent-600) md:w-auto md:min-w-52"
      >
        {submitting ? (
          <>
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
            Submitting...
          </>
        ) : (
          form.submitLabel
        )}
      </Button>
    </form>
  );
}

/**
 * Shown only when the static server marks `<html data-lead="ok|error">` after a native post
 * (see the `[data-lead-message]` rule in app/styles.css); with JavaScript a toast says it instead.
 */
function LeadResultMessages({ form }: { form: LeadFormDefinition }) {
  const { success, failure } = form.notices;
  return (
    <>
      <p
        data-lead-message="ok"
        role="status"
        className="mb-6 items-start gap-3 rounded-lg border border-success/30 bg-green-50 p-4 text-ink"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <span>
          <strong className="block font-semibold">{success.title}</strong>
          <span className="text-ink-soft">{success.description}</span>
        </span>
      </p>
      <p
        data-lead-message="error"
        role="alert"
        className="mb-6 items-start gap-3 rounded-lg border border-danger/30 bg-red-50 p-4 text-ink"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <span>
          <strong className="block font-semibold text-danger">{failure.title}</strong>
          <span className="text-ink-soft">{failure.description}</span>
        </span>
      </p>
    </>
  );
}

/** Off-screen and hidden from assistive tech (not display:none, which some bots skip); people never fill it. */
function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute top-0 -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
