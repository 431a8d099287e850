import { STAFF_PATH } from "../../../config/route-paths.ts";

/** Every page of the staff app, in one place (the public pages' paths are in config/route-paths.ts). */
export const staffPaths = {
  inbox: STAFF_PATH,
  signIn: `${STAFF_PATH}/sign-in`,
  setup: `${STAFF_PATH}/setup`,
  audit: `${STAFF_PATH}/audit`,
  erase: `${STAFF_PATH}/erase`,
  unmatched: `${STAFF_PATH}/unmatched`,
  settings: `${STAFF_PATH}/settings`,
  reports: `${STAFF_PATH}/reports`,
  openings: `${STAFF_PATH}/openings`,
  opening: (id: string) => `${STAFF_PATH}/openings/${encodeURIComponent(id)}`,
  checklists: `${STAFF_PATH}/checklists`,
  lead: (id: string) => `${STAFF_PATH}/leads/${encodeURIComponent(id)}`,
} as const;

/** Where sign-in sends a person back to: only a staff page, never another site. */
export function safeNext(next: string | null): string {
  if (!next?.startsWith(STAFF_PATH) || next.startsWith("//")) return STAFF_PATH;
  const url = new URL(next, "http://staff.invalid");
  return url.origin === "http://staff.invalid" && url.pathname.startsWith(STAFF_PATH)
    ? `${url.pathname}${url.search}`
    : STAFF_PATH;
}

/** The sign-in page, with the page to come back to. */
export function signInPath(from: URL): string {
  return `${staffPaths.signIn}?next=${encodeURIComponent(`${from.pathname}${from.search}`)}`;
}
