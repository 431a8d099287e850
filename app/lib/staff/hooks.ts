import { type Params, useOutletContext } from "react-router";
import { PHONE_QUERY, useMediaQuery } from "../use-media-query";
import type { StaffUser } from "./types";

/** The signed-in person, handed down by the staff layout. */
export function useStaffUser(): StaffUser {
  return useOutletContext<{ user: StaffUser }>().user;
}

/** Phones get cards and a filter sheet instead of the table and the toolbar. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

/** What a staff route tells the app's shell (app/staff-app/routes.tsx): the page's title, before " · Staff". */
export interface StaffHandle {
  title: string | ((params: Params) => string);
}
