import { LogOut, Settings, ShieldPlus } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, type LoaderFunctionArgs, Outlet, useLoaderData, useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { loadOrSignIn, StaffApiError, staffApi } from "~/staff/lib/api";
import { useIsPhone } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import { useToastsWanted } from "~/staff/lib/toasts";
import { ROLE_LABELS } from "../../../staff/roles.ts";
import { StaffNav } from "./staff-nav";

const StaffToaster = lazy(() =>
  import("./staff-toaster").then(({ StaffToaster }) => ({ default: StaffToaster })),
);

export async function loader({ request }: LoaderFunctionArgs) {
  return loadOrSignIn(request, () => staffApi("me", { signal: request.signal }));
}

/** Who is signed in changes only by signing in or out, not on every action or poll of a page below. */
export function shouldRevalidate() {
  return false;
}

/** The staff app's frame: a narrow side navigation, a top bar with who is signed in, the page. */
export default function StaffLayout() {
  const { user } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const phone = useIsPhone();
  const toasts = useToastsWanted();

  const signOut = async () => {
    try {
      await staffApi("signOut");
    } catch (error) {
      // An expired session is signed out already; anything else still leaves for the sign-in page.
      if (!(error instanceof StaffApiError)) throw error;
    }
    navigate(staffPaths.signIn, { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-surface text-[0.9375rem] accent-navy">
      <a
        href="#staff-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-line bg-white px-4">
        <span className="flex items-center gap-2 font-semibold text-navy-900">
          <ShieldPlus aria-hidden className="size-6 text-navy-700" />
          <span className="max-sm:sr-only">Staff</span>
        </span>
        <div className="flex-1" />
        <p className="flex min-w-0 flex-col items-end text-right leading-tight">
          <span className="max-w-full truncate text-sm font-semibold text-ink" data-testid="staff-email">
            {user.email}
          </span>
          <span className="text-xs text-muted">{ROLE_LABELS[user.role]}</span>
        </p>
        {phone ? (
          // The navigation folds into its menu on a phone: one's own settings stay by one's name.
          <Link
            to={staffPaths.settings}
            aria-label="My settings"
            className={buttonVariants({ variant: "ghost", size: "sm", className: "px-2.5" })}
          >
            <Settings aria-hidden />
          </Link>
        ) : null}
        <Button variant="ghost" size="sm" onClick={signOut}>
          <LogOut aria-hidden />
          Sign out
        </Button>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <StaffNav role={user.role} phone={phone} />
        <main id="staff-main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <Outlet context={{ user }} />
        </main>
      </div>
      {toasts ? (
        <Suspense fallback={null}>
          <StaffToaster phone={phone} />
        </Suspense>
      ) : null}
    </div>
  );
}
