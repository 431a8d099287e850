/** Placeholder until the forms land: the section around it is final. */
export function CareWorksDemoForm() {
  return <div data-form-placeholder="careworks-demo-form" />;
}
