import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAREERS_TYPING, nextTypingStep, typedText, typeWords } from "./typing";

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

describe("typeWords", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.matchMedia = vi.fn().mockReturnValue({ matches: false }) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("types each word at 80 ms a letter and swaps words every 3 s, looping", () => {
    const text = new Text("Work.");
    typeWords(text, words);
    expect(text.data).toBe("W");
    vi.advanceTimersByTime(80);
    expect(text.data).toBe("Wo");
    vi.advanceTimersByTime(80 * 3);
    expect(text.data).toBe("Work.");
    vi.advanceTimersByTime(3000 - 80 * 4 - 1);
    expect(text.data).toBe("Work.");
    vi.advanceTimersByTime(1);
    expect(text.data).toBe("L");
    vi.advanceTimersByTime(3000);
    expect(text.data).toBe("C");
    vi.advanceTimersByTime(80 * 6);
    expect(text.data).toBe("Choice.");
    vi.advanceTimersByTime(3000 - 80 * 6);
    expect(text.data).toBe("W");
  });

  it("leaves the first word whole and still under reduced motion", () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    const text = new Text("Work.");
    typeWords(text, words);
    vi.advanceTimersByTime(10_000);
    expect(text.data).toBe("Work.");
  });
});
