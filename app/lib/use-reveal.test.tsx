import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeIntersectionObserver as FakeObserver } from "~/test/fake-intersection-observer";
import { useReveal } from "./use-reveal";

function Revealed() {
  const ref = useReveal<HTMLDivElement>();
  return (
    <div ref={ref} data-testid="section">
      Content
    </div>
  );
}

describe("useReveal", () => {
  let reducedMotion = false;
  const observer = () => FakeObserver.instances[0];

  beforeEach(() => {
    FakeObserver.instances = [];
    reducedMotion = false;
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    window.matchMedia = vi.fn(() => ({ matches: reducedMotion })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("hides a section that starts below the fold until it is seen, then shows it", () => {
    render(<Revealed />);
    const section = screen.getByTestId("section");
    expect(section).not.toHaveAttribute("data-reveal"); // visible until the observer has reported
    act(() => observer()?.report(false));
    expect(section).toHaveAttribute("data-reveal", "waiting");
    act(() => observer()?.report(true));
    expect(section).toHaveAttribute("data-reveal", "shown");
    expect(observer()?.connected).toBe(false);
  });

  it("leaves a section that starts on screen alone", () => {
    render(<Revealed />);
    act(() => observer()?.report(true, 0.1));
    expect(screen.getByTestId("section")).not.toHaveAttribute("data-reveal");
    expect(observer()?.connected).toBe(false);
  });

  it("never measures the section itself (no forced layout while hydrating)", () => {
    const measure = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect");
    render(<Revealed />);
    // It watches the section: the observer stands in for measuring, so without one there is nothing to prove.
    expect(FakeObserver.instances).toHaveLength(1);
    expect(observer()?.observed).toEqual([screen.getByTestId("section")]);
    act(() => observer()?.report(false));
    expect(screen.getByTestId("section")).toHaveAttribute("data-reveal", "waiting");
    expect(measure).not.toHaveBeenCalled();
  });

  it("does nothing under reduced motion", () => {
    reducedMotion = true;
    render(<Revealed />);
    expect(FakeObserver.instances).toHaveLength(0);
    expect(screen.getByTestId("section")).not.toHaveAttribute("data-reveal");
  });
});
