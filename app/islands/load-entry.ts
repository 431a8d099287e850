/**
 * The page's inline bootstrap (decision 021): once the page has painted, imports the island entry, whose URL
 * comes from the bootstrap's own `data-entry` attribute, so the inline code is the same on every page and build.
 * The entry imports nothing (vite.config.ts keeps what it shares in its own chunk), so this one request is all
 * the islands wait for.
 *
 * Inlined as source text (`Function.prototype.toString`): it may use only globals, never a module binding.
 */
export function loadEntry(): void {
  const entry = document.querySelector<HTMLScriptElement>("script[data-entry]")?.dataset.entry;
  if (!entry) return;
  import(/* @vite-ignore */ entry).catch((error: unknown) =>
    console.error("The island entry did not load:", error),
  );
}
