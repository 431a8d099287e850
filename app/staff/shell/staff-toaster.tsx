import type { CSSProperties } from "react";
import { Toaster } from "sonner";

/**
 * Sonner's rich colours, with text dark enough on their tinted backgrounds: its own success green and error red
 * read at about 4.3:1 there, under the 4.5:1 body text needs. Its CSS variables are the supported way to set them.
 */
const READABLE_COLORS = {
  // Tailwind's green-900, red-800 and amber-900, and our navy-800: 7:1 or more on Sonner's tints.
  "--success-text": "#14532d",
  "--error-text": "#991b1b",
  "--info-text": "#13294f",
  "--warning-text": "#78350f",
} as CSSProperties;

/** What an action did, bottom right on desktop and on top on phones: mounted by the frame once a page toasts. */
export function StaffToaster({ phone }: { phone: boolean }) {
  return (
    <Toaster
      position={phone ? "top-center" : "bottom-right"}
      richColors
      closeButton
      style={READABLE_COLORS}
    />
  );
}
