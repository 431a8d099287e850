import { descriptionBlocks } from "../../../staff/public-openings.ts";

/** An opening's description as text: blank lines make paragraphs, lines starting "- " make bullets. */
export function OpeningDescription({ text }: { text: string }) {
  return (
    <div className="space-y-4 text-lg leading-relaxed text-ink-soft">
      {descriptionBlocks(text).map((block, index) =>
        block.kind === "list" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks never move, they are the text in order.
          <ul key={index} className="list-disc space-y-1 pl-6 marker:text-(--accent-700)">
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <p key={index}>
            {block.lines.map((line, lineIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <span key={lineIndex}>
                {lineIndex > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </p>
        ),
      )}
    </div>
  );
}
