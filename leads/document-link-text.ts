import { DOCUMENTS_PATH } from "../config/route-paths.ts";

/** The token of each private link in a text (its path, or an address ending with it). */
const DOCUMENT_TOKENS = new RegExp(`${DOCUMENTS_PATH}/[A-Za-z0-9_%-]+`, "g");
/** Where a private link's token was: the text says a link was there, and opens nothing. */
export const MASKED_DOCUMENT_LINK = `${DOCUMENTS_PATH}/[private link]`;

/**
 * A text with every nurse's private link masked: a sent mail as the store keeps it and staff read it. The store
 * keeps a token only as its hash (decision 029); the mail carrying it holds it only until it is sent.
 */
export const maskDocumentLinks = (text: string) => text.replace(DOCUMENT_TOKENS, MASKED_DOCUMENT_LINK);
