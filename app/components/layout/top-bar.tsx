import { useLocation } from "react-router";
import { ActionButton } from "~/components/sections/action-link";
import { LogoMark } from "~/components/ui/logo-mark";
import { Wordmark } from "~/components/ui/wordmark";
import { navLinks, type ServiceId, serviceById, site } from "~/content/site";
import type { Cta } from "~/content/types";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { anchorHref, serviceForPath } from "~/lib/service";
import { ROUTES } from "../../../config/route-paths.ts";

interface Action extends Cta {
  variant: "primary" | "secondary";
}

/** The two buttons each service's bar carries (spec, section 2). */
export function topBarActions(service: ServiceId, pathname: string): [Action, Action] {
  switch (service) {
    case "carestaff":
      return [
        { label: "Log In", href: ROUTES.login, variant: "secondary" },
        { label: "Get Hired Now", href: ROUTES.careers, variant: "primary" },
      ];
    case "careworks":
      return [
        {
          label: "Schedule Call",
          href: anchorHref(pathname, "contact", ROUTES.careWorks),
          variant: "secondary",
        },
        { label: "Hire Now", href: anchorHref(pathname, "contact", ROUTES.careWorks), variant: "primary" },
      ];
    case "chartassist":
      return [
        { label: "Log In", href: site.links.chartAssistApp, external: true, variant: "secondary" },
        { label: "Request Demo", href: anchorHref(pathname, "demo", ROUTES.chartAssist), variant: "primary" },
      ];
  }
}

/** The sticky bar on every page but home, branded by the service the path belongs to. */
export function TopBar() {
  const { pathname } = useLocation();
  const serviceId = serviceForPath(pathname);
  const service = serviceById(serviceId);
  const actions = topBarActions(serviceId, pathname);

  return (
    <header
      className={cn(
        // Opaque enough that the muted "by" line keeps 4.5:1 over the darkest section scrolling beneath.
        "sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur",
        accentClass[serviceId],
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6 md:h-18 lg:px-8">
        <a
          href={service.href}
          className="flex min-h-11 min-w-0 items-center gap-1.5 rounded-md sm:gap-2"
          data-testid="brand"
        >
          <LogoMark className="size-7 sm:size-8" />
          <span className="flex min-w-0 flex-col leading-tight">
            <Wordmark service={service} className="text-lg text-navy-900 md:text-xl" />
            <span className="text-[0.6875rem] text-muted sm:text-xs">by {site.company.name}</span>
          </span>
        </a>
        <nav aria-label="Main" className="ml-auto md:ml-8">
          <ul className="flex items-center sm:gap-2">
            <li>
              <a
                href={navLinks.about.href}
                className="flex min-h-11 items-center whitespace-nowrap rounded-md px-1.5 text-sm font-medium text-ink-soft hover:text-ink sm:px-3 md:text-base"
              >
                {navLinks.about.label}
              </a>
            </li>
            <li>
              <a
                href={navLinks.team.href}
                className="flex min-h-11 items-center whitespace-nowrap rounded-md px-1.5 text-sm font-medium text-ink-soft hover:text-ink sm:px-3 md:text-base"
              >
                <span className="md:hidden">{navLinks.team.shortLabel}</span>
                <span className="hidden md:inline">{navLinks.team.label}</span>
              </a>
            </li>
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-3 md:flex" data-testid="top-bar-actions">
          {actions.map((action) => (
            <ActionButton key={action.label} cta={action} variant={action.variant} size="sm" />
          ))}
        </div>
      </div>
    </header>
  );
}
