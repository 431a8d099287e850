import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeIntersectionObserver as FakeObserver } from "~/test/fake-intersection-observer";
import { type CountUpOptions, countUpOnSight, countValueAt, formatCount } from "./count-up";

/** A pre-rendered figure (its final value), counted as the stats island does. */
function counter(options: CountUpOptions) {
  const element = document.createElement("span");
  element.textContent = formatCount(options.target, options);
  document.body.append(element);
  countUpOnSight(element, options);
  return element;
}

describe("countValueAt", () => {
  it("eases out from 0 to the target and stops there", () => {
    expect(countValueAt(0, 1500, 4000)).toBe(0);
    expect(countValueAt(750, 1500, 4000)).toBeGreaterThan(2000); // ease-out: past half at half time
    expect(countValueAt(1500, 1500, 4000)).toBe(4000);
    expect(countValueAt(9000, 1500, 4000)).toBe(4000);
  });

  it("formats prefix, decimals and suffix", () => {
    expect(formatCount(4000, { suffix: "+" })).toBe("4000+");
    expect(formatCount(98.7, { decimals: 1, suffix: "%" })).toBe("98.7%");
    expect(formatCount(4.2, { decimals: 1, prefix: "$", suffix: "M" })).toBe("$4.2M");
  });
});

describe("countUpOnSight", () => {
  let reducedMotion = false;
  const observer = () => FakeObserver.instances[0];

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance", "setTimeout"],
    });
    FakeObserver.instances = [];
    reducedMotion = false;
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    window.matchMedia = vi.fn(() => ({ matches: reducedMotion })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    document.body.replaceChildren();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the final value until the observer first reports, so the pre-rendered figure stays", () => {
    expect(counter({ target: 4000, suffix: "+", durationMs: 1500 })).toHaveTextContent("4000+");
  });

  it("starting below the fold, waits at 0 until enough of it is seen, then counts up once", () => {
    const figure = counter({ target: 4000, suffix: "+", durationMs: 1500, threshold: 0.1 });
    observer()?.report(false);
    expect(figure).toHaveTextContent("0+");

    vi.advanceTimersByTime(5000);
    expect(figure).toHaveTextContent("0+"); // nothing happens while it is out of view
    observer()?.report(true, 0.05);
    vi.advanceTimersByTime(2000);
    expect(figure).toHaveTextContent("0+"); // a sliver is not enough

    observer()?.report(true, 0.2);
    vi.advanceTimersByTime(750);
    const midway = Number.parseInt(figure.textContent ?? "", 10);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(4000);

    vi.advanceTimersByTime(1000);
    expect(figure).toHaveTextContent("4000+");
    expect(observer()?.connected).toBe(false);
  });

  it("keeps the final value for a counter already on screen at load, and stops watching", () => {
    const figure = counter({ target: 4.2, decimals: 1, prefix: "$", suffix: "M", durationMs: 2000 });
    observer()?.report(true, 0.01);
    vi.advanceTimersByTime(3000);
    expect(figure).toHaveTextContent("$4.2M");
    expect(observer()?.connected).toBe(false);
  });

  it("never measures the element itself (no forced layout while the islands start)", () => {
    const measure = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect");
    const figure = counter({ target: 4000, suffix: "+", durationMs: 1500 });
    // It watches the element: the observer stands in for measuring, so without one there is nothing to prove.
    expect(FakeObserver.instances).toHaveLength(1);
    expect(observer()?.observed).toEqual([figure]);
    observer()?.report(false);
    observer()?.report(true);
    expect(measure).not.toHaveBeenCalled();
  });

  it("shows the final value at once under reduced motion", () => {
    reducedMotion = true;
    expect(counter({ target: 98.7, decimals: 1, suffix: "%", durationMs: 2000 })).toHaveTextContent("98.7%");
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it("leaves static figures alone", () => {
    expect(counter({ target: 98, suffix: "%", durationMs: 1500, animate: false })).toHaveTextContent("98%");
    expect(FakeObserver.instances).toHaveLength(0);
  });
});
