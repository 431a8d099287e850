/** Placeholder until the forms land: the section around it is final. */
export function NurseApplicationForm() {
  return <div data-form-placeholder="nurse-application-form" />;
}
