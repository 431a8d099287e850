import { mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { precompress } from "../../scripts/precompress.ts";
import { loadStaticSite } from "./static-site.ts";

/** A built client of a page, a script, a small file and an image. */
async function builtClient() {
  const dir = await mkdtemp(path.join(tmpdir(), "static-site-"));
  await writeFile(
    path.join(dir, "index.html"),
    `<!doctype html><title>x</title>${"<p>Hello</p>".repeat(100)}`,
  );
  await writeFile(path.join(dir, "app.js"), `console.log(${JSON.stringify("y".repeat(2000))});`);
  await writeFile(path.join(dir, "tiny.txt"), "small");
  await writeFile(path.join(dir, "logo.png"), Buffer.alloc(4000, 7));
  return dir;
}

describe("the built site's compressed copies", () => {
  it("are written by the build for text over 512 bytes only, and served as the files' own", async () => {
    const dir = await builtClient();
    expect(await precompress(dir)).toBe(2);
    expect((await readdir(dir)).sort()).toEqual([
      "app.js",
      "app.js.br",
      "app.js.gz",
      "index.html",
      "index.html.br",
      "index.html.gz",
      "logo.png",
      "tiny.txt",
    ]);
    const site = await loadStaticSite(dir);
    // The copies answer no address of their own.
    expect([...site.keys()].sort()).toEqual(["/", "/app.js", "/logo.png", "/tiny.txt"]);
    const page = site.get("/");
    expect(brotliDecompressSync(page?.br ?? Buffer.alloc(0)).equals(page?.body ?? Buffer.alloc(1))).toBe(
      true,
    );
    expect(gunzipSync(page?.gzip ?? Buffer.alloc(0)).equals(page?.body ?? Buffer.alloc(1))).toBe(true);
    expect(site.get("/tiny.txt")?.br).toBeUndefined();
    expect(site.get("/logo.png")?.br).toBeUndefined();
  });

  it("are made at start-up when the build has none, or has one that does not hold the file's bytes", async () => {
    const dir = await builtClient();
    await precompress(dir);
    // A copy left by another build, and one cut short.
    await writeFile(path.join(dir, "index.html.br"), brotliCompressSync(Buffer.from("an older page")));
    await writeFile(path.join(dir, "app.js.gz"), Buffer.from([0x1f, 0x8b, 8]));
    const site = await loadStaticSite(dir);
    for (const key of ["/", "/app.js"]) {
      const file = site.get(key);
      expect(brotliDecompressSync(file?.br ?? Buffer.alloc(0)).equals(file?.body ?? Buffer.alloc(1))).toBe(
        true,
      );
      expect(gunzipSync(file?.gzip ?? Buffer.alloc(0)).equals(file?.body ?? Buffer.alloc(1))).toBe(true);
    }
    const bare = await builtClient();
    const page = (await loadStaticSite(bare)).get("/");
    expect(brotliDecompressSync(page?.br ?? Buffer.alloc(0)).equals(page?.body ?? Buffer.alloc(1))).toBe(
      true,
    );
  });
});
