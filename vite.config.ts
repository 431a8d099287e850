import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, mergeConfig } from "vite";
import { loadProjectEnvFile } from "./config/env-file.ts";
import { viteBase } from "./config/vite-base.ts";

/** React and React DOM: one chunk every page with a React island loads, cached across pages. */
const REACT = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * What the island entry imports that other chunks import too: the lead source (the lead form island reads it)
 * and Vite's preload helper (every chunk with a dynamic import calls it). Kept in the entry's own chunk, which the
 * others then import from, so the entry imports nothing and the islands never wait for a second script found
 * only once the entry has arrived (decision 021).
 */
const ENTRY = /app[\\/](entry\.client\.tsx|lib[\\/]lead-source\.ts)$|^\0vite[\\/]preload-helper/;

// Company facts come from the environment (or .env) at build time, placeholders otherwise; see README.
loadProjectEnvFile(fileURLToPath(new URL(".", import.meta.url)));
export default mergeConfig(
  viteBase(process.env),
  defineConfig({
    plugins: [tailwindcss(), reactRouter()],
    server: { port: 5173 },
    build: {
      assetsInlineLimit: 0,
      rolldownOptions: {
        output: {
          // Each island's module is a chunk named after it (app/islands/<name>-island.tsx becomes
          // assets/<name>-island-<hash>.js), which the budget check finds from the island names a page holds.
          codeSplitting: {
            groups: [
              { name: "react", test: REACT, priority: 20 },
              { name: "entry.client", test: ENTRY, priority: 30 },
            ],
          },
        },
      },
    },
  }),
);
