import { accentClass } from "~/lib/accent";
import { headSlot, slotAttributes } from "~/lib/slots";

/**
 * The shell of each opening's page (decision 028): the CareStaff chrome around an empty main slot, pre-rendered
 * once at `OPENING_SHELL_PATH`. The server fills the head (title, description, canonical, JSON-LD) and the main
 * slot (the details and the application form) from the render module, app/render/pages.tsx.
 */
export const meta = () => [headSlot()];

export default function OpeningShell() {
  return <div {...slotAttributes("main")} className={accentClass.carestaff} />;
}
