/**
 * `npm run release`: the production artifact, `release/<name>-<version>.tar.gz` (or in the directory given): every
 * file git tracks, plus the build, build/client and build/render (`npm run build` first). On the server: unpack it, `npm ci --omit=dev`,
 * `npm run serve` (README, Production). Nothing in it needs a development dependency at run time.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The build: the client (the site, the staff app, the shells) and the render module the server fills them with. */
const BUILD = path.join("build", "client");
const RENDER = path.join("build", "render");

function filesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    return statSync(path.join(ROOT, relative)).isDirectory() ? filesUnder(relative) : [relative];
  });
}

export function release(outDir: string): string {
  if (
    !existsSync(path.join(ROOT, BUILD, "staff-app", "index.html")) ||
    !existsSync(path.join(ROOT, RENDER, "pages.js"))
  )
    throw new Error("No complete build in build/: run `npm run build` first.");
  const { name, version } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    name: string;
    version: string;
  };
  const tracked = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .split("\0")
    .filter((file) => file && existsSync(path.join(ROOT, file)));
  mkdirSync(outDir, { recursive: true });
  const list = path.join(outDir, `${name}-${version}.files`);
  writeFileSync(list, [...tracked, ...filesUnder(BUILD), ...filesUnder(RENDER)].join("\0"));
  const archive = path.join(outDir, `${name}-${version}.tar.gz`);
  try {
    execFileSync("tar", ["-czf", archive, "-C", ROOT, "--null", "-T", list]);
  } finally {
    rmSync(list);
  }
  return archive;
}

if (import.meta.main) {
  console.log(release(path.resolve(process.argv[2] ?? path.join(ROOT, "release"))));
}
