/** A Content-Security-Policy header as a map of directive name to its sources. */
export function cspDirectives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name = "", ...sources]) => [name, sources]),
  );
}
