import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, mergeConfig } from "vite";
import { loadProjectEnvFile } from "./config/env-file.ts";
import { STAFF_APP_PATH } from "./config/route-paths.ts";
import { viteBase } from "./config/vite-base.ts";

/**
 * The staff app (decision 020): a single-page app of its own, built after the public site into
 * build/client/staff-app and served by the server for every /staff path. No public page's route manifest
 * or chunk knows it exists.
 */

// The same company facts as the public build: the environment, or the project's .env.
loadProjectEnvFile(fileURLToPath(new URL(".", import.meta.url)));

export default mergeConfig(
  viteBase(process.env),
  defineConfig({
    root: fileURLToPath(new URL("./app/staff", import.meta.url)),
    base: `${STAFF_APP_PATH}/`,
    plugins: [tailwindcss()],
    build: {
      outDir: fileURLToPath(
        new URL(`./${process.env.BUILD_OUT ?? "build"}/client${STAFF_APP_PATH}`, import.meta.url),
      ),
      emptyOutDir: true,
      assetsInlineLimit: 0,
      rolldownOptions: {
        // lucide and sonner mark their modules "use client", which means nothing in a client-only bundle.
        onwarn(warning, warn) {
          if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
        },
      },
    },
  }),
);
