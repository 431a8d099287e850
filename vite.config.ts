import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { readSiteConfig } from "./config/site.ts";

// Company facts come from the environment at build time (placeholders otherwise); see README.
const site = readSiteConfig(process.env);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  define: { __SITE__: JSON.stringify(site) },
  server: { port: 5173 },
  build: { assetsInlineLimit: 0 },
});
