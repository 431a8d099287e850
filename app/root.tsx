import { isRouteErrorResponse, Links, Meta, Outlet, useLocation } from "react-router";
import { BottomBar, bottomBarAction } from "~/components/layout/bottom-bar";
import { HomeMenu } from "~/components/layout/home-menu";
import { SiteFooter } from "~/components/layout/site-footer";
import { SkipLink } from "~/components/layout/skip-link";
import { SolutionSwitcher } from "~/components/layout/solution-switcher";
import { SpeculationRules } from "~/components/layout/speculation-rules";
import { TopBar } from "~/components/layout/top-bar";
import { IslandsScript } from "~/islands/islands-script";
import { cn } from "~/lib/cn";
import { isSolutionPath, normalizePath } from "~/lib/service";
import { ROUTES } from "../config/route-paths.ts";
import type { Route } from "./+types/root";
import "./app.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <Meta />
        <Links />
        <SpeculationRules />
      </head>
      <body className="min-h-dvh bg-white font-sans text-ink antialiased">
        {children}
        <IslandsScript />
      </body>
    </html>
  );
}

/**
 * The chrome every page shares: skip link, top bar (or the home menu), footer, bottom bar. Pages are documents
 * (decision 021): a link loads the next page, which lands at its top or at its anchor, and only the islands run.
 */
export default function App() {
  const { pathname } = useLocation();
  const isHome = pathname === ROUTES.home;
  // Reserve the bottom bar's height on phones so it never covers the end of the page.
  const reserveBottomBar = bottomBarAction(pathname) !== null;

  return (
    <div className={cn("flex min-h-dvh flex-col", reserveBottomBar && "pb-[4.5rem] md:pb-0")}>
      <SkipLink />
      {isHome ? <HomeMenu /> : <TopBar />}
      {isSolutionPath(pathname) && <SolutionSwitcher pathname={normalizePath(pathname)} />}
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <BottomBar />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let detail: string;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText || ""}`.trim();
  else if (error instanceof Error) detail = error.message;
  else detail = String(error);

  return (
    <main id="main-content" className="mx-auto max-w-3xl px-6 py-24">
      <h1 className="text-3xl font-bold text-navy-900">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg text-ink-soft">{detail}</p>
      {import.meta.env.DEV && error instanceof Error && error.stack ? (
        <pre className="mt-6 overflow-x-auto rounded-lg bg-surface p-4 text-sm">{error.stack}</pre>
      ) : null}
      <p className="mt-8">
        <a href="/" className="font-semibold text-chart-700 underline underline-offset-4">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
