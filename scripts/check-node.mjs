// `npm start`, `npm run serve` and `npm run leads` run this first, in plain JavaScript with no dependencies:
// an older Node cannot even load the .ts entry points, and would fail with ERR_UNKNOWN_FILE_EXTENSION.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Numeric [major, minor, patch] of "22.12", "v20.20.2" or "24". */
function parts(version) {
  return version
    .replace(/^v/, "")
    .split(".")
    .concat(["0", "0"])
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);
}

/**
 * Null when `version` satisfies `range`, else the message for the operator. Only the ">=X.Y.Z" form that
 * package.json uses is understood; anything else is a mistake in package.json and throws.
 */
export function nodeVersionProblem(range, version) {
  // Plain ES2017 on purpose (no ?. or ??): the point is to speak to Node versions far older than ours.
  const match = /^\s*>=\s*v?(\d+(?:\.\d+){0,2})\s*$/.exec(range);
  const minimum = match ? match[1] : undefined;
  if (!minimum)
    throw new Error(`scripts/check-node.mjs understands engines.node ">=X.Y.Z" only, not "${range}"`);
  const have = parts(version);
  const need = parts(minimum);
  for (let index = 0; index < 3; index++) {
    if (have[index] > need[index]) return null;
    if (have[index] < need[index])
      return `This project needs Node.js ${minimum} or newer (package.json engines: "${range}"); this is Node ${version.replace(/^v/, "")}. Install Node 24 LTS (e.g. \`nvm install 24\`), then run npm ci again.`;
  }
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const problem = nodeVersionProblem(manifest.engines.node, process.versions.node);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
