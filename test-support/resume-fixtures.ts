import { writeFile } from "node:fs/promises";
import yazl from "yazl";
import { newTempPath } from "../server/store/resume-files.ts";
import type { NewLead } from "../server/store/store-records.ts";

/** Test files of every kind the resume check must tell apart, built in memory. */
export async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;

/** The parts of the smallest package Word opens: content types and a main document. */
export const DOCX_PARTS: Record<string, string> = {
  "[Content_Types].xml": CONTENT_TYPES,
  "word/document.xml": `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Mary Seacole</w:t></w:r></w:p></w:body></w:document>`,
};

export const docxFile = () => zipOf(DOCX_PARTS);

/** Any other archive, renamed .docx. */
export const plainZipFile = () => zipOf({ "notes.txt": "not a resume" });

export const pdfFile = (size = 2048) =>
  Buffer.concat([
    Buffer.from("%PDF-1.7\n"),
    Buffer.alloc(Math.max(0, size - 15), 0x20),
    Buffer.from("\n%%EOF"),
  ]);

/** A PDF header glued onto a zip: readers of either format open it. */
export const pdfZipPolyglot = async () => Buffer.concat([Buffer.from("%PDF-1.7\n"), await plainZipFile()]);

/** A Windows executable that carries a PDF further in. */
export const exeWithPdfInside = () =>
  Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(120), pdfFile(512)]);

/** An OLE compound file header, as Word 97-2003 writes. */
export const docFile = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016)]);

/** The resume part of a new lead: `content` written where the intake leaves an upload (DATA_DIR/tmp). */
export async function uploadedResume(
  dataDir: string,
  content: Buffer,
): Promise<NonNullable<NewLead["resume"]>> {
  const tempPath = newTempPath(dataDir);
  await writeFile(tempPath, content);
  return { name: "cv.pdf", kind: "pdf", size: content.length, sha256: "abc", tempPath };
}
