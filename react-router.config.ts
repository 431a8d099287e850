import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./config/route-paths.ts";

export default {
  // Every page is static HTML made at build time, whose islands start in the browser (decision 021). The pages that
  // change at run time are shells filled by the server from the render module (vite.render.config.ts, decision 028).
  ssr: false,
  prerender: prerenderedPaths,
  // BUILD_OUT lets parallel builds (tests, benchmarks) keep out of each other's way.
  buildDirectory: process.env.BUILD_OUT || "build",
  async buildEnd({ reactRouterConfig }) {
    const clientDir = path.join(reactRouterConfig.buildDirectory, "client");
    // sitemap.xml, robots.txt and the share image, checked against the route config so no page is left out.
    const { writeSeoFiles } = await import("./scripts/generate-seo-files.ts");
    const written = await writeSeoFiles({ clientDir, routes: reactRouterConfig.routes });
    console.log(`SEO files: ${written.join(", ")} -> ${clientDir}`);
  },
} satisfies Config;
