import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeIntersectionObserver as FakeObserver } from "~/test/fake-intersection-observer";
import { countValueAt, formatCount, useCountUp } from "./use-count-up";

function Counter(props: Parameters<typeof useCountUp>[0]) {
  const { ref, text } = useCountUp<HTMLSpanElement>(props);
  return (
    <span ref={ref} data-testid="counter">
      {text}
    </span>
  );
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

describe("useCountUp", () => {
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
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the final value until the observer first reports, so the pre-rendered figure stays", () => {
    render(<Counter target={4000} suffix="+" durationMs={1500} />);
    expect(screen.getByTestId("counter")).toHaveTextContent("4000+");
  });

  it("starting below the fold, waits at 0 until enough of it is seen, then counts up once", () => {
    render(<Counter target={4000} suffix="+" durationMs={1500} threshold={0.1} />);
    const counter = screen.getByTestId("counter");
    act(() => observer()?.report(false));
    expect(counter).toHaveTextContent("0+");

    act(() => vi.advanceTimersByTime(5000));
    expect(counter).toHaveTextContent("0+"); // nothing happens while it is out of view
    act(() => observer()?.report(true, 0.05));
    act(() => vi.advanceTimersByTime(2000));
    expect(counter).toHaveTextContent("0+"); // a sliver is not enough

    act(() => observer()?.report(true, 0.2));
    act(() => vi.advanceTimersByTime(750));
    const midway = Number.parseInt(counter.textContent ?? "", 10);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(4000);

    act(() => vi.advanceTimersByTime(1000));
    expect(counter).toHaveTextContent("4000+");
    expect(observer()?.connected).toBe(false);
  });

  it("keeps the final value for a counter already on screen at load, and stops watching", () => {
    render(<Counter target={4.2} decimals={1} prefix="$" suffix="M" durationMs={2000} />);
    act(() => observer()?.report(true, 0.01));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId("counter")).toHaveTextContent("$4.2M");
    expect(observer()?.connected).toBe(false);
  });

  it("never measures the element itself (no forced layout while hydrating)", () => {
    const measure = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect");
    render(<Counter target={4000} suffix="+" durationMs={1500} />);
    // It watches the element: the observer stands in for measuring, so without one there is nothing to prove.
    expect(FakeObserver.instances).toHaveLength(1);
    expect(observer()?.observed).toEqual([screen.getByTestId("counter")]);
    act(() => observer()?.report(false));
    act(() => observer()?.report(true));
    expect(measure).not.toHaveBeenCalled();
  });

  it("shows the final value at once under reduced motion", () => {
    reducedMotion = true;
    render(<Counter target={98.7} decimals={1} suffix="%" durationMs={2000} />);
    expect(screen.getByTestId("counter")).toHaveTextContent("98.7%");
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it("leaves static figures alone", () => {
    render(<Counter target={98} suffix="%" durationMs={1500} animate={false} />);
    expect(screen.getByTestId("counter")).toHaveTextContent("98%");
    expect(FakeObserver.instances).toHaveLength(0);
  });
});
