import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { IslandsEntryContext } from "~/islands/islands-script";

/**
 * Renders each page at build time (every route is pre-rendered, decision 001) and tells the page where its
 * island entry lives: React Router's client entry (app/entry.client.tsx), whose URL only the build's manifest
 * knows. The page loads that one module, never React Router's own bootstrap (decision 021).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const { entry, hmr } = routerContext.manifest;
  const islandsEntry = {
    module: entry.module,
    hmrRuntime: hmr?.runtime,
    spaFallback: routerContext.isSpaMode,
  };
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <IslandsEntryContext value={islandsEntry}>
        <ServerRouter context={routerContext} url={request.url} />
      </IslandsEntryContext>,
      {
        // Static pages: the whole document at once, never a streamed shell.
        onAllReady() {
          const body = new PassThrough();
          headers.set("Content-Type", "text/html");
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}
