import { Button } from "~/components/ui/button";
import { ROUTES } from "../../../config/route-paths.ts";
import type { PublicOpening } from "../../../staff/public-openings.ts";
import { OpeningCard } from "./opening-card";

/** The page of an opening no longer shown (paused, closed, expired or unknown): what is open now instead. */
export function OpeningsGone({ openings }: { openings: PublicOpening[] }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24 lg:px-8">
      <div className="mx-auto max-w-3xl text-center">
        <h1 className="text-3xl font-bold text-navy-900 md:text-4xl">This position is no longer open</h1>
        <p className="mt-4 text-lg text-ink-soft">
          It has been filled or taken down. Thank you for your interest: the positions below are open now, and
          the general application reaches our recruiters whatever you are looking for.
        </p>
        <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
          <a href={`${ROUTES.careers}#application-form`}>Send the general application</a>
        </Button>
      </div>
      {openings.length > 0 ? (
        <>
          <h2 className="mt-16 text-2xl font-bold text-navy-900">Open positions</h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {openings.map((opening) => (
              <li key={opening.shortId}>
                <OpeningCard opening={opening} />
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <a
              href={`${ROUTES.careers}#open-positions`}
              className="font-semibold text-(--accent-700) underline underline-offset-4"
            >
              Search all open positions
            </a>
          </p>
        </>
      ) : (
        <p className="mt-12 text-center text-ink-soft">There are no other open positions right now.</p>
      )}
    </section>
  );
}
