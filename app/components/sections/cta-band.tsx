import { useId } from "react";
import type { Cta, SectionCopy } from "~/content/types";
import { islandAttributes } from "~/lib/island";
import { ActionButton } from "./action-link";

/** A closing call to action on the accent colour. */
export function CtaBand({ copy, actions }: { copy: SectionCopy; actions: Cta[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="px-4 py-16 sm:px-6 md:py-24 lg:px-8">
      <div
        {...islandAttributes("reveal")}
        className="mx-auto max-w-5xl rounded-3xl bg-(--accent-800) px-6 py-12 text-center text-white shadow-card md:px-12 md:py-16"
      >
        <h2 id={headingId} className="text-3xl font-bold md:text-4xl">
          {copy.title}
        </h2>
        {copy.intro ? <p className="mx-auto mt-4 max-w-2xl text-lg text-white/90">{copy.intro}</p> : null}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {actions.map((action, index) => (
            <ActionButton
              key={action.label}
              cta={action}
              variant={index === 0 ? "inverse" : "outlineInverse"}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
