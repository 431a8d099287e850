import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "vite";

/**
 * The staff app's build reads the endpoint table (staff/endpoints.ts) as what a browser needs of it: each
 * endpoint's method, path and kind of answer, without the zod schemas the server reads requests with. The table
 * stays the one place an endpoint is written; this module is its projection, made from the table itself when the
 * build starts, so the staff app's first load carries no schema library (decision 030). Tests and the dev server
 * read the table itself, which has everything the projection has.
 */

const TABLE = fileURLToPath(new URL("../staff/endpoints.ts", import.meta.url));

/**
 * A row as the staff app reads it: its method and path, and `answer: null` for the endpoints that answer 204 with
 * no body (the app reads JSON from every other endpoint it calls, and links to the files).
 */
export interface EndpointRoute {
  method: string;
  path: string;
  answer?: null;
}

type Table = Record<string, { method: string; path: string; answer: unknown }>;

export const routesOf = (table: Table): Record<string, EndpointRoute> =>
  Object.fromEntries(
    Object.entries(table).map(([name, { method, path, answer }]) => [
      name,
      answer === null ? { method, path, answer } : { method, path },
    ]),
  ) as Record<string, EndpointRoute>;

/**
 * The projection's source: the table's runtime exports the staff app uses (STAFF_API, STAFF_ENDPOINTS, pathOf)
 * over its routes. `shape` is where endpoint-shape.ts is, as this module imports it.
 */
export function endpointRoutesModule(
  { STAFF_API, STAFF_ENDPOINTS }: { STAFF_API: string; STAFF_ENDPOINTS: Table },
  shape = "./endpoint-shape.ts",
): string {
  return [
    `import { filledPath } from ${JSON.stringify(shape)};`,
    `export const STAFF_API = ${JSON.stringify(STAFF_API)};`,
    `export const STAFF_ENDPOINTS = ${JSON.stringify(routesOf(STAFF_ENDPOINTS))};`,
    "export const pathOf = (name, params) => filledPath(STAFF_ENDPOINTS[name].path, params);",
    "",
  ].join("\n");
}

/** The Vite plugin of the staff app's build: staff/endpoints.ts loads as its projection. */
export function staffEndpointRoutes(): Plugin {
  return {
    name: "staff-endpoint-routes",
    apply: "build",
    async load(id) {
      if (id.split("?")[0] !== TABLE) return null;
      this.addWatchFile(TABLE);
      return endpointRoutesModule(await import(pathToFileURL(TABLE).href));
    },
  };
}
