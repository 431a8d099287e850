import type { Config } from "@react-router/dev/config";
import { NOT_FOUND_PATH, publicPaths } from "./app/route-paths.ts";

export default {
  // Every page is static HTML made at build time, then hydrated; no server rendering at run time.
  ssr: false,
  prerender: [...publicPaths, NOT_FOUND_PATH],
  // BUILD_OUT lets parallel builds (tests, benchmarks) keep out of each other's way.
  buildDirectory: process.env.BUILD_OUT || "build",
} satisfies Config;
