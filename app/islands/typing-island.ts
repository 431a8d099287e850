import type { IslandDefinition } from "~/lib/island";
import { typeWords } from "~/lib/typing";

/** The careers hero's typing line: the typed word's text, changed letter by letter. */
export const island: IslandDefinition<{ words: string[] }> = {
  name: "typing",
  start: (element, { words }) => {
    const text = element.querySelector('[data-slot="typed-word"]')?.firstChild;
    if (!(text instanceof Text)) throw new Error("the typing line has no word to type");
    typeWords(text, words);
  },
};
