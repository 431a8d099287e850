/**
 * The cookies a better-auth answer set (expired ones left out), as the Cookie header of the next server-side
 * call: the enrolment session (accounts.ts) and the two-factor challenge (sign-in.ts) travel this way.
 */
export const cookieHeaderOf = (headers: Headers): string =>
  headers
    .getSetCookie()
    .filter((cookie) => !/;\s*max-age=0\b/i.test(cookie))
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
