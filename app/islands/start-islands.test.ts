import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeIntersectionObserver as FakeObserver } from "~/test/fake-intersection-observer";
import { islandModules } from "./registry";
import { startIslands } from "./start-islands";

const started: string[] = [];

// A task boundary, recorded as "task" when the new task begins.
vi.mock("./next-task", () => ({
  nextTask: () =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        started.push("task");
        resolve();
      }, 0),
    ),
}));

vi.mock("./registry", () => ({
  islandModules: {
    typing: async () => ({ island: { name: "typing", start: () => void started.push("typing") } }),
    "lead-form": async () => ({ island: { name: "lead-form", start: () => void started.push("lead-form") } }),
    carousel: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
  },
}));

describe("startIslands", () => {
  beforeEach(() => {
    started.length = 0;
    FakeObserver.instances = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    vi.spyOn(console, "error").mockImplementation(() => {});
  });
  afterEach(() => {
    document.body.replaceChildren();
    delete document.documentElement.dataset.islands;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("starts each island on its own: one whose module fails is marked failed, the others start", async () => {
    expect(Object.keys(islandModules)).toContain("carousel");
    document.body.innerHTML = `<p data-island="typing" data-props='{"words":["Work."]}'></p>
      <section data-island="carousel"></section><div data-island="nowhere"></div>`;
    await startIslands();
    expect(started.filter((entry) => entry !== "task")).toEqual(["typing"]);
    const states = [...document.querySelectorAll<HTMLElement>("[data-island]")].map(
      (e) => e.dataset.islandState,
    );
    expect(states).toEqual(["live", "failed", "failed"]);
    expect(document.documentElement.dataset.islands).toBe("partial");
    expect(console.error).toHaveBeenCalledWith("Island carousel did not start:", expect.any(TypeError));
  });

  it("starts an island marked near only once it comes near the viewport, or is focused or pressed", async () => {
    document.body.innerHTML = `<div data-island="lead-form" data-island-start="near"><form><input></form></div>
      <div data-island="lead-form" data-island-start="near"><form><input></form></div>`;
    await startIslands();
    expect(document.documentElement.dataset.islands).toBe("live");
    expect(started).toEqual([]);
    const [first, second] = document.querySelectorAll<HTMLElement>("[data-island]");
    expect(FakeObserver.instances[0]?.options?.rootMargin).toBe("100% 0px");
    // It watches the form, not its wrapper, which takes no box (display: contents).
    expect(FakeObserver.instances[0]?.observed).toEqual([first?.querySelector("form")]);
    FakeObserver.instances[0]?.report(true);
    await vi.waitFor(() => expect(first?.dataset.islandState).toBe("live"));
    second?.querySelector("input")?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    await vi.waitFor(() => expect(second?.dataset.islandState).toBe("live"));
    expect(started.filter((entry) => entry !== "task")).toEqual(["lead-form", "lead-form"]);
  });

  it("starts each island in a task of its own: no long task of them all, whatever they share", async () => {
    document.body.innerHTML = `<p data-island="typing" data-props='{"words":["Work."]}'></p>
      <p data-island="typing" data-props='{"words":["Rest."]}'></p><div data-island="lead-form"></div>`;
    await startIslands();
    const starts = started.flatMap((entry, index) => (entry === "task" ? [] : [index]));
    expect(starts.map((index) => started[index])).toEqual(["typing", "typing", "lead-form"]);
    // Each start is the first thing its task does.
    for (const index of starts) expect(started[index - 1], `before ${started[index]}`).toBe("task");
  });
});
