import { type ComponentType, type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { type IslandDefinition, islandAttributes, type Serializable } from "~/lib/island";

/** Resolves its island's start once React has committed the hydrated island (effects run after the commit). */
function Live({ onLive, children }: { onLive: () => void; children: ReactNode }) {
  useEffect(() => onLive(), [onLive]);
  return children;
}

/**
 * A React component as an island. `Island` renders it into the pre-rendered page inside a wrapper that takes no
 * box of its own (`display: contents`) and carries its props; `island.start` hydrates that wrapper with the same
 * component and props, as a root of its own. The component must render the same without a router and must
 * not call useId (each island is its own root, so ids would differ from the page's).
 */
export function reactIsland<Props extends object>(
  name: string,
  Component: ComponentType<Props>,
  { near = false } = {},
) {
  function Island(props: Props & Serializable<Props>) {
    return (
      <div {...islandAttributes(name, props, { near })} className="contents">
        <Component {...props} />
      </div>
    );
  }
  const island: IslandDefinition<Props> = {
    name,
    start: (element, props) =>
      new Promise<void>((resolve) => {
        const onRecoverableError = (error: unknown) =>
          console.error(`Island ${name} could not hydrate as rendered:`, error);
        // As a transition, React renders the island in slices of a few ms, yielding to the browser in between.
        startTransition(() => {
          hydrateRoot(
            element,
            <Live onLive={resolve}>
              <Component {...props} />
            </Live>,
            { onRecoverableError },
          );
        });
      }),
  };
  return { Island, island };
}
