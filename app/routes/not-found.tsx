import { Button } from "~/components/ui/button";
import { islandAttributes } from "~/lib/island";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta({
    title: "Page not found",
    description: "The page you were looking for does not exist.",
    path: location.pathname,
    noindex: true,
  });

/** The server answers every unknown path with this page; its island logs the path asked for. */
export default function NotFound() {
  return (
    <section
      {...islandAttributes("not-found-log")}
      className="accent-navy mx-auto flex max-w-3xl flex-col items-center px-6 py-28 text-center"
    >
      <p className="text-7xl font-extrabold text-navy-800 tabular">404</p>
      <h1 className="mt-4 text-3xl font-bold text-navy-900">Oops! Page not found</h1>
      <p className="mt-3 text-lg text-ink-soft">The page you asked for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <a href="/">Return to Home</a>
      </Button>
    </section>
  );
}
