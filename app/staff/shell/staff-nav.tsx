import { ChartColumn, ClipboardCheck, Inbox, MailQuestion, ScrollText, Settings, UserX } from "lucide-react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import { staffPaths } from "~/staff/lib/staff-paths";
import { may, type Permission } from "../../../staff/permissions.ts";
import type { Role } from "../../../staff/roles.ts";

/** Each page with the permission its endpoints need: a role sees the pages it may use. */
const PAGES: { to: string; label: string; icon: typeof Inbox; end: boolean; permission: Permission }[] = [
  { to: staffPaths.inbox, label: "Inbox", icon: Inbox, end: true, permission: "leads:read" },
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

/** The staff pages a role may open: a narrow column on the side, a scrolling row on a phone. */
export function StaffNav({ role, phone }: { role: Role; phone: boolean }) {
  const { pathname } = useLocation();
  const pages = PAGES.filter((page) => may(role, page.permission));
  return (
    <nav
      aria-label="Staff"
      className={cn("border-line bg-white", phone ? "border-b px-2" : "w-52 shrink-0 border-r px-3 py-4")}
    >
      <ul className={cn(phone ? "flex gap-1 overflow-x-auto" : "flex flex-col gap-1")}>
        {pages.map(({ to, label, icon: Icon, end }) => {
          const current = end ? pathname === to : pathname.startsWith(to);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-navy-700",
                  current ? "bg-navy-50 text-navy-900" : "text-ink-soft hover:bg-surface hover:text-ink",
                )}
              >
                <Icon aria-hidden className="size-4" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
