import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vite";
import { loadProjectEnvFile } from "./config/env-file.ts";
import { viteBase } from "./config/vite-base.ts";

/**
 * The render module (decision 028): the React components of the pages the server fills at request time, built
 * for Node into build/render/pages.js beside the pre-rendered client. The server imports it once at start-up and
 * calls its functions, each returning the HTML of one named slot of a pre-rendered shell. The components are
 * the site's own (app/), so the client build's Tailwind sees their classes; React and the other packages stay
 * external and load from node_modules.
 */

// The same company facts as the public build: the environment, or the project's .env.
loadProjectEnvFile(fileURLToPath(new URL(".", import.meta.url)));

export default mergeConfig(
  viteBase(process.env),
  defineConfig({
    // The public folder is the client build's; this build writes only the module.
    publicDir: false,
    build: {
      ssr: fileURLToPath(new URL("./app/render/pages.tsx", import.meta.url)),
      outDir: fileURLToPath(new URL(`./${process.env.BUILD_OUT ?? "build"}/render`, import.meta.url)),
      emptyOutDir: true,
      rolldownOptions: { output: { entryFileNames: "pages.js" } },
    },
  }),
);
