import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countValueAt, formatCount, useCountUp } from "./use-count-up";

/** A stand-in IntersectionObserver the test can trigger, since jsdom has none. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit | undefined;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
    FakeObserver.instances.push(this);
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
  reveal() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

function Counter(props: Parameters<typeof useCountUp>[0]) {
  const { ref, text } = useCountUp<HTMLSpanElement>(props);
  return (
    <span ref={ref} data-testid="counter">
      {text}
    </span>
  );
}

const rect = (top: number) =>
  ({ top, bottom: top + 50, left: 0, right: 100, width: 100, height: 50 }) as DOMRect;

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
  let top = 2000;

  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["requestAnimationFrame", "cancelAnimationFrame", "performance", "setTimeout"],
    });
    FakeObserver.instances = [];
    reducedMotion = false;
    top = 2000; // below the fold unless a test says otherwise
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    window.matchMedia = vi.fn(() => ({ matches: reducedMotion })) as unknown as typeof window.matchMedia;
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(() => rect(top));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("waits at 0 until seen, then counts up to the target over the duration, once", () => {
    render(<Counter target={4000} suffix="+" durationMs={1500} threshold={0.1} />);
    const counter = screen.getByTestId("counter");
    expect(counter).toHaveTextContent("0+");
    expect(FakeObserver.instances[0]?.options?.threshold).toBe(0.1);

    act(() => vi.advanceTimersByTime(5000));
    expect(counter).toHaveTextContent("0+"); // nothing happens while it is out of view

    act(() => FakeObserver.instances[0]?.reveal());
    act(() => vi.advanceTimersByTime(750));
    const midway = Number.parseInt(counter.textContent ?? "", 10);
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(4000);

    act(() => vi.advanceTimersByTime(1000));
    expect(counter).toHaveTextContent("4000+");
  });

  it("shows the final value at once under reduced motion", () => {
    reducedMotion = true;
    render(<Counter target={98.7} decimals={1} suffix="%" durationMs={2000} />);
    expect(screen.getByTestId("counter")).toHaveTextContent("98.7%");
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it("keeps the final value for a counter already on screen at load", () => {
    top = 100;
    render(<Counter target={4.2} decimals={1} prefix="$" suffix="M" durationMs={2000} />);
    expect(screen.getByTestId("counter")).toHaveTextContent("$4.2M");
    expect(FakeObserver.instances).toHaveLength(0);
  });

  it("leaves static figures alone", () => {
    render(<Counter target={98} suffix="%" durationMs={1500} animate={false} />);
    expect(screen.getByTestId("counter")).toHaveTextContent("98%");
    expect(FakeObserver.instances).toHaveLength(0);
  });
});
