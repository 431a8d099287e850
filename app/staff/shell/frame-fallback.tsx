import { FileSearch } from "lucide-react";

/**
 * While the first answer and the frame's chunk are on their way: the frame's shape, without content (the layout
 * route's HydrateFallback, in the entry).
 */
export function FrameFallback() {
  return (
    <div className="flex min-h-dvh flex-col bg-surface" aria-busy="true">
      <div className="h-14 border-b border-line bg-white" />
      <p className="sr-only" role="status">
        Loading
      </p>
      <FileSearch aria-hidden className="m-auto size-8 animate-pulse text-line" />
    </div>
  );
}
