import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { prefersReducedMotion } from "~/lib/motion";

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

/** The one carousel (Embla): labelled region, slides as groups "1 of 3", arrow keys when focused. */
export function Carousel({ label, itemName, slides, loop = false, dots = false, className }: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({ loop, align: "start" });
  // Embla measures every slide when it starts, one of the longest tasks of a page's hydration, so it starts
  // when the carousel comes within half a screen of the viewport, or takes focus, not on page load.
  const sectionRef = useRef<HTMLElement>(null);
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const section = sectionRef.current;
    if (started || !section) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setStarted(true);
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(section);
    return () => observer.disconnect();
  }, [started]);
  // The first render (and the pre-rendered HTML) matches Embla's starting state, so hydration agrees.
  const [state, setState] = useState({ selected: 0, canPrev: loop, canNext: loop || slides.length > 1 });

  useEffect(() => {
    if (!api) return;
    const update = () =>
      setState({
        selected: api.selectedScrollSnap(),
        canPrev: api.canScrollPrev(),
        canNext: api.canScrollNext(),
      });
    update();
    api.on("select", update).on("reInit", update);
    return () => {
      api.off("select", update).off("reInit", update);
    };
  }, [api]);

  // Under reduced motion the slides change without the scrolling animation.
  const previous = useCallback(() => api?.scrollPrev(prefersReducedMotion()), [api]);
  const next = useCallback(() => api?.scrollNext(prefersReducedMotion()), [api]);
  const goTo = useCallback((index: number) => api?.scrollTo(index, prefersReducedMotion()), [api]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  };

  const arrowClass =
    "inline-flex size-11 items-center justify-center rounded-full border border-line bg-white text-navy-900 shadow-sm transition-colors hover:border-(--accent-700) hover:text-(--accent-700) disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-line disabled:hover:text-navy-900";

  return (
    <section
      ref={sectionRef}
      aria-roledescription="carousel"
      aria-label={label}
      data-ready={api ? "" : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => setStarted(true)}
      className={cn("relative", className)}
    >
      <div
        ref={started ? viewportRef : undefined}
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
        <button type="button" className={arrowClass} onClick={previous} disabled={!state.canPrev}>
          <ChevronLeft aria-hidden className="size-5" />
          <span className="sr-only">Previous {itemName}</span>
        </button>
        {dots ? (
          <div className="flex items-center">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                onClick={() => goTo(index)}
                aria-current={state.selected === index ? "true" : undefined}
                className="group inline-flex size-11 items-center justify-center"
              >
                <span
                  aria-hidden
                  className={cn(
                    "block h-2.5 rounded-full transition-all",
                    state.selected === index
                      ? "w-6 bg-(--accent-700)"
                      : "w-2.5 bg-muted/50 group-hover:bg-muted",
                  )}
                />
                <span className="sr-only">
                  Go to {itemName} {index + 1}
                </span>
              </button>
            ))}
          </div>
        ) : null}
        <button type="button" className={arrowClass} onClick={next} disabled={!state.canNext}>
          <ChevronRight aria-hidden className="size-5" />
          <span className="sr-only">Next {itemName}</span>
        </button>
      </div>
    </section>
  );
}
