import { ArrowRight } from "lucide-react";
import { openingPathOf } from "../../../staff/openings.ts";
import type { PublicOpening } from "../../../staff/public-openings.ts";
import { OpeningFacts } from "./opening-facts";

/** One opening in the list: its title (the link to its page) and its facts. */
export function OpeningCard({ opening }: { opening: PublicOpening }) {
  const href = openingPathOf(opening);
  return (
    <article className="relative flex h-full flex-col rounded-card border border-line bg-white p-6 shadow-card transition-shadow focus-within:ring-4 focus-within:ring-(--accent-100) hover:shadow-md">
      <h3 className="text-xl leading-tight font-semibold text-navy-900">
        {/* The whole card answers a click through the link's stretched box; the link's text is the title. */}
        <a href={href} className="after:absolute after:inset-0 focus-visible:outline-none">
          {opening.title}
        </a>
      </h3>
      {opening.specialty ? <p className="mt-1 text-sm text-muted">{opening.specialty}</p> : null}
      <OpeningFacts opening={opening} className="mt-4 text-sm sm:grid-cols-1" />
      <p
        className="mt-auto flex items-center gap-1 pt-5 text-sm font-semibold text-(--accent-700)"
        aria-hidden
      >
        View opening
        <ArrowRight className="size-4" />
      </p>
    </article>
  );
}
