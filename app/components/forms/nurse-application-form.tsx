import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { useLeadForm } from "~/lib/use-lead-form";
import { CREDENTIALS, EXPERIENCE, LIMITS, nurseApplication } from "../../../leads/catalog.ts";
import { RESUME_ACCEPT, RESUME_FIELD } from "../../../leads/resume.ts";
import { LeadFormFrame } from "./lead-form";

/** Years of experience, worded for people; the values stay the spec's. */
const EXPERIENCE_LABELS: Record<(typeof EXPERIENCE)[number], string> = {
  "0-1": "0-1 years",
  "1-3": "1-3 years",
  "3-5": "3-5 years",
  "5+": "5+ years",
};

/** The online nursing application (/carestaff/careers #application-form). */
export function NurseApplicationForm() {
  const lead = useLeadForm(nurseApplication);
  const { errors } = lead;
  return (
    <LeadFormFrame form={nurseApplication} lead={lead} submitLabel="Submit Application">
      <Field name="firstName" label="First Name" required error={errors.firstName}>
        <Input autoComplete="given-name" maxLength={LIMITS.name} />
      </Field>
      <Field name="lastName" label="Last Name" required error={errors.lastName}>
        <Input autoComplete="family-name" maxLength={LIMITS.name} />
      </Field>
      <Field name="email" label="Email" required error={errors.email}>
        <Input type="email" autoComplete="email" maxLength={LIMITS.email} placeholder="you@example.com" />
      </Field>
      <Field name="phone" label="Phone" error={errors.phone}>
        <Input type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
      </Field>
      <Field name="credential" label="Credential" error={errors.credential}>
        <Select options={CREDENTIALS} placeholder="Select your credential" autoComplete="off" />
      </Field>
      <Field name="experience" label="Years of Experience" error={errors.experience}>
        <Select
          options={EXPERIENCE}
          optionLabel={(value) => EXPERIENCE_LABELS[value as (typeof EXPERIENCE)[number]]}
          placeholder="Select your experience"
          autoComplete="off"
        />
      </Field>
      <Field
        name={RESUME_FIELD}
        label="Resume"
        helper="PDF, DOC or DOCX, up to 10 MB"
        error={errors[RESUME_FIELD]}
        className="sm:col-span-2"
      >
        <Input type="file" accept={RESUME_ACCEPT} />
      </Field>
      <Field
        name="message"
        label="Message"
        helper="Shifts, locations or anything else we should know."
        error={errors.message}
        className="sm:col-span-2"
      >
        <Textarea maxLength={LIMITS.message} />
      </Field>
      <Field
        name="consent"
        label="I consent to receiving communications about job opportunities"
        required
        orientation="horizontal"
        error={errors.consent}
        className="sm:col-span-2"
      >
        <Checkbox value="true" />
      </Field>
    </LeadFormFrame>
  );
}
