import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, mergeConfig } from "vite";
import { loadProjectEnvFile } from "./config/env-file.ts";
import { STAFF_APP_PATH } from "./config/route-paths.ts";
import { staffEndpointRoutes } from "./config/staff-endpoint-routes.ts";
import { viteBase } from "./config/vite-base.ts";

/**
 * The staff app (decision 020): a single-page app of its own, built after the public site into
 * build/client/staff-app and served by the server for every /staff path. No public page's route manifest
 * or chunk knows it exists.
 */

/**
 * What every staff page runs before anything else: React and the router. One chunk, cached across releases that
 * change only the app. Everything else splits by route (routes.tsx): zod with the pages whose forms check what is
 * typed, Radix's dialogs with the lead page, sonner with the first page that toasts, Observable Plot with the
 * reports, the QR code with the set-up.
 */
const VENDOR = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// The same company facts as the public build: the environment, or the project's .env.
loadProjectEnvFile(fileURLToPath(new URL(".", import.meta.url)));

export default mergeConfig(
  viteBase(process.env),
  defineConfig({
    root: fileURLToPath(new URL("./app/staff", import.meta.url)),
    base: `${STAFF_APP_PATH}/`,
    plugins: [tailwindcss(), staffEndpointRoutes()],
    build: {
      outDir: fileURLToPath(
        new URL(`./${process.env.BUILD_OUT ?? "build"}/client${STAFF_APP_PATH}`, import.meta.url),
      ),
      emptyOutDir: true,
      assetsInlineLimit: 0,
      // Every browser the staff app supports preloads modules itself (Safari since 17, Firefox since 115).
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: "vendor", test: VENDOR },
              // Named for what it is (else "dist-<hash>.js"); the lead page, the settings and the Toaster share it.
              { name: "sonner", test: /node_modules[\\/]sonner[\\/]/ },
            ],
          },
        },
        // lucide and sonner mark their modules "use client", which means nothing in a client-only bundle.
        onwarn(warning, warn) {
          if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
        },
      },
    },
  }),
);
