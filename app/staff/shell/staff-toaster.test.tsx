import { act, render, screen } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it } from "vitest";
import { StaffToaster } from "./staff-toaster";

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe("the staff toaster", () => {
  it("sets Sonner's rich text colours to ones that read at 4.5:1 or more on its tints", async () => {
    render(<StaffToaster phone={false} />);
    act(() => {
      toast.success("Saved");
    });
    await screen.findByText("Saved");
    const toaster = document.querySelector<HTMLElement>("[data-sonner-toaster]");
    // Sonner's light tints: success hsl(143, 85%, 96%), error hsl(359, 100%, 97%), info hsl(208, 100%, 97%),
    // warning hsl(49, 100%, 97%).
    const tints = { success: "#ebfef2", error: "#fff0f0", info: "#f0f8ff", warning: "#fffcf0" };
    for (const [kind, tint] of Object.entries(tints)) {
      const text = toaster?.style.getPropertyValue(`--${kind}-text`) ?? "";
      expect([kind, text]).toEqual([kind, expect.stringMatching(/^#[0-9a-f]{6}$/)]);
      expect(contrast(text, tint)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
