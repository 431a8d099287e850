import { fileURLToPath } from "node:url";
import type { UserConfig } from "vite";
import { readSiteConfig } from "./site.ts";

/**
 * What every Vite and Vitest config shares (vite.config.ts, vite.staff.config.ts, vitest.config.ts,
 * vitest.mutation.config.ts): the `~` alias for app/, and the company facts the client code reads as `__SITE__`,
 * from `env` (the build's environment; the tests pass {} and see the placeholders).
 */
export function viteBase(env: Record<string, string | undefined>): UserConfig {
  return {
    resolve: { alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) } },
    define: { __SITE__: JSON.stringify(readSiteConfig(env)) },
  };
}
