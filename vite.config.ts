import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
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
/** The staff app (decision 016): its modules, and the libraries only it uses, in chunks of their own. */
const STAFF_CODE = /[\\/]app[\\/](routes|components|lib)[\\/]staff[\\/]|node_modules[\\/]qrcode\.react[\\/]/;
const STAFF_SOURCE = /[\\/]app[\\/](routes|components|lib)[\\/]staff[\\/]/;

/** Export name -> icon file, from lucide's own index (aliases such as LineChart -> chart-line included). */
function lucideIconFiles(): Map<string, string> {
  const index = readFileSync(
    fileURLToPath(new URL("./node_modules/lucide-react/dist/esm/lucide-react.mjs", import.meta.url)),
    "utf8",
  );
  const files = new Map<string, string>();
  for (const [, names, file] of index.matchAll(/export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs'/g))
    for (const name of (names ?? "").matchAll(/as (\w+)/g)) files.set(name[1] ?? "", file ?? "");
  return files;
}

/**
 * The lucide icon files public pages import. An icon only the staff pages use stays out of the icons chunk
 * every public page loads, so the staff app never grows it.
 */
function publicIconFiles(dir: string): Set<string> {
  const byName = lucideIconFiles();
  const icons = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry) || STAFF_SOURCE.test(`/app/${entry}`)) continue;
    const source = readFileSync(path.join(dir, entry), "utf8");
    for (const [, names] of source.matchAll(/import\s*\{([^}]+)\}\s*from\s*"lucide-react"/g)) {
      for (const name of (names ?? "").split(",")) {
        const icon = byName.get(name.trim().split(/\s+as\s+/)[0] ?? "");
        if (icon) icons.add(icon);
      }
    }
  }
  return icons;
}
const PUBLIC_ICONS = publicIconFiles(fileURLToPath(new URL("./app", import.meta.url)));
const ICON_FILE = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.m?js/;
const isPublicLucide = (id: string) => {
  const icon = ICON_FILE.exec(id)?.[1];
  return ICONS.test(id) && (icon === undefined || PUBLIC_ICONS.has(icon));
};

// Company facts come from the environment at build time (placeholders otherwise); see README.
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
            { name: "icons", test: isPublicLucide, priority: 10 },
            // What two or more pages share, grouped by the set of pages that use it; groups under 3 kB
            // join their nearest neighbour rather than cost a request of their own.
            {
              name: "shared",
              test: (id) => APP.test(id) && !STAFF_SOURCE.test(id),
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 3000,
              priority: 5,
            },
            // Last (a group takes its dependencies along): the staff app and what only it uses, so a staff
            // page never reshapes the chunks public pages load.
            {
              name: "staff",
              test: (id) => STAFF_CODE.test(id) || (ICONS.test(id) && !isPublicLucide(id)),
              priority: 4,
            },
          ],
        },
      },
    },
  },
});
