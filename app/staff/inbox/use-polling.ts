import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { LeadList } from "../../../staff/leads-api.ts";

/** New leads appear without a reload within this (at most 30 s: decision 016). */
export const POLL_MS = 15_000;

const newestOf = (list: LeadList) =>
  list.leads.reduce<number | null>((newest, lead) => Math.max(newest ?? 0, Date.parse(lead.createdAt)), null);

/**
 * Keeps the inbox fresh while the tab is visible, and counts the leads that arrived on this view (`view`: its
 * URL) since it was opened: when the newest lead of the role changes, the rows newer than the newest one shown
 * before.
 */
export function usePolling(list: LeadList, view: string): number {
  const revalidator = useRevalidator();
  const seen = useRef({ view, latestId: list.latestId, newest: newestOf(list) });
  const [arrived, setArrived] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  useEffect(() => {
    const before = seen.current;
    if (before.view === view && before.latestId === list.latestId) return;
    seen.current = { view, latestId: list.latestId, newest: newestOf(list) ?? before.newest };
    if (before.view !== view) setArrived(0);
    else
      setArrived(
        list.leads.filter((lead) => before.newest === null || Date.parse(lead.createdAt) > before.newest)
          .length,
      );
  }, [list, view]);

  return arrived;
}
