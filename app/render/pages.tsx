/**
 * The render module (decision 028, vite.render.config.ts): what the server renders at request time into the
 * shells' slots (server/http/page-shell.ts). Each exported function returns one slot's HTML: body slots are
 * React (`renderToString`, so islands in them hydrate as rendered); a head slot is the few tags of its page,
 * each value escaped.
 */
export {};
