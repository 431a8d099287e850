import type { IslandDefinition } from "~/lib/island";
import { nextTask } from "./next-task";
import { islandModules } from "./registry";

const isIslandName = (name: string): name is keyof typeof islandModules => Object.hasOwn(islandModules, name);

async function definitionOf(name: string): Promise<IslandDefinition<unknown>> {
  if (!isIslandName(name)) throw new Error(`no island is called "${name}"`);
  const { island } = (await islandModules[name]()) as { island: IslandDefinition<unknown> };
  return island;
}

const definitions = new Map<string, Promise<IslandDefinition<unknown>>>();

/** Starts one island; one whose script fails to load or throws is marked failed and logged. */
async function startIsland(element: HTMLElement): Promise<boolean> {
  const name = element.dataset.island ?? "";
  try {
    if (!definitions.has(name)) definitions.set(name, definitionOf(name));
    const island = await definitions.get(name);
    // Each island starts in a task of its own: a page's eight never add up to one long task that holds back a tap.
    await nextTask();
    await island?.start(element, element.dataset.props ? JSON.parse(element.dataset.props) : undefined);
    element.dataset.islandState = "live";
    return true;
  } catch (error) {
    element.dataset.islandState = "failed";
    console.error(`Island ${name} did not start:`, error);
    return false;
  }
}

/** Resolves when the element comes within a screen of the viewport, or the visitor focuses or presses inside it. */
function near(element: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done();
      },
      { rootMargin: "100% 0px" },
    );
    const done = () => {
      observer.disconnect();
      element.removeEventListener("focusin", done);
      element.removeEventListener("pointerdown", done);
      resolve();
    };
    // A React island's wrapper takes no box of its own (display: contents), so watch what it holds.
    for (const box of element.children.length ? element.children : [element]) observer.observe(box);
    element.addEventListener("focusin", done);
    element.addEventListener("pointerdown", done);
  });
}

/**
 * Starts every island on the page, each as soon as its own module has loaded (an island marked `near` once the
 * visitor comes near it), each on its own and in a task of its own: one whose script fails to load or throws is marked
 * `data-island-state="failed"`, and the others start all the same (the page around it is HTML that works without
 * it, and its form still posts natively). Once those due at once have settled, `<html data-islands>` reads "live",
 * or "partial" when one failed, and the `islands-live` performance mark is set (the tests and benchmarks read
 * them); each island's own state is on its element.
 */
export async function startIslands(root: ParentNode = document): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>("[data-island]")];
  const later = elements.filter((element) => element.dataset.islandStart === "near");
  for (const element of later) near(element).then(() => startIsland(element));
  const starting: Promise<boolean>[] = [];
  for (const element of elements.filter((element) => !later.includes(element))) {
    const name = element.dataset.island ?? "";
    const requested = definitions.has(name);
    starting.push(startIsland(element));
    // Asking for a module (and its preloads) is work of its own: the next one waits for a task of its own.
    if (!requested) await nextTask();
  }
  const started = await Promise.all(starting);
  document.documentElement.dataset.islands = started.every(Boolean) ? "live" : "partial";
  // When, for the tests and benchmarks in every engine (WebDriver classic cannot watch from the page's start).
  performance.mark("islands-live");
}
