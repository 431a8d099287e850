import { existsSync } from "node:fs";
import path from "node:path";

/**
 * Reads the project root's `.env` into `process.env` when there is one, as `npm start`, `serve` and `leads` do
 * with Node's `--env-file-if-exists`: a variable the environment already has wins. For the build, whose company
 * facts come from the same variables.
 */
export function loadProjectEnvFile(root: string): void {
  const file = path.join(root, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}
