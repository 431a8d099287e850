import { ChevronLeft, ChevronRight } from "lucide-react";
import { cn } from "~/lib/cn";
import { islandAttributes } from "~/lib/island";

export interface CarouselProps {
  /** The region's accessible name, e.g. "Client testimonials". */
  label: string;
  /** What one slide is, for button names: "Previous testimonial", "Go to testimonial 2". */
  itemName: string;
  slides: { id: string; content: React.ReactNode }[];
  /** Wrap around at both ends (ChartAssist, CareWorks); otherwise the end buttons are disabled (home). */
  loop?: boolean;
  /** One button per slide under the arrows. */
  dots?: boolean;
  className?: string;
}

const arrowClass =
  "inline-flex size-11 items-center justify-center rounded-full border border-line bg-white text-navy-900 shadow-sm transition-colors hover:border-(--accent-700) hover:text-(--accent-700) disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line disabled:hover:text-navy-900";

/**
 * The one carousel: labelled region, slides as groups "1 of 3", arrow keys when focused (APG carousel). The page
 * holds its first state (the first slide, Previous disabled unless it wraps); its island (carousel-island.ts)
 * starts Embla and keeps the buttons and dots in step with it.
 */
export function Carousel({ label, itemName, slides, loop = false, dots = false, className }: CarouselProps) {
  return (
    <section
      {...islandAttributes("carousel", { loop })}
      aria-roledescription="carousel"
      aria-label={label}
      className={cn("relative", className)}
    >
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewport takes focus so arrow keys can scroll it (APG carousel).
        tabIndex={0}
        className="overflow-hidden rounded-2xl"
        data-slot="carousel-viewport"
      >
        <div className="-ml-4 flex touch-pan-y" aria-live="polite">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: a slide is a group in the APG carousel pattern, not a form fieldset.
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4"
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-4">
        <button type="button" data-slot="carousel-previous" className={arrowClass} disabled={!loop}>
          <ChevronLeft aria-hidden className="size-5" />
          <span className="sr-only">Previous {itemName}</span>
        </button>
        {dots ? (
          <div className="flex items-center">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                data-slot="carousel-dot"
                aria-current={index === 0 ? "true" : undefined}
                className="group inline-flex size-11 items-center justify-center"
              >
                {/* The chosen dot is wider and in the accent: drawn from aria-current, which the island moves. */}
                <span
                  aria-hidden
                  className="block h-2.5 w-2.5 rounded-full bg-muted/50 transition-all group-hover:bg-muted group-aria-[current=true]:w-6 group-aria-[current=true]:bg-(--accent-700)"
                />
                <span className="sr-only">
                  Go to {itemName} {index + 1}
                </span>
              </button>
            ))}
          </div>
        ) : null}
        <button type="button" data-slot="carousel-next" className={arrowClass} disabled={slides.length < 2}>
          <ChevronRight aria-hidden className="size-5" />
          <span className="sr-only">Next {itemName}</span>
        </button>
      </div>
    </section>
  );
}
