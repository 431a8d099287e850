import {
  BriefcaseMedical,
  ChartColumn,
  ChevronDown,
  ClipboardCheck,
  Inbox,
  MailQuestion,
  Menu,
  ScrollText,
  Settings,
  UserX,
} from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { staffPaths } from "~/staff/lib/staff-paths";
import { may, type Permission } from "../../../staff/permissions.ts";
import type { Role } from "../../../staff/roles.ts";

/** Each page with the permission its endpoints need: a role sees the pages it may use. */
const PAGES: { to: string; label: string; icon: typeof Inbox; end: boolean; permission: Permission }[] = [
  { to: staffPaths.inbox, label: "Inbox", icon: Inbox, end: true, permission: "leads:read" },
  {
    to: staffPaths.openings,
    label: "Openings",
    icon: BriefcaseMedical,
    end: false,
    permission: "openings:manage",
  },
  { to: staffPaths.reports, label: "Reports", icon: ChartColumn, end: false, permission: "reports:read" },
  { to: staffPaths.audit, label: "Audit log", icon: ScrollText, end: false, permission: "audit:read" },
  {
    to: staffPaths.unmatched,
    label: "Unmatched mail",
    icon: MailQuestion,
    end: false,
    permission: "mail:unmatched",
  },
  {
    to: staffPaths.checklists,
    label: "Checklists",
    icon: ClipboardCheck,
    end: false,
    permission: "checklists:manage",
  },
  { to: staffPaths.erase, label: "Erase a person", icon: UserX, end: false, permission: "people:erase" },
  { to: staffPaths.settings, label: "My settings", icon: Settings, end: false, permission: "account" },
];

const linkClass = (current: boolean) =>
  cn(
    "flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700",
    current ? "bg-navy-50 text-navy-900" : "text-ink-soft hover:bg-surface hover:text-ink",
  );

/**
 * The staff pages a role may open: a narrow column on the side; on a phone, a "Menu" button that folds the
 * same links out below it, so no role's set of links ever runs wider than the screen. A plain disclosure
 * button, like the inbox's native filter sheet: the frame is in every page's first load (its budget).
 */
export function StaffNav({ role, phone }: { role: Role; phone: boolean }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: a page opened from the menu folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const pages = PAGES.filter((page) => may(role, page.permission)).map((page) => ({
    ...page,
    current: page.end ? pathname === page.to : pathname.startsWith(page.to),
  }));
  const links = (
    <ul className="flex flex-col gap-1">
      {pages.map(({ to, label, icon: Icon, current }) => (
        <li key={to}>
          <Link to={to} aria-current={current ? "page" : undefined} className={linkClass(current)}>
            <Icon aria-hidden className="size-4" />
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );

  if (!phone)
    return (
      <nav aria-label="Staff" className="w-52 shrink-0 border-r border-line bg-white px-3 py-4">
        {links}
      </nav>
    );
  const here = pages.find((page) => page.current)?.label;
  const open = openOn === pathname;
  return (
    <nav aria-label="Staff" className="border-b border-line bg-white px-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="staff-nav-menu"
        onClick={() => setOpenOn(open ? null : pathname)}
        className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-sm font-medium text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700"
      >
        <Menu aria-hidden className="size-4" />
        Menu
        {here ? <span className="truncate font-normal text-muted">· {here}</span> : null}
        <ChevronDown aria-hidden className={cn("ml-auto size-4 text-muted", open && "rotate-180")} />
      </button>
      <div id="staff-nav-menu" hidden={!open} className="pb-2">
        {open ? links : null}
      </div>
    </nav>
  );
}
