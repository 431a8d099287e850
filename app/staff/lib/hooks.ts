import { useSyncExternalStore } from "react";
import { type Params, useOutletContext } from "react-router";
import type { StaffUser } from "../../../staff/api.ts";

/** The signed-in person, handed down by the staff layout. */
export function useStaffUser(): StaffUser {
  return useOutletContext<{ user: StaffUser }>().user;
}

const PHONE_QUERY = "(max-width: 767.98px)";

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== "function") return () => {};
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Phones get cards and a filter sheet instead of the table and the toolbar. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === "function" && window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}

/** What a staff route tells the app's shell (app/staff/routes.tsx): the page's title, before " · Staff". */
export interface StaffHandle {
  title: string | ((params: Params) => string);
}
