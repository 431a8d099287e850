import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DOCX_PARTS,
  docFile,
  docxFile,
  exeWithPdfInside,
  pdfFile,
  pdfZipPolyglot,
  plainZipFile,
  zipOf,
} from "../../test-support/resume-fixtures.ts";
import { detectResumeKind } from "./resume-type.ts";

describe("a stored upload's kind, by its content", () => {
  let dir: string;
  let count = 0;
  const kindOf = async (content: Buffer) => {
    const file = path.join(dir, `upload-${count++}`);
    await writeFile(file, content);
    return detectResumeKind(file);
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "resume-type-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("knows a PDF, a Word 97-2003 document and a Word package", async () => {
    expect(await kindOf(pdfFile())).toBe("pdf");
    expect(await kindOf(docFile())).toBe("doc");
    expect(await kindOf(await docxFile())).toBe("docx");
  });

  it("refuses a zip that is not a Word document, even one holding one of its two parts", async () => {
    expect(await kindOf(await plainZipFile())).toBeNull();
    expect(await kindOf(await zipOf({ "word/document.xml": "<w:document/>" }))).toBeNull();
    expect(await kindOf(await zipOf({ "[Content_Types].xml": "<Types/>" }))).toBeNull();
  });

  it("refuses a PDF header glued onto a zip, an executable carrying a PDF, text and an empty file", async () => {
    expect(await kindOf(await pdfZipPolyglot())).toBeNull();
    expect(await kindOf(exeWithPdfInside())).toBeNull();
    expect(await kindOf(Buffer.from("Mary Seacole, RN\n"))).toBeNull();
    expect(await kindOf(Buffer.alloc(0))).toBeNull();
  });

  it("does not walk a zip of more than 5,000 entries: a Word package that large is refused", async () => {
    const entries = { ...DOCX_PARTS };
    for (let index = 0; index < 5000; index++) entries[`word/media/part-${index}.xml`] = "";
    expect(await kindOf(await zipOf(entries))).toBeNull();
    // One under the bound is walked and found.
    delete entries["word/media/part-0.xml"];
    delete entries["word/media/part-1.xml"];
    expect(Object.keys(entries)).toHaveLength(5000);
    expect(await kindOf(await zipOf(entries))).toBe("docx");
  });
});
