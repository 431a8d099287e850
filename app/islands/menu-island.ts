import type { IslandDefinition } from "~/lib/island";

/** Whether a popover is open; false where the browser has no Popover API (its panel cannot have opened). */
function isOpen(panel: HTMLElement): boolean {
  try {
    return panel.matches(":popover-open");
  } catch {
    return false;
  }
}

/**
 * A menu whose panel the browser opens and closes natively (a popover, decision 007): the island tells assistive
 * technology that does not derive it from popovertarget whether the panel is open (aria-expanded, kept in step
 * with the panel's toggle events, and read at start since the panel may already be open), and closes the panel
 * when a link in it is chosen (a page restored from the back-forward cache would otherwise show it still open).
 */
export const island: IslandDefinition<undefined> = {
  name: "menu",
  start: (element) => {
    for (const button of element.querySelectorAll<HTMLButtonElement>("button[popovertarget]")) {
      const panel = document.getElementById(button.getAttribute("popovertarget") ?? "");
      if (!panel) continue;
      const reflect = () => button.setAttribute("aria-expanded", String(isOpen(panel)));
      panel.addEventListener("toggle", reflect);
      reflect();
      panel.addEventListener("click", (event) => {
        if (event.target instanceof Element && event.target.closest("a")) panel.hidePopover?.();
      });
    }
  },
};
