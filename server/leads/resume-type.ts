import { fileTypeFromFile } from "file-type";
import yauzl, { type ZipFile } from "yauzl";
import type { ResumeKind } from "../../leads/resume.ts";

/** A Word document is a package with its content types and a main document part. */
const DOCX_PARTS = ["[Content_Types].xml", "word/document.xml"];
/** Far more parts than any resume has: a zip bomb of tiny entries is not worth walking. */
const MAX_ZIP_ENTRIES = 5000;

/** What file-type calls each kind we accept (an OLE compound file is where Word 97-2003 documents live). */
const DETECTED: Record<string, ResumeKind> = { pdf: "pdf", docx: "docx", cfb: "doc" };

/**
 * Identifies a stored upload by its content: file-type reads the few bytes it needs, and yauzl reads the
 * zip's central directory. A DOCX must hold a Word document; anything that is also a readable zip while
 * claiming to be something else (a PDF header glued onto an archive) is a polyglot and refused.
 */
export async function detectResumeKind(file: string): Promise<ResumeKind | null> {
  const detected = await fileTypeFromFile(file);
  const kind = detected ? DETECTED[detected.ext] : undefined;
  if (!kind) return null;
  const entries = await zipEntryNames(file);
  if (kind === "docx") return entries && DOCX_PARTS.every((part) => entries.has(part)) ? "docx" : null;
  return entries ? null : kind;
}

/** The names in a zip's central directory, or null when the file is not a readable zip. */
async function zipEntryNames(file: string): Promise<Set<string> | null> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false, strictFileNames: false });
  } catch {
    return null;
  }
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) return new Set();
    return await new Promise<Set<string>>((resolve, reject) => {
      const names = new Set<string>();
      zip.on("entry", (entry: yauzl.Entry) => {
        names.add(entry.fileName);
        zip.readEntry();
      });
      zip.once("end", () => resolve(names));
      zip.once("error", reject);
      zip.readEntry();
    });
  } catch {
    return new Set();
  } finally {
    zip.close();
  }
}
