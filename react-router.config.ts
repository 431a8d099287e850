import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { NOT_FOUND_PATH, publicPaths } from "./app/route-paths.ts";

export default {
  // Every page is static HTML made at build time, then hydrated; no server rendering at run time.
  ssr: false,
  prerender: [...publicPaths, NOT_FOUND_PATH],
  // BUILD_OUT lets parallel builds (tests, benchmarks) keep out of each other's way.
  buildDirectory: process.env.BUILD_OUT || "build",
  // sitemap.xml, robots.txt and the share image, checked against the route config so no page is left out.
  async buildEnd({ reactRouterConfig }) {
    const { writeSeoFiles } = await import("./scripts/generate-seo-files.ts");
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    const written = await writeSeoFiles({ clientDir, routes: reactRouterConfig.routes });
    console.log(`SEO files: ${written.join(", ")} -> ${clientDir}`);
  },
} satisfies Config;
