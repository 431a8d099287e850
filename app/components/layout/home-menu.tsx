import { Menu } from "lucide-react";
import { Link } from "react-router";
import {
  closeEnclosingPopover,
  PopoverPanel,
  popoverLinkClass,
  usePopoverExpanded,
} from "~/components/ui/popover-panel";
import { navLinks, services } from "~/content/site";

const PANEL_ID = "home-menu";

/** The home page's floating menu, top right: a disclosure of the site's main destinations. */
export function HomeMenu() {
  const { expanded, panelRef } = usePopoverExpanded();
  return (
    <nav aria-label="Site" className="fixed top-4 right-4 z-40 md:top-6 md:right-6">
      <button
        type="button"
        popoverTarget={PANEL_ID}
        aria-expanded={expanded}
        aria-label="Open site menu"
        className="flex size-12 items-center justify-center rounded-full border border-line bg-white/95 text-navy-900 shadow-card backdrop-blur hover:bg-navy-50"
      >
        <Menu aria-hidden className="size-6" />
      </button>
      <PopoverPanel
        ref={panelRef}
        id={PANEL_ID}
        className="fixed inset-auto top-20 right-4 md:top-22 md:right-6"
      >
        <ul>
          <li>
            <Link to={navLinks.about.href} className={popoverLinkClass} onClick={closeEnclosingPopover}>
              {navLinks.about.label}
            </Link>
          </li>
          <li>
            <Link to={navLinks.team.href} className={popoverLinkClass} onClick={closeEnclosingPopover}>
              {navLinks.team.label}
            </Link>
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
                <Link to={service.href} className={popoverLinkClass} onClick={closeEnclosingPopover}>
                  {service.menuLabel}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <ul>
          <li>
            <Link to={navLinks.findJob.href} className={popoverLinkClass} onClick={closeEnclosingPopover}>
              {navLinks.findJob.label}
            </Link>
          </li>
        </ul>
      </PopoverPanel>
    </nav>
  );
}
