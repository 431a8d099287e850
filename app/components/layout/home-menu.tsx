import { Menu } from "lucide-react";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { navLinks, services } from "~/content/site";

/** The home page's floating menu, top right. */
export function HomeMenu() {
  return (
    <div className="fixed top-4 right-4 z-40 md:top-6 md:right-6">
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          aria-label="Open site menu"
          className="flex size-12 items-center justify-center rounded-full border border-line bg-white/95 text-navy-900 shadow-card backdrop-blur hover:bg-navy-50"
        >
          <Menu aria-hidden className="size-6" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" aria-label="Site menu">
          <DropdownMenuItem asChild>
            <Link to={navLinks.about.href}>{navLinks.about.label}</Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to={navLinks.team.href}>{navLinks.team.label}</Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuGroup>
            <DropdownMenuLabel>Services</DropdownMenuLabel>
            {services.map((service) => (
              <DropdownMenuItem key={service.id} asChild>
                <Link to={service.href}>{service.menuLabel}</Link>
              </DropdownMenuItem>
            ))}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={navLinks.findJob.href}>{navLinks.findJob.label}</Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
