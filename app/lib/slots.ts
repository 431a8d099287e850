/**
 * Slots of a shell (decision 028): a pre-rendered page marks where the server puts what it renders at request
 * time with an empty element carrying `data-shell-slot`, in the body (`<div data-shell-slot="main"></div>`) or in the head (a
 * `<meta data-shell-slot="head">` the route's meta gives). server/http/page-shell.ts finds them and fills them.
 */
export const slotAttributes = (name: string) => ({ "data-shell-slot": name });

/** The head slot, as a route's meta descriptor: the server replaces it with the page's title, meta and JSON-LD. */
export const headSlot = (name = "head") => ({ tagName: "meta", "data-shell-slot": name }) as const;
