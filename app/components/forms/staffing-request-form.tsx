/** Placeholder until the forms land: the section around it is final. */
export function StaffingRequestForm() {
  return <div data-form-placeholder="staffing-request-form" />;
}
