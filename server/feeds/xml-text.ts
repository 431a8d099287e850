/**
 * Text in the XML the server writes (the sitemap, the job feed): whatever staff typed stays text. Characters
 * XML 1.0 cannot carry (C0 controls other than tab and line breaks, lone surrogates, U+FFFE/U+FFFF) and the C1
 * controls it discourages are removed; the rest is escaped, or wrapped in CDATA.
 */

// Tab, LF and CR stay; every other control, lone surrogates and the two non-characters go.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|\p{Cs}/gu;

/** The text without the characters XML cannot carry. */
export const xmlSafe = (text: string) => text.replace(NOT_XML, "");

const ESCAPES: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};

/** Escaped for an element's text or an attribute's value. */
export const escapeXml = (text: string) => xmlSafe(text).replace(/[<>&'"]/g, (char) => ESCAPES[char] ?? char);

/**
 * A CDATA section holding `text`: a `]]>` inside it would end the section, so it is split between two
 * sections (`]]` ends one, `>` starts the next), which a parser joins back into the same text.
 */
export const cdata = (text: string) => `<![CDATA[${xmlSafe(text).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
