import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useLeadForm } from "~/lib/use-lead-form";
import { chartAssistDemo, LIMITS } from "../../../leads/catalog.ts";
import { LeadFormFrame } from "./lead-form";

/** ChartAssist demo request (/chart-assist #demo). */
export function ChartAssistDemoForm() {
  const lead = useLeadForm(chartAssistDemo);
  const { errors } = lead;
  return (
    <LeadFormFrame form={chartAssistDemo} lead={lead} submitLabel="Schedule Demo">
      <Field name="name" label="Name" required error={errors.name}>
        <Input autoComplete="name" maxLength={LIMITS.name} />
      </Field>
      <Field name="email" label="Work Email" required error={errors.email}>
        <Input type="email" autoComplete="email" maxLength={LIMITS.email} placeholder="you@facility.com" />
      </Field>
      <Field name="company" label="Facility Name" error={errors.company}>
        <Input autoComplete="organization" maxLength={LIMITS.organization} />
      </Field>
      <Field name="phone" label="Phone" error={errors.phone}>
        <Input type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
      </Field>
      <Field name="beds" label="Number of Beds" error={errors.beds} className="sm:col-span-2">
        <Input autoComplete="off" maxLength={LIMITS.short} placeholder="e.g. 120" />
      </Field>
    </LeadFormFrame>
  );
}
