import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeIntersectionObserver as FakeObserver } from "~/test/fake-intersection-observer";
import { revealOnSight } from "./reveal";

/** A section of the page, revealed as the reveal island does. */
function revealed() {
  const section = document.createElement("div");
  section.textContent = "Content";
  document.body.append(section);
  revealOnSight(section);
  return section;
}

describe("revealOnSight", () => {
  let reducedMotion = false;
  const observer = () => FakeObserver.instances[0];

  beforeEach(() => {
    FakeObserver.instances = [];
    reducedMotion = false;
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    window.matchMedia = vi.fn(() => ({ matches: reducedMotion })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    document.body.replaceChildren();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("hides a section that starts below the fold until it is seen, then shows it", () => {
    const section = revealed();
    expect(section).not.toHaveAttribute("data-reveal"); // visible until the observer has reported
    observer()?.report(false);
    expect(section).toHaveAttribute("data-reveal", "waiting");
    observer()?.report(true);
    expect(section).toHaveAttribute("data-reveal", "shown");
    expect(observer()?.connected).toBe(false);
  });

  it("leaves a section that starts on screen alone", () => {
    const section = revealed();
    observer()?.report(true, 0.1);
    expect(section).not.toHaveAttribute("data-reveal");
    expect(observer()?.connected).toBe(false);
  });

  it("never measures the section itself (no forced layout while the islands start)", () => {
    const measure = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect");
    const section = revealed();
    // It watches the section: the observer stands in for measuring, so without one there is nothing to prove.
    expect(FakeObserver.instances).toHaveLength(1);
    expect(observer()?.observed).toEqual([section]);
    observer()?.report(false);
    expect(section).toHaveAttribute("data-reveal", "waiting");
    expect(measure).not.toHaveBeenCalled();
  });

  it("does nothing under reduced motion", () => {
    reducedMotion = true;
    const section = revealed();
    expect(FakeObserver.instances).toHaveLength(0);
    expect(section).not.toHaveAttribute("data-reveal");
  });
});
