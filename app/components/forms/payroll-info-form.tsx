/** Placeholder until the forms land: the section around it is final. */
export function PayrollInfoForm() {
  return <div data-form-placeholder="payroll-info-form" />;
}
