import { type ActionFunctionArgs, data, redirect } from "react-router";
import { StaffApiError, staffApi } from "~/staff/lib/api";
import { signInPath, staffPaths } from "~/staff/lib/staff-paths";
import type { OpeningField, OpeningFields } from "../../../staff/openings-api.ts";
import { isOpeningMove, MOVE_DONE } from "./opening-text";

/** Each field's label on the form, as the contract's refusals name it ("Pay to must be at least Pay from."). */
export const FIELD_LABELS: Record<OpeningField, string> = {
  title: "Title",
  credential: "Credential",
  specialty: "Specialty",
  setting: "Setting",
  city: "City",
  state: "State",
  postalCode: "Postal code",
  employmentType: "Employment type",
  shift: "Shift",
  payFrom: "Pay from",
  payTo: "Pay to",
  startDate: "Start date",
  description: "Description",
  validThrough: "Valid through",
};

/** What a save or a status change did: its toast, or the refusal and the field it names. */
export type OpeningSaveResult =
  | { ok: true; message: string }
  | { ok: false; message: string; field: OpeningField | null };

/** The field a refusal names: its sentence starts with the field's label (the longest, "Pay to" not "Pay"). */
export function fieldOfRefusal(message: string): OpeningField | null {
  const named = (Object.entries(FIELD_LABELS) as [OpeningField, string][])
    .filter(([, label]) => message.startsWith(`${label} `))
    .sort(([, a], [, b]) => b.length - a.length);
  return named[0]?.[0] ?? null;
}

/** A refused call as the page shows it; a lapsed session goes to sign in and back. */
function refusalOf(error: unknown, request: Request): OpeningSaveResult {
  if (error instanceof StaffApiError && error.status === 401)
    throw redirect(signInPath(new URL(request.url)));
  if (error instanceof StaffApiError)
    return {
      ok: false,
      message: error.message,
      field: error.code === "bad_opening" ? fieldOfRefusal(error.message) : null,
    };
  throw error;
}

const bodyOf = async (request: Request) =>
  (await request.json()) as { intent?: string; fields?: OpeningFields; move?: string };

/** The Openings page's action: "Save" on the new opening's form keeps a draft, then opens its page. */
export async function createAction({ request }: ActionFunctionArgs): Promise<OpeningSaveResult | Response> {
  const { fields } = await bodyOf(request);
  try {
    const { opening } = await staffApi("createOpening", { body: fields as OpeningFields });
    return redirect(staffPaths.opening(opening.id));
  } catch (error) {
    return refusalOf(error, request);
  }
}

/** An opening's page's action: "Save" on its form, or a status change (Publish, Pause, Reopen, Close opening). */
export async function openingAction({ request, params }: ActionFunctionArgs): Promise<OpeningSaveResult> {
  const openingId = params.openingId ?? "";
  const { intent, fields, move } = await bodyOf(request);
  try {
    if (intent === "save") {
      await staffApi("editOpening", { openingId, body: fields as OpeningFields });
      return { ok: true, message: "Saved." };
    }
    if (intent === "move" && move && isOpeningMove(move)) {
      const endpoint = `${move}Opening` as const;
      await staffApi(endpoint, { openingId });
      return { ok: true, message: MOVE_DONE[move] };
    }
  } catch (error) {
    return refusalOf(error, request);
  }
  throw data("Unknown action", 400);
}
