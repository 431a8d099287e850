import { LogoMark } from "~/components/ui/logo-mark";
import type { HeroCopy } from "~/content/types";
import { cn } from "~/lib/cn";
import { ActionButton } from "./action-link";
import { Eyebrow } from "./section";

export interface PageHeroProps {
  copy: Omit<HeroCopy, "actions"> & { actions?: HeroCopy["actions"] };
  /** The company mark above the eyebrow; hidden on /chart-assist (spec, section 2). */
  showLogo?: boolean;
  /** An illustration or panel beside the text on wide screens. */
  media?: React.ReactNode;
  /** Badges, a rating or a note under the buttons. */
  children?: React.ReactNode;
  /** Replaces the intro paragraph's slot, e.g. the careers typing line above the intro. */
  beforeIntro?: React.ReactNode;
}

/** The page's opening: eyebrow, the one h1, intro, calls to action; the first is the primary button. */
export function PageHero({ copy, showLogo = false, media, children, beforeIntro }: PageHeroProps) {
  return (
    <section className="relative overflow-hidden bg-linear-to-b from-(--accent-50) to-white">
      <div
        className={cn(
          "mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:pt-20 md:pb-24 lg:px-8",
          media && "lg:grid-cols-[1.1fr_1fr]",
        )}
      >
        <div className={cn("max-w-2xl", !media && "mx-auto text-center")}>
          {showLogo ? <LogoMark className={cn("mb-6 size-14", !media && "mx-auto")} /> : null}
          <Eyebrow>{copy.eyebrow}</Eyebrow>
          <h1 className="mt-3 text-4xl font-bold text-navy-900 sm:text-5xl">{copy.title}</h1>
          {beforeIntro}
          <p className="mt-5 text-lg text-ink-soft md:text-xl">{copy.intro}</p>
          {copy.actions?.length ? (
            <div className={cn("mt-8 flex flex-col gap-3 sm:flex-row", !media && "sm:justify-center")}>
              {copy.actions.map((action, index) => (
                <ActionButton
                  key={action.label}
                  cta={action}
                  variant={index === 0 ? "primary" : "secondary"}
                />
              ))}
            </div>
          ) : null}
          {children}
        </div>
        {media ? <div className="flex justify-center lg:justify-end">{media}</div> : null}
      </div>
    </section>
  );
}
