import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OPENING_STATUSES } from "../../../staff/openings.ts";
import { OpeningStatusPill } from "./opening-status";

describe("an opening's status pill", () => {
  it("says the status in words, in its own tone alone (never a lead status's default beside it)", () => {
    for (const status of OPENING_STATUSES) render(<OpeningStatusPill status={status} />);
    const paused = screen.getByText("Paused");
    expect(paused.className).toContain("bg-amber-50");
    for (const label of ["Draft", "Published", "Paused", "Closed", "Expired"])
      expect(screen.getByText(label).className).not.toMatch(/\bchart-/);
  });
});
