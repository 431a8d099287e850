/**
 * The page's inline bootstrap (decision 021): once the page has painted, asks for the island entry and the modules
 * it imports, all at once (`<link rel="modulepreload">` for the imports, so the entry's own imports are not a
 * second round trip), then imports the entry. The URLs come from the bootstrap's own `data-modules` attribute,
 * the entry first, so the inline code is the same on every page and build.
 *
 * Inlined as source text (`Function.prototype.toString`): it may use only globals, never a module binding.
 */
export function loadEntry(): void {
  const script = document.querySelector<HTMLScriptElement>("script[data-modules]");
  const [entry, ...imports] = (script?.dataset.modules ?? "").split(" ").filter(Boolean);
  if (!entry) return;
  for (const href of imports) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  import(/* @vite-ignore */ entry).catch((error: unknown) =>
    console.error("The island entry did not load:", error),
  );
}
