/**
 * An island is a part of a pre-rendered page that moves (decision 021): the page's HTML marks it with
 * `data-island` (and its props, as JSON, in `data-props`), and the island entry (app/entry.client.tsx) loads the
 * island's module and starts it there. Everything else on the page is HTML and CSS that no script re-renders.
 */

/** What an island module exports as `island`: its name in the page's markup and how to start it on an element. */
export interface IslandDefinition<Props = never> {
  name: string;
  start: (element: HTMLElement, props: Props) => void | Promise<void>;
}

/** Props that survive the trip through `data-props`: JSON values, never functions or components. */
export type Serializable<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends (...args: never[]) => unknown
    ? never
    : T extends readonly (infer Item)[]
      ? readonly Serializable<Item>[]
      : { [Key in keyof T]: Serializable<T[Key]> };

/**
 * The attributes that mark an element as an island for the island entry. An island marked `near` starts only
 * when it comes within a screen of the viewport, or the visitor focuses or presses inside it: one that needs
 * React (a lead form) keeps React's start-up off pages whose visitors never reach it.
 */
export function islandAttributes(name: string, props?: object, { near = false } = {}) {
  return {
    "data-island": name,
    ...(props && { "data-props": JSON.stringify(props) }),
    ...(near && { "data-island-start": "near" }),
  };
}
