import { useEffect, useState } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { useLeadForm } from "~/lib/use-lead-form";
import { LIMITS, NURSE_TYPES, staffingRequest } from "../../../leads/catalog.ts";
import { LeadFormFrame } from "./lead-form";

/** The visitor's own today (yyyy-mm-dd), known only after hydration; the pre-rendered page has no min. */
function useLocalToday() {
  const [today, setToday] = useState<string>();
  useEffect(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, "0");
    setToday(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
  }, []);
  return today;
}

/** CareStaff "Get Staffed Today" request (/carestaff #contact). */
export function StaffingRequestForm() {
  const lead = useLeadForm(staffingRequest);
  const { errors } = lead;
  const today = useLocalToday();
  return (
    <LeadFormFrame form={staffingRequest} lead={lead} submitLabel="Request Staff">
      <Field name="facility" label="Facility Name" error={errors.facility} className="sm:col-span-2">
        <Input autoComplete="organization" maxLength={LIMITS.organization} />
      </Field>
      <Field name="name" label="Your Name" required error={errors.name}>
        <Input autoComplete="name" maxLength={LIMITS.name} />
      </Field>
      <Field name="email" label="Email" required error={errors.email}>
        <Input type="email" autoComplete="email" maxLength={LIMITS.email} placeholder="you@facility.com" />
      </Field>
      <Field name="phone" label="Phone" error={errors.phone}>
        <Input type="tel" autoComplete="tel" maxLength={LIMITS.phone} />
      </Field>
      <Field name="nurse_type" label="Nurse Type" error={errors.nurse_type}>
        <Select options={NURSE_TYPES} placeholder="Select a nurse type" autoComplete="off" />
      </Field>
      <Field name="date" label="Date Needed" error={errors.date} className="sm:col-span-2">
        <Input type="date" min={today} autoComplete="off" />
      </Field>
    </LeadFormFrame>
  );
}
