/**
 * Untrusted text (what a visitor typed, what an e-mail's sender wrote) made safe to carry as plain text: no
 * control characters, no direction overrides that reorder what a reader sees (CVE-2021-42574's trick), and a
 * bound. Rendering still escapes it; this keeps it from reaching a header or a mail body as anything but text.
 */

// C0 and C1 controls and DEL, the line and paragraph separators, and the bidirectional embeddings, overrides
// and isolates. Tab and line feed are handled by each function.
const LINE_BREAKS = /\r\n?|[\n\v\f\u0085\u2028\u2029]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** At most `max` characters, counted in code points so that a cut never leaves half a surrogate pair. */
export function atMost(value: string, max: number): string {
  if (value.length <= max) return value;
  return Array.from(value.slice(0, max * 2))
    .slice(0, max)
    .join("");
}

/** One line: breaks and tabs become spaces, controls go, spaces collapse, then trimmed and bounded. */
export function plainLine(value: string, max: number): string {
  const line = value
    .slice(0, max * 4)
    .replace(LINE_BREAKS, " ")
    .replace(/\t/g, " ")
    .replace(CONTROLS, "")
    .replace(/ {2,}/g, " ")
    .trim();
  return atMost(line, max).trim();
}

/** Several lines: every line break becomes \n, tabs stay, other controls go; trailing spaces of the text go. */
export function plainText(value: string): string {
  return value.replace(LINE_BREAKS, "\n").replace(CONTROLS, "").trimEnd();
}
