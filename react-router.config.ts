import type { Config } from "@react-router/dev/config";
import { NOT_FOUND_PATH, publicPaths } from "./app/route-paths.ts";

export default {
  // Every page is static HTML made at build time, then hydrated; no server rendering at run time.
  ssr: false,
  prerender: [...publicPaths, NOT_FOUND_PATH],
} satisfies Config;
