import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAREERS_TYPING, nextTypingStep, typedText, useTypingText } from "./typing";

const words = ["Work.", "Life.", "Choice."] as const;

describe("nextTypingStep", () => {
  it("adds one letter every 80 ms", () => {
    const step = nextTypingStep({ wordIndex: 0, length: 1 }, words, CAREERS_TYPING);
    expect(step).toEqual({ state: { wordIndex: 0, length: 2 }, delayMs: 80 });
  });

  it("starts the next word 3000 ms after the current one started, wrapping at the end", () => {
    // "Choice." finished typing 6 letters (480 ms) after it started.
    const step = nextTypingStep({ wordIndex: 2, length: 7 }, words, CAREERS_TYPING);
    expect(step).toEqual({ state: { wordIndex: 0, length: 1 }, delayMs: 3000 - 480 });
  });

  it("shows the typed part of the word", () => {
    expect(typedText({ wordIndex: 2, length: 3 }, words)).toBe("Cho");
  });
});

describe("useTypingText", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("types each word at 80 ms a letter and swaps words every 3 s, looping", () => {
    const { result } = renderHook(() => useTypingText(words));
    expect(result.current).toBe("W");
    act(() => vi.advanceTimersByTime(80));
    expect(result.current).toBe("Wo");
    act(() => vi.advanceTimersByTime(80 * 3));
    expect(result.current).toBe("Work.");
    act(() => vi.advanceTimersByTime(3000 - 80 * 4 - 1));
    expect(result.current).toBe("Work.");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("L");
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe("C");
    act(() => vi.advanceTimersByTime(80 * 6));
    expect(result.current).toBe("Choice.");
    act(() => vi.advanceTimersByTime(3000 - 80 * 6));
    expect(result.current).toBe("W");
  });

  it("shows the first word whole and stays still under reduced motion", () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    const { result } = renderHook(() => useTypingText(words));
    expect(result.current).toBe("Work.");
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe("Work.");
  });
});
