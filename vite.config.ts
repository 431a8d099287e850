import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { loadProjectEnvFile } from "./config/env-file.ts";
import { readSiteConfig } from "./config/site.ts";

/** React and React DOM, then React Router: every page loads both; two chunks evaluate in two tasks. */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER = /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/;
/** The chrome every page renders (layout, its primitives and helpers, the site facts): part of every page. */
const CHROME =
  /[\\/]app[\\/](components[\\/](layout|ui[\\/](button|popover-panel|toaster))|lib[\\/](accent|cn|service|motion|lead-source)|route-paths|content[\\/]site|components[\\/]sections[\\/]action-link)\.|[\\/]config[\\/]site\.ts/;
/** Icons are a few hundred bytes each: one chunk rather than a request per icon. */
const ICONS = /node_modules[\\/]lucide-react[\\/]/;
const APP = /[\\/]app[\\/]/;

// Company facts come from the environment (or .env) at build time, placeholders otherwise; see README.
loadProjectEnvFile(fileURLToPath(new URL(".", import.meta.url)));
const site = readSiteConfig(process.env);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  define: { __SITE__: JSON.stringify(site) },
  server: { port: 5173 },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Chunks named after the pages that share them would list every page in the file name.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("shared") ? "assets/shared-[hash].js" : "assets/[name]-[hash].js",
        // Fewer, larger chunks (decision 008): 12-17 requests per page instead of 17-32, each with its
        // headers and its own fetch and evaluation task after the first paint.
        codeSplitting: {
          groups: [
            { name: "react", test: REACT, priority: 25 },
            { name: "router", test: ROUTER, priority: 20 },
            { name: "chrome", test: CHROME, priority: 15 },
            { name: "icons", test: ICONS, priority: 10 },
            // What two or more pages share, grouped by the set of pages that use it; groups under 3 kB
            // join their nearest neighbour rather than cost a request of their own.
            {
              name: "shared",
              test: APP,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 3000,
              priority: 5,
            },
          ],
        },
      },
    },
  },
});
