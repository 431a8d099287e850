import { Menu } from "lucide-react";
import { PopoverPanel, popoverLinkClass } from "~/components/ui/popover-panel";
import { navLinks, services } from "~/content/site";
import { islandAttributes } from "~/lib/island";

const PANEL_ID = "home-menu";

/** The home page's floating menu, top right: a disclosure of the site's main destinations (an island: menu). */
export function HomeMenu() {
  return (
    <nav
      {...islandAttributes("menu")}
      aria-label="Site"
      className="fixed top-4 right-4 z-40 md:top-6 md:right-6"
    >
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-label="Open site menu"
        className="flex size-12 items-center justify-center rounded-full border border-line bg-white/95 text-navy-900 shadow-card backdrop-blur hover:bg-navy-50"
      >
        <Menu aria-hidden className="size-6" />
      </button>
      <PopoverPanel id={PANEL_ID} className="fixed inset-auto top-20 right-4 md:top-22 md:right-6">
        <ul>
          <li>
            <a href={navLinks.about.href} className={popoverLinkClass}>
              {navLinks.about.label}
            </a>
          </li>
          <li>
            <a href={navLinks.team.href} className={popoverLinkClass}>
              {navLinks.team.label}
            </a>
          </li>
        </ul>
        <div className="my-2 border-y border-line py-2">
          <p
            id="home-menu-services"
            className="px-3 pt-1 pb-1 text-xs font-semibold uppercase tracking-wider text-muted"
          >
            Services
          </p>
          <ul aria-labelledby="home-menu-services">
            {services.map((service) => (
              <li key={service.id}>
                <a href={service.href} className={popoverLinkClass}>
                  {service.menuLabel}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <ul>
          <li>
            <a href={navLinks.findJob.href} className={popoverLinkClass}>
              {navLinks.findJob.label}
            </a>
          </li>
        </ul>
      </PopoverPanel>
    </nav>
  );
}
