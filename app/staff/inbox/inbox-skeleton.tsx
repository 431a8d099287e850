/**
 * Skeleton rows while the first page loads: the inbox route's HydrateFallback, in the entry (routes.tsx) so it
 * shows while the route's own chunk is on its way too.
 */
export function InboxSkeleton() {
  return (
    <div className="flex flex-col gap-2 p-4 md:p-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading leads
      </p>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="h-12 animate-pulse rounded-lg bg-white motion-reduce:animate-none" />
      ))}
    </div>
  );
}
