import { islandAttributes } from "~/lib/island";

/**
 * "Nursing that fits your Work." with the last word typed and cycled by its island (typing-island.ts); the
 * pre-rendered line shows the first word whole. Read once, whole, by screen readers.
 */
export function TypingWord({ lead, words }: { lead: string; words: readonly string[] }) {
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
  return (
    <p
      {...islandAttributes("typing", { words })}
      className="mt-5 text-2xl font-semibold text-navy-800 md:text-3xl"
    >
      <span className="sr-only">
        {lead} {words.join(" ")}
      </span>
      <span aria-hidden>
        {lead} {/* Reserve the longest word's width so the line never reflows while typing. */}
        <span className="relative inline-block text-left text-(--accent-700)">
          <span className="invisible">{longest}</span>
          <span
            className="absolute inset-0 whitespace-nowrap"
            data-slot="typed-word"
            data-testid="typing-word"
          >
            {words[0]}
            <span className="typing-caret ml-0.5 inline-block h-[1em] w-0.5 translate-y-[0.12em] bg-current" />
          </span>
        </span>
      </span>
    </p>
  );
}
