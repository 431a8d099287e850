import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { useLeadForm } from "~/lib/use-lead-form";
import { LIMITS, payrollInfo } from "../../../leads/catalog.ts";
import { LeadFormFrame } from "./lead-form";

/** Pass-through payroll info request (/carestaff/pass-through-payroll #request-info). */
export function PayrollInfoForm() {
  const lead = useLeadForm(payrollInfo);
  const { errors } = lead;
  return (
    <LeadFormFrame form={payrollInfo} lead={lead} submitLabel="Request Info">
      <Field name="name" label="Name" required error={errors.name}>
        <Input autoComplete="name" maxLength={LIMITS.name} />
      </Field>
      <Field name="email" label="Email" required error={errors.email}>
        <Input
          type="email"
          autoComplete="email"
          maxLength={LIMITS.email}
          placeholder="you@organization.com"
        />
      </Field>
      <Field name="phone" label="Phone" error={errors.phone}>
        <Input type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
      </Field>
      <Field name="organization" label="Organization" error={errors.organization}>
        <Input autoComplete="organization" maxLength={LIMITS.organization} />
      </Field>
      <Field
        name="message"
        label="Message"
        helper="Tell us about the staff you want to bring onto payroll."
        error={errors.message}
        className="sm:col-span-2"
      >
        <Textarea maxLength={LIMITS.message} />
      </Field>
    </LeadFormFrame>
  );
}
