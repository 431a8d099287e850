import { Worker } from "node:worker_threads";

/**
 * An HTML body as plain text, with html-to-text (the converter mailparser itself uses), in a worker thread:
 * HTML that nests deeply or runs to megabytes takes the parser seconds to minutes (decision 024 has a time),
 * so the conversion gets a deadline and a heap of its own, and the server's event loop never waits on it.
 */

/** The most HTML converted, in characters: the rest of a longer body is left out (outcome "truncated"). */
export const HTML_TEXT_INPUT_MAX = 1_000_000;
export const HTML_TEXT_TIMEOUT_MS = 5_000;

export type HtmlTextOutcome = "converted" | "truncated" | "failed";

export interface HtmlText {
  /** Empty when the conversion failed. */
  text: string;
  outcome: HtmlTextOutcome;
}

const WORKER = new URL("./html-text-worker.ts", import.meta.url);

export function htmlToPlainText(
  html: string,
  options: { timeoutMs?: number; inputMax?: number } = {},
): Promise<HtmlText> {
  const inputMax = options.inputMax ?? HTML_TEXT_INPUT_MAX;
  const truncated = html.length > inputMax;
  const worker = new Worker(WORKER, {
    workerData: truncated ? html.slice(0, inputMax) : html,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  return new Promise<HtmlText>((resolve) => {
    let settled = false;
    const settle = (result: HtmlText) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      resolve(result);
    };
    const failed = () => settle({ text: "", outcome: "failed" });
    const deadline = setTimeout(failed, options.timeoutMs ?? HTML_TEXT_TIMEOUT_MS);
    worker.on("message", (text: unknown) =>
      settle({ text: String(text), outcome: truncated ? "truncated" : "converted" }),
    );
    // An exception, running out of its heap, or exiting without an answer.
    worker.on("error", failed);
    worker.on("exit", failed);
  });
}
