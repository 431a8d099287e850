import { describe, expect, it, vi } from "vitest";
import { reloadOnMissingChunks } from "./missing-chunks";

describe("a chunk missing after a release", () => {
  it("loads the app again at the page it was going to, then not again within a minute", () => {
    const events = new EventTarget();
    const stored = new Map<string, string>();
    const location = { reload: vi.fn(), assign: vi.fn() };
    const tab = {
      addEventListener: events.addEventListener.bind(events),
      location,
      sessionStorage: { getItem: (key: string) => stored.get(key) ?? null, setItem: stored.set.bind(stored) },
    } as unknown as Window;
    let now = 1_000_000;
    let pending: string | undefined = "/staff/audit?page=2";
    reloadOnMissingChunks(
      tab,
      () => pending,
      () => now,
    );
    const missing = () => events.dispatchEvent(new Event("vite:preloadError", { cancelable: true }));

    missing();
    expect(location.assign).toHaveBeenCalledWith("/staff/audit?page=2");
    now += 30_000;
    missing();
    expect(location.assign).toHaveBeenCalledTimes(1);
    now += 31_000;
    pending = undefined;
    missing();
    expect(location.reload).toHaveBeenCalledTimes(1);
    expect(location.assign).toHaveBeenCalledTimes(1);
  });
});
