import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import type { IslandDefinition } from "~/lib/island";
import { prefersReducedMotion } from "~/lib/motion";

/**
 * A carousel (app/components/ui/carousel.tsx) run by Embla. Embla measures every slide when it starts, a long
 * task on a slow phone, so it starts when the carousel comes within half a screen of the viewport or takes
 * focus, not with the page; the buttons and arrow keys work from then on, and the slides are readable before.
 */
export const island: IslandDefinition<{ loop: boolean }> = {
  name: "carousel",
  start: (section, { loop }) => {
    const viewport = section.querySelector<HTMLElement>('[data-slot="carousel-viewport"]');
    const previous = section.querySelector<HTMLButtonElement>('[data-slot="carousel-previous"]');
    const next = section.querySelector<HTMLButtonElement>('[data-slot="carousel-next"]');
    const dots = [...section.querySelectorAll<HTMLButtonElement>('[data-slot="carousel-dot"]')];
    if (!viewport || !previous || !next) throw new Error("a carousel without its viewport or buttons");

    let embla: EmblaCarouselType | null = null;
    const reflect = (api: EmblaCarouselType) => {
      previous.disabled = !api.canScrollPrev();
      next.disabled = !api.canScrollNext();
      dots.forEach((dot, index) => {
        if (index === api.selectedScrollSnap()) dot.setAttribute("aria-current", "true");
        else dot.removeAttribute("aria-current");
      });
    };
    const startEmbla = () => {
      if (embla) return;
      observer.disconnect();
      embla = EmblaCarousel(viewport, { loop, align: "start" });
      embla.on("select", reflect).on("reInit", reflect);
      reflect(embla);
      section.dataset.ready = "";
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) startEmbla();
      },
      { rootMargin: "50% 0px" },
    );
    observer.observe(section);
    section.addEventListener("focusin", startEmbla);

    // Under reduced motion the slides change without the scrolling animation.
    previous.addEventListener("click", () => embla?.scrollPrev(prefersReducedMotion()));
    next.addEventListener("click", () => embla?.scrollNext(prefersReducedMotion()));
    dots.forEach((dot, index) => {
      dot.addEventListener("click", () => embla?.scrollTo(index, prefersReducedMotion()));
    });
    section.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      if (event.key === "ArrowLeft") embla?.scrollPrev(prefersReducedMotion());
      else embla?.scrollNext(prefersReducedMotion());
    });
  },
};
