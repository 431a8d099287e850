import { type Params, useOutletContext } from "react-router";
import { PHONE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import type { StaffUser } from "../../../staff/api.ts";

/** The signed-in person, handed down by the staff layout. */
export function useStaffUser(): StaffUser {
  return useOutletContext<{ user: StaffUser }>().user;
}

/** Phones get cards and a filter sheet instead of the table and the toolbar. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

/** What a staff route tells the app's shell (app/staff/routes.tsx): the page's title, before " · Staff". */
export interface StaffHandle {
  title: string | ((params: Params) => string);
}
