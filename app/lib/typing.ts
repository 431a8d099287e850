import { prefersReducedMotion } from "./motion";

export interface TypingTiming {
  /** Time between two typed letters. */
  letterMs: number;
  /** Time from one word's first letter to the next word's first letter. */
  wordMs: number;
}

export interface TypingState {
  wordIndex: number;
  /** How many letters of the current word are shown. */
  length: number;
}

/** The careers hero: a letter every 80 ms, a new word every 3000 ms (spec, section 9). */
export const CAREERS_TYPING: TypingTiming = { letterMs: 80, wordMs: 3000 };

/** The next state, and how long to wait before showing it. */
export function nextTypingStep(
  state: TypingState,
  words: readonly string[],
  { letterMs, wordMs }: TypingTiming,
): { state: TypingState; delayMs: number } {
  const word = words[state.wordIndex] ?? "";
  if (state.length < word.length) {
    return { state: { wordIndex: state.wordIndex, length: state.length + 1 }, delayMs: letterMs };
  }
  // The word started (length - 1) letters ago; the next one starts wordMs after it did.
  const typedFor = Math.max(0, word.length - 1) * letterMs;
  return {
    state: { wordIndex: (state.wordIndex + 1) % words.length, length: 1 },
    delayMs: Math.max(0, wordMs - typedFor),
  };
}

export const typedText = (state: TypingState, words: readonly string[]) =>
  (words[state.wordIndex] ?? "").slice(0, state.length);

/**
 * Types the words into `text` one letter at a time, looping. The pre-rendered HTML shows the first word whole;
 * under reduced motion it stays that way. Returns the cleanup.
 */
export function typeWords(
  text: Text,
  words: readonly string[],
  timing: TypingTiming = CAREERS_TYPING,
): () => void {
  if (words.length === 0 || prefersReducedMotion()) return () => {};
  let current: TypingState = { wordIndex: 0, length: 1 };
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    const step = nextTypingStep(current, words, timing);
    timer = setTimeout(() => {
      current = step.state;
      text.data = typedText(current, words);
      schedule();
    }, step.delayMs);
  };
  text.data = typedText(current, words);
  schedule();
  return () => clearTimeout(timer);
}
