/**
 * Writes each compressible file of the built client beside it as `.br` (brotli 11) and `.gz` (gzip 9), so the
 * server loads them instead of compressing the whole site at every start (server/http/static-site.ts). Run by
 * `npm run build` after the three builds; BUILD_OUT picks another build directory, as the builds' own.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  COMPRESSED_SUFFIXES,
  compressedCopies,
  isCompressible,
  typeOf,
  walk,
} from "../server/http/static-site.ts";

export async function precompress(clientDir: string): Promise<number> {
  let written = 0;
  const files: string[] = [];
  for await (const file of walk(clientDir))
    if (!file.endsWith(COMPRESSED_SUFFIXES.br) && !file.endsWith(COMPRESSED_SUFFIXES.gzip)) files.push(file);
  for (const file of files) {
    const body = await readFile(file);
    if (!isCompressible(typeOf(file), body.length)) continue;
    const { br, gzip } = compressedCopies(body);
    await writeFile(`${file}${COMPRESSED_SUFFIXES.br}`, br);
    await writeFile(`${file}${COMPRESSED_SUFFIXES.gzip}`, gzip);
    written += 1;
  }
  return written;
}

if (import.meta.main) {
  const clientDir = path.join(process.env.BUILD_OUT || "build", "client");
  const started = performance.now();
  const written = await precompress(clientDir);
  console.log(`Compressed ${written} files of ${clientDir} in ${Math.round(performance.now() - started)} ms`);
}
