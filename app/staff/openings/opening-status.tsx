import { StatusPill } from "~/staff/ui/status-pill";
import type { OpeningStatus } from "../../../staff/openings.ts";
import { STATUS_LABELS } from "./opening-text";

/** On the site, off it for now, or off it for good: the text carries it, the tone only supports it. */
const TONES: Record<OpeningStatus, string> = {
  draft: "border-line bg-surface text-ink-soft",
  published: "border-success bg-green-50 text-green-900",
  paused: "border-amber-700 bg-amber-50 text-amber-900",
  closed: "border-line bg-white text-ink-soft",
  expired: "border-line bg-white text-ink-soft",
};

export function OpeningStatusPill({ status }: { status: OpeningStatus }) {
  return <StatusPill status={STATUS_LABELS[status]} tone={TONES[status]} />;
}
