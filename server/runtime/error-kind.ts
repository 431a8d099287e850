/**
 * What may be logged about a failure: its class and code. Messages from a database can quote lead values.
 * `type`, not `name`: the logger redacts every `*.name` (a person's name), which would hide the class.
 */
export function errorKind(error: unknown): { type: string; code?: string } {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as Error & { code?: unknown }).code;
  return { type: error.name, ...(typeof code === "string" && { code }) };
}
