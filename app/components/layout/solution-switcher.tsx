import { ChevronDown } from "lucide-react";
import { PopoverPanel, popoverCurrentClass, popoverLinkClass } from "~/components/ui/popover-panel";
import { serviceById, switcherOrder } from "~/content/site";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { islandAttributes } from "~/lib/island";

const PANEL_ID = "solutions-menu";

const ordered = switcherOrder.map(serviceById);

/**
 * Pills on wide screens, an "Our Solutions" dropdown below 768 px (an island: menu); the current solution
 * (`pathname`, without a trailing slash) is not a link.
 */
export function SolutionSwitcher({ pathname }: { pathname: string }) {
  return (
    <nav {...islandAttributes("menu")} aria-label="Our solutions" className="border-b border-line bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-3 sm:px-6 lg:px-8">
        <ul className="hidden items-center justify-center gap-3 md:flex">
          {ordered.map((service) => {
            const current = service.href === pathname;
            const pill = cn(
              "flex min-h-11 items-center rounded-full border px-5 text-sm font-semibold transition-colors",
              accentClass[service.id],
              current
                ? "border-(--accent-700) bg-(--accent-700) text-white"
                : "border-line bg-white text-ink-soft hover:border-(--accent-700) hover:text-(--accent-700)",
            );
            return (
              <li key={service.id}>
                {current ? (
                  <span aria-current="page" className={pill}>
                    {service.switcherLabel}
                  </span>
                ) : (
                  <a href={service.href} className={pill}>
                    {service.switcherLabel}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
        <div className="flex justify-center md:hidden">
          <button
            type="button"
            popoverTarget={PANEL_ID}
            className="flex min-h-11 items-center gap-2 rounded-full border border-line bg-white px-5 text-sm font-semibold text-ink shadow-sm [anchor-name:--solutions]"
          >
            Our Solutions
            <ChevronDown aria-hidden className="size-4" />
          </button>
          <PopoverPanel id={PANEL_ID} className="[position-anchor:--solutions] [position-area:bottom] mt-2">
            <ul>
              {ordered.map((service) => (
                <li key={service.id}>
                  {service.href === pathname ? (
                    <span aria-current="page" className={popoverCurrentClass}>
                      {service.switcherLabel}
                    </span>
                  ) : (
                    <a href={service.href} className={popoverLinkClass}>
                      {service.switcherLabel}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </PopoverPanel>
        </div>
      </div>
    </nav>
  );
}
