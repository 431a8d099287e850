import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { anchorHref, isSolutionPath, serviceForPath } from "~/lib/service";
import { ROUTES } from "../../../config/route-paths.ts";

/** The bottom bar's call to action for a path, or null where the bar is not shown. */
export function bottomBarAction(pathname: string): { label: string; href: string } | null {
  if (isSolutionPath(pathname)) return null;
  switch (serviceForPath(pathname)) {
    case "carestaff":
      return { label: "Get Staffed", href: anchorHref(pathname, "contact", ROUTES.careStaff) };
    case "careworks":
      return { label: "Hire Now", href: anchorHref(pathname, "contact", ROUTES.careWorks) };
    case "chartassist":
      return { label: "Request Demo", href: anchorHref(pathname, "demo", ROUTES.chartAssist) };
  }
}

/** Fixed call to action below 768 px; the layout reserves its height so it never covers content. */
export function BottomBar() {
  const { pathname } = useLocation();
  const action = bottomBarAction(pathname);
  if (!action) return null;
  return (
    <nav
      aria-label="Quick action"
      data-testid="bottom-bar"
      className={cn(
        "fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 px-4 py-3 backdrop-blur md:hidden",
        accentClass[serviceForPath(pathname)],
      )}
    >
      <Button asChild className="w-full">
        <a href={action.href}>{action.label}</a>
      </Button>
    </nav>
  );
}
