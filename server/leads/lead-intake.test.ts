import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RESUME_MESSAGES } from "../../leads/resume.ts";
import { rejectionOf } from "../../test-support/rejection.ts";
import { exeWithPdfInside, pdfFile } from "../../test-support/resume-fixtures.ts";
import { ensureDataDirs, tempDirOf } from "../store/resume-files.ts";
import {
  IntakeError,
  type IntakeOptions,
  isFormEncoding,
  readLeadBody,
  sanitiseFileName,
} from "./lead-intake.ts";

const URLENCODED = "application/x-www-form-urlencoded";
const BOUNDARY = "----intake-test";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** A multipart body: text fields, then files as [field name, file name, bytes]. */
function multipart(fields: Record<string, string>, files: [string, string, Buffer][] = []) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const [name, fileName, content] of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\n` +
          "Content-Type: application/octet-stream\r\n\r\n",
      ),
      content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** The start of a multipart body up to where a resume's bytes begin: they follow, as a slow client sends them. */
function resumePartHead() {
  const body = multipart({}, [["resume", "cv.pdf", Buffer.alloc(0)]]);
  return body.subarray(0, body.indexOf("\r\n\r\n", body.indexOf("filename")) + 4);
}

describe("file names passed on with a resume", () => {
  it("keeps the base name's safe characters and gives it the extension its bytes prove", () => {
    expect(sanitiseFileName("C:\\Users\\mary\\cv<1>.PDF", "pdf")).toBe("cv_1_.PDF");
    expect(sanitiseFileName("../../etc/passwd", "docx")).toBe("passwd.docx");
    expect(sanitiseFileName("résumé (final).doc", "doc")).toBe("r_sum_ (final).doc");
    expect(sanitiseFileName("cv.pdf", "docx")).toBe("cv.pdf.docx");
    expect(sanitiseFileName("", "pdf")).toBe("resume.pdf");
    expect(sanitiseFileName("a".repeat(150), "pdf")).toBe(`${"a".repeat(100)}.pdf`);
  });
});

describe("form encodings the intake reads", () => {
  it("takes multipart and URL-encoded bodies, in any case, with parameters", () => {
    expect(isFormEncoding(`${MULTIPART}`)).toBe(true);
    expect(isFormEncoding(`${URLENCODED}; charset=UTF-8`)).toBe(true);
    expect(isFormEncoding("APPLICATION/X-WWW-FORM-URLENCODED")).toBe(true);
  });

  it("refuses anything else, and a type that only contains or starts like one", () => {
    for (const type of [
      undefined,
      "",
      "application/json",
      "text/multipart/form-data",
      "multipart/form-datax",
    ]) {
      expect(isFormEncoding(type), String(type)).toBe(false);
    }
  });
});

describe("reading a lead's body", () => {
  let dataDir: string;
  const options = (overrides: Partial<IntakeOptions> = {}): IntakeOptions => ({
    contentType: MULTIPART,
    contentLength: undefined,
    acceptsResume: true,
    dataDir,
    maxFileBytes: 10 * 1024 * 1024,
    ...overrides,
  });
  const refusalOf = async (promise: Promise<unknown>) => {
    const { status, code, message, fields } = await rejectionOf(promise, IntakeError);
    return { status, code, message, fields };
  };
  const tempFiles = () => readdir(tempDirOf(dataDir));

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "intake-"));
    await ensureDataDirs(dataDir);
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps the first of a repeated field", async () => {
    const body = Readable.from([Buffer.from("name=Mary&name=Other&email=m%40example.com")]);
    const lead = await readLeadBody(body, options({ contentType: URLENCODED }));
    expect(lead).toEqual({ fields: { name: "Mary", email: "m@example.com" }, resume: null });
  });

  it("refuses a body whose Content-Length is over the limit before reading it, and takes one exactly at it", async () => {
    const body = multipart({ name: "Mary" });
    const untouched = new PassThrough();
    expect(
      await refusalOf(
        readLeadBody(
          untouched,
          options({ contentLength: String(body.length + 1), maxBodyBytes: body.length }),
        ),
      ),
    ).toMatchObject({ status: 413, code: "too_large" });
    expect(untouched.readableFlowing).toBe(null);
    const lead = await readLeadBody(
      Readable.from([body]),
      options({ contentLength: String(body.length), maxBodyBytes: body.length }),
    );
    expect(lead.fields).toEqual({ name: "Mary" });
  });

  it("refuses a field longer than any form allows with 413", async () => {
    const body = Readable.from([Buffer.from(`message=${"x".repeat(70 * 1024)}`)]);
    expect(await refusalOf(readLeadBody(body, options({ contentType: URLENCODED })))).toMatchObject({
      status: 413,
      code: "too_large",
      message: "A field is longer than any form allows.",
    });
  });

  it("stores the resume in DATA_DIR/tmp with its kind, safe name, size and digest", async () => {
    const content = pdfFile(5000);
    const lead = await readLeadBody(
      Readable.from([multipart({ firstName: "Mary" }, [["resume", "my cv?.pdf", content]])]),
      options(),
    );
    expect(lead.fields).toEqual({ firstName: "Mary" });
    expect(lead.resume).toMatchObject({ kind: "pdf", name: "my cv_.pdf", size: content.length });
    expect(lead.resume?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await readFile(lead.resume?.tempPath ?? "")).toEqual(content);
  });

  it("ignores a file in another field, a second resume, and any file when the form takes none", async () => {
    const content = pdfFile(3000);
    const other = await readLeadBody(
      Readable.from([multipart({ firstName: "Mary" }, [["photo", "me.pdf", content]])]),
      options(),
    );
    expect(other.resume).toBeNull();
    const none = await readLeadBody(
      Readable.from([multipart({ firstName: "Mary" }, [["resume", "cv.pdf", content]])]),
      options({ acceptsResume: false }),
    );
    expect(none.resume).toBeNull();
    const two = await readLeadBody(
      Readable.from([
        multipart({}, [
          ["resume", "first.pdf", content],
          ["resume", "second.pdf", pdfFile(4000)],
        ]),
      ]),
      options(),
    );
    expect(two.resume).toMatchObject({ name: "first.pdf", size: content.length });
    // Only the first resume was written.
    expect(await tempFiles()).toHaveLength(1);
  });

  it("refuses an empty resume with the empty-file message and leaves no file", async () => {
    const body = Readable.from([multipart({ firstName: "Mary" }, [["resume", "cv.pdf", Buffer.alloc(0)]])]);
    expect(await refusalOf(readLeadBody(body, options()))).toMatchObject({
      status: 400,
      code: "invalid",
      fields: { resume: RESUME_MESSAGES.empty },
    });
    expect(await tempFiles()).toEqual([]);
  });

  it.each([
    ["with the rest of its first chunk", 0],
    ["when its first eight bytes arrive alone", 8],
  ])(
    "refuses what is not a resume by its first bytes %s, before the rest of it is stored",
    async (_, alone) => {
      // An executable of 4 MB: the refusal comes from its first bytes; the file never grows past the first chunk.
      const source = new PassThrough();
      const answer = refusalOf(readLeadBody(source, options()));
      const exe = exeWithPdfInside();
      source.write(resumePartHead());
      if (alone > 0) {
        source.write(exe.subarray(0, alone));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      source.write(exe.subarray(alone));
      for (let index = 0; index < 40; index++) source.write(Buffer.alloc(100 * 1024, 0x41));
      // Time enough for 4 MB to reach the disk had the file been kept open (the sizes below cannot grow otherwise).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const sizes = await Promise.all(
        (await tempFiles()).map(async (name) => (await readFile(path.join(tempDirOf(dataDir), name))).length),
      );
      source.end(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
      expect(await answer).toMatchObject({ status: 415, fields: { resume: RESUME_MESSAGES.type } });
      expect(sizes).toHaveLength(1);
      expect(sizes.every((size) => size < 1024 * 1024)).toBe(true);
      expect(await tempFiles()).toEqual([]);
    },
  );

  it("answers an interrupted upload with 400 and removes its file", async () => {
    const source = new PassThrough();
    const answer = refusalOf(readLeadBody(source, options()));
    const body = multipart({ firstName: "Mary" }, [["resume", "cv.pdf", pdfFile(200_000)]]);
    source.write(body.subarray(0, 100_000));
    await new Promise((resolve) => setTimeout(resolve, 20));
    source.destroy(new Error("socket hang up"));
    expect(await answer).toMatchObject({
      status: 400,
      code: "malformed",
      message: "The upload was interrupted.",
    });
    expect(await tempFiles()).toEqual([]);
  });

  it("answers a connection closed without an error the same way", async () => {
    const source = new PassThrough();
    const answer = refusalOf(readLeadBody(source, options()));
    source.write(multipart({ firstName: "Mary" }).subarray(0, 30));
    await new Promise((resolve) => setTimeout(resolve, 20));
    source.destroy();
    expect(await answer).toMatchObject({
      status: 400,
      code: "malformed",
      message: "The upload was interrupted.",
    });
  });

  it("refuses a body over the limit while reading it, then drains the rest before answering", async () => {
    const source = new PassThrough();
    let answered = false;
    const answer = refusalOf(readLeadBody(source, options({ maxBodyBytes: 50_000 }))).finally(() => {
      answered = true;
    });
    source.write(multipart({ message: "x".repeat(60_000) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The client is still sending: it gets its answer once its body has been read (and thrown away).
    expect(answered).toBe(false);
    source.end(Buffer.alloc(10_000));
    expect(await answer).toMatchObject({
      status: 413,
      code: "too_large",
      message: "The form is larger than 0 MB.",
    });
  });
  it("refuses a body in any other encoding with 415, naming the two it takes", async () => {
    expect(
      await refusalOf(
        readLeadBody(Readable.from(['{"name":"Mary"}']), options({ contentType: "application/json" })),
      ),
    ).toEqual({
      status: 415,
      code: "unsupported_media_type",
      message: "Send the form as multipart/form-data or application/x-www-form-urlencoded.",
      fields: undefined,
    });
  });

  it("reads a resume's first bytes across small chunks, and judges them once", async () => {
    // The first eight bytes (enough to know a PDF) arrive alone; what follows is not judged as a file's start.
    const content = pdfFile(50_000);
    const body = multipart({ firstName: "Mary" }, [["resume", "cv.pdf", content]]);
    const start = body.indexOf(content.subarray(0, 16));
    const source = new PassThrough();
    const lead = readLeadBody(source, options());
    source.write(body.subarray(0, start));
    for (const [from, to] of [
      [start, start + 3],
      [start + 3, start + 8],
      [start + 8, start + 20_000],
    ]) {
      source.write(body.subarray(from, to));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    source.end(body.subarray(start + 20_000));
    expect((await lead).resume).toMatchObject({ kind: "pdf", size: content.length });
  });

  it("answers 413 'could not be stored' when the resume cannot be written, and takes the next one", async () => {
    await rm(tempDirOf(dataDir), { recursive: true });
    const body = () =>
      Readable.from([multipart({ firstName: "Mary" }, [["resume", "cv.pdf", pdfFile(5000)]])]);
    expect(await refusalOf(readLeadBody(body(), options()))).toMatchObject({
      status: 413,
      code: "too_large",
      message: "The resume could not be stored.",
    });
    await ensureDataDirs(dataDir);
    expect((await readLeadBody(body(), options())).resume).toMatchObject({ kind: "pdf" });
  });

  it("stops reading a body 32 MB long at once, rather than drain it: the refusal already given is the answer", async () => {
    // A resume far over its 10 MB limit, sent without a Content-Length: refused at 10 MB, then drained...
    const source = new PassThrough();
    let answered = false;
    const answer = refusalOf(readLeadBody(source, options())).finally(() => {
      answered = true;
    });
    const start = Buffer.concat([resumePartHead(), pdfFile(1000)]);
    source.write(start);
    const chunk = Buffer.alloc(1024 * 1024, 0x41);
    let sent = start.length;
    while (sent + chunk.length <= 32 * 1024 * 1024) {
      source.write(chunk);
      sent += chunk.length;
    }
    source.write(chunk.subarray(0, 32 * 1024 * 1024 - sent));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    expect(source.destroyed).toBe(false);

    // ...up to exactly 32 MiB; one byte more and the connection is cut with the answer.
    source.write(Buffer.from("A"));
    expect(await answer).toMatchObject({
      status: 413,
      code: "too_large",
      fields: { resume: RESUME_MESSAGES.size },
    });
    expect(source.destroyed).toBe(true);
    expect(await tempFiles()).toEqual([]);
  });
});
