/** Placeholder until the forms land: the section around it is final. */
export function ChartAssistDemoForm() {
  return <div data-form-placeholder="chartassist-demo-form" />;
}
