import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useLeadForm } from "~/lib/use-lead-form";
import { careWorksDemo, LIMITS } from "../../../leads/catalog.ts";
import { LeadFormFrame } from "./lead-form";

/** CareWorks demo request (/health-admin #contact). */
export function CareWorksDemoForm() {
  const lead = useLeadForm(careWorksDemo);
  const { errors } = lead;
  return (
    <LeadFormFrame form={careWorksDemo} lead={lead} submitLabel="Schedule Demo">
      <Field name="name" label="Name" required error={errors.name}>
        <Input autoComplete="name" maxLength={LIMITS.name} />
      </Field>
      <Field name="email" label="Work Email" required error={errors.email}>
        <Input type="email" autoComplete="email" maxLength={LIMITS.email} placeholder="you@company.com" />
      </Field>
      <Field name="company" label="Company" error={errors.company}>
        <Input autoComplete="organization" maxLength={LIMITS.organization} />
      </Field>
      <Field name="phone" label="Phone" error={errors.phone}>
        <Input type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
      </Field>
      <Field
        name="message"
        label="Message"
        helper="Which tasks would you like a remote team to take on?"
        error={errors.message}
        className="sm:col-span-2"
      >
        <Textarea maxLength={LIMITS.message} />
      </Field>
    </LeadFormFrame>
  );
}
