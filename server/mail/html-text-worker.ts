import { parentPort, workerData } from "node:worker_threads";
import { convert, type SelectorDefinition } from "html-to-text";

// Runs in a worker of its own (server/mail/html-text.ts): hostile HTML can take the parser minutes.

const skipped = [
  "img",
  "template",
  "noscript",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "canvas",
  "audio",
  "video",
  "select",
  "textarea",
  "button",
];

const selectors: SelectorDefinition[] = [
  ...skipped.map((selector) => ({ selector, format: "skip" })),
  // Mail lays out with tables: one cell a block, rather than a text table padded with spaces.
  ...["table", "tr", "td", "th"].map((selector) => ({
    selector,
    format: "block",
    options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
  })),
  ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({
    selector,
    options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 },
  })),
  { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
];

const text = convert(String(workerData), {
  wordwrap: false,
  selectors,
  // Depth as mailparser bounds it: deeper nodes become an ellipsis instead of exhausting the stack.
  limits: { maxDepth: 1000, ellipsis: "…" },
});
parentPort?.postMessage(text);
