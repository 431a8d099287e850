import {
  EMPLOYMENT_TYPE_LABELS,
  OPENING_MOVES,
  type OpeningMove,
  type OpeningStatus,
  SETTING_LABELS,
  SHIFT_LABELS,
} from "../../../staff/openings.ts";
import type { Opening } from "../../../staff/openings-api.ts";

/** How the staff Openings pages word an opening: its status, its moves, its pay, place and dates. */

export const STATUS_LABELS: Record<OpeningStatus, string> = {
  draft: "Draft",
  published: "Published",
  paused: "Paused",
  closed: "Closed",
  expired: "Expired",
};

/** The buttons that change an opening's status, in the order the page shows them. */
export const MOVE_LABELS: Record<OpeningMove, string> = {
  publish: "Publish",
  pause: "Pause",
  reopen: "Reopen",
  close: "Close opening",
};

/** What a move did, for its toast. */
export const MOVE_DONE: Record<OpeningMove, string> = {
  publish: "Published: the opening is on the careers page.",
  pause: "Paused: the opening is off the careers page until it is reopened.",
  reopen: "Reopened: the opening is on the careers page again.",
  close: "Closed: the opening is off the careers page.",
};

/** The moves an opening's status allows (staff/openings.ts, OPENING_MOVES). */
export const movesOf = (status: OpeningStatus): OpeningMove[] =>
  (Object.keys(MOVE_LABELS) as OpeningMove[]).filter((move) =>
    (OPENING_MOVES[move].from as readonly OpeningStatus[]).includes(status),
  );

export const isOpeningMove = (value: string): value is OpeningMove => value in MOVE_LABELS;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "$48.50–$62.00 an hour" */
export const payRangeOf = ({ payFrom, payTo }: Pick<Opening, "payFrom" | "payTo">) =>
  `${usd.format(payFrom)}–${usd.format(payTo)} an hour`;

/** "Albany, NY 12207" */
export const placeOf = ({ city, state, postalCode }: Pick<Opening, "city" | "state" | "postalCode">) =>
  `${city}, ${state} ${postalCode}`;

export const settingOf = (opening: Pick<Opening, "setting">) => SETTING_LABELS[opening.setting];
export const shiftOf = (opening: Pick<Opening, "shift">) => SHIFT_LABELS[opening.shift];
export const employmentOf = (opening: Pick<Opening, "employmentType">) =>
  EMPLOYMENT_TYPE_LABELS[opening.employmentType];

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A YYYY-MM-DD day as written ("Jan 4, 2027"), the same in every time zone. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
