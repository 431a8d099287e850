import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default client entry, with one change: the browser gets a turn between React DOM's start-up
// and hydration. The bundle runs React DOM's CommonJS body when this module starts, a long task on a slow
// phone by itself; creating the router and the root in the same task would make it longer (decision 009).
await new Promise((resolve) => setTimeout(resolve, 0));

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
