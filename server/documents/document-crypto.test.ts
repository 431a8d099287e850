import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHUNK_BYTES,
  DocumentUnreadable,
  decryptDocument,
  documentKeyring,
  encryptDocument,
  HEADER_BYTES,
} from "./document-crypto.ts";
import { keyIdOfSealed, openSealed, sealToStaging } from "./sealed-files.ts";

/** Sealed documents kept as the files the test names, as SQLite keeps them. */
const filesAt = (file: string) => ({
  stagingPathOf: () => file,
  sealedOf: () => createReadStream(file),
  sealedHeadOf: async (_id: string, bytes: number) => (await readFile(file)).subarray(0, bytes),
});

const KEY = Buffer.alloc(32, 1).toString("base64");
const OTHER_KEY = Buffer.alloc(32, 2).toString("base64");
const keyring = documentKeyring(KEY);
const DOCUMENT = "0190a1b2-0000-7000-8000-000000000001";

/** A PDF and a JPEG as a phone or a scanner gives them: their signatures first, then their bytes. */
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n"),
  randomBytes(5000),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  randomBytes(5000),
]);

const seal = (plain: Buffer, id = DOCUMENT) =>
  buffer(Readable.from([plain]).pipe(encryptDocument(keyring, id)));
const open = (sealed: Buffer, id = DOCUMENT, ring = keyring) =>
  buffer(Readable.from([sealed]).pipe(decryptDocument(ring, id)));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "documents-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a credential document encrypted at rest", () => {
  it.each([0, 1, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES, 200_001])(
    "reads back exactly the %i bytes written",
    async (size) => {
      const plain = randomBytes(size);
      const sealed = await seal(plain);
      expect(sealed.length).toBeGreaterThan(size);
      expect((await open(sealed)).equals(plain)).toBe(true);
    },
  );

  it("reads back whatever size the pieces arrive in", async () => {
    const plain = randomBytes(5 * CHUNK_BYTES + 17);
    const pieces = (bytes: Buffer, size: number) =>
      Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
        bytes.subarray(i * size, (i + 1) * size),
      );
    const sealed = await buffer(Readable.from(pieces(plain, 1000)).pipe(encryptDocument(keyring, DOCUMENT)));
    const read = await buffer(Readable.from(pieces(sealed, 777)).pipe(decryptDocument(keyring, DOCUMENT)));
    expect(read.equals(plain)).toBe(true);
  });

  it("streams a 10 MB file: output leaves as input arrives, never more than a few chunks held", async () => {
    const total = 10 * 1024 * 1024;
    let given = 0;
    let sealedBytes = 0;
    let mostHeld = 0;
    const source = new Readable({
      read() {
        if (given >= total) return this.push(null);
        given += CHUNK_BYTES / 4;
        this.push(Buffer.alloc(CHUNK_BYTES / 4, given & 0xff));
      },
    });
    const encrypt = source.pipe(encryptDocument(keyring, DOCUMENT));
    encrypt.on("data", (piece: Buffer) => {
      sealedBytes += piece.length;
      mostHeld = Math.max(mostHeld, given - sealedBytes);
    });
    await once(encrypt, "end");
    expect(sealedBytes).toBeGreaterThan(total);
    expect(mostHeld).toBeLessThan(512 * 1024);
  });

  it("holds no readable PDF or JPEG signature in the file on disk, and says which key it is under", async () => {
    for (const [name, plain] of [
      ["scan.pdf", PDF],
      ["card.jpg", JPEG],
    ] as const) {
      const file = path.join(dir, `${name}.sealed`);
      await sealToStaging(filesAt(file), Readable.from([plain]), keyring, DOCUMENT);
      const onDisk = await readFile(file);
      expect(onDisk.subarray(0, 5).toString("latin1")).toBe("HSDOC");
      expect(onDisk.includes(Buffer.from("%PDF"))).toBe(false);
      expect(onDisk.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(onDisk.includes(Buffer.from("JFIF"))).toBe(false);
      expect(onDisk.includes(plain.subarray(100, 132))).toBe(false);
      expect(((await stat(file)).mode & 0o777).toString(8)).toBe("600");
      expect(await keyIdOfSealed(filesAt(file), DOCUMENT)).toBe(keyring.current.id);
      expect((await buffer(openSealed(filesAt(file), keyring, DOCUMENT))).equals(plain)).toBe(true);
    }
    // Nothing half-written is left beside the files.
    expect((await readdir(dir)).filter((name) => name.endsWith(".part"))).toEqual([]);
  });

  it("gives each file its own nonce: the same bytes twice encrypt differently", async () => {
    const [first, second] = [await seal(PDF), await seal(PDF)];
    expect(first.subarray(HEADER_BYTES).equals(second.subarray(HEADER_BYTES))).toBe(false);
    expect(
      first
        .subarray(HEADER_BYTES, HEADER_BYTES + 64)
        .equals(second.subarray(HEADER_BYTES, HEADER_BYTES + 64)),
    ).toBe(false);
  });
});

describe("a document that does not hold is refused", () => {
  const plain = randomBytes(3 * CHUNK_BYTES + 100);
  let sealed: Buffer;
  beforeAll(async () => {
    sealed = await seal(plain);
  });
  const flipped = (at: number) => {
    const copy = Buffer.from(sealed);
    copy[at] = (copy[at] ?? 0) ^ 0x01;
    return copy;
  };

  it.each([
    ["a bit flipped in the first chunk", () => flipped(HEADER_BYTES + 10)],
    ["a bit flipped in the last chunk's tag", () => flipped(sealed.length - 1)],
    ["the nonce in the header altered", () => flipped(20)],
    ["the last chunk cut off", () => sealed.subarray(0, HEADER_BYTES + 3 * (CHUNK_BYTES + 16))],
    ["a byte cut off the end", () => sealed.subarray(0, sealed.length - 1)],
    ["bytes added at the end", () => Buffer.concat([sealed, Buffer.alloc(20)])],
    ["two chunks swapped", () => swapFirstChunks(sealed)],
    ["only a header", () => sealed.subarray(0, HEADER_BYTES)],
    ["a plain PDF", () => PDF],
  ])("%s", async (_, damaged) => {
    await expect(open(damaged())).rejects.toBeInstanceOf(DocumentUnreadable);
  });

  it("refuses a file moved to another document", async () => {
    await expect(open(sealed, "0190a1b2-0000-7000-8000-000000000002")).rejects.toThrow(DocumentUnreadable);
  });

  it("refuses a file under a key not given, naming the key's id but not the key", async () => {
    const error = await open(sealed, DOCUMENT, documentKeyring(OTHER_KEY)).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(DocumentUnreadable);
    expect(String(error)).toContain(keyring.current.id);
    expect(String(error)).not.toContain(KEY);
  });

  it("lets out no byte of a chunk that does not hold", async () => {
    const received: Buffer[] = [];
    const damaged = flipped(HEADER_BYTES + 10);
    const stream = Readable.from([damaged]).pipe(decryptDocument(keyring, DOCUMENT));
    await expect(
      (async () => {
        for await (const piece of stream as AsyncIterable<Buffer>) received.push(piece);
      })(),
    ).rejects.toBeInstanceOf(DocumentUnreadable);
    expect(received).toEqual([]);
  });

  it("reads a file under the previous key while a new one is current", async () => {
    const rotating = documentKeyring(OTHER_KEY, KEY);
    expect(rotating.current.id).not.toBe(keyring.current.id);
    expect((await open(sealed, DOCUMENT, rotating)).equals(plain)).toBe(true);
    const file = path.join(dir, "truncated.sealed");
    await writeFile(file, sealed.subarray(0, 10));
    await expect(keyIdOfSealed(filesAt(file), DOCUMENT)).rejects.toBeInstanceOf(DocumentUnreadable);
  });
});

function swapFirstChunks(sealed: Buffer): Buffer {
  const size = CHUNK_BYTES + 16;
  const first = sealed.subarray(HEADER_BYTES, HEADER_BYTES + size);
  const second = sealed.subarray(HEADER_BYTES + size, HEADER_BYTES + 2 * size);
  return Buffer.concat([
    sealed.subarray(0, HEADER_BYTES),
    second,
    first,
    sealed.subarray(HEADER_BYTES + 2 * size),
  ]);
}
