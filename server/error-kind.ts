/** What may be logged about a failure: its class and code. Messages from a database can quote lead values. */
export function errorKind(error: unknown): { name: string; code?: string } {
  if (!(error instanceof Error)) return { name: typeof error };
  const code = (error as Error & { code?: unknown }).code;
  return { name: error.name, ...(typeof code === "string" && { code }) };
}
