import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("CSV cells a spreadsheet opens", () => {
  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+1+cmd|' /C calc'!A0", "\"'+1+cmd|' /C calc'!A0\""],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1:A9)", '"\'@SUM(A1:A9)"'],
    ["\t=1+1", '"\'\t=1+1"'],
    ["\r=1+1", '"\'\r=1+1"'],
  ])("defuses %j by a leading apostrophe inside the quotes", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ["Ada Lovelace", '"Ada Lovelace"'],
    ["a=b, c-d @home", '"a=b, c-d @home"'],
    ["", '""'],
  ])("leaves %j as it is when no formula character leads", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("writes rows with CRLF line ends", () => {
    expect(
      toCsv([
        ["id", "name"],
        ["1", "@x"],
      ]),
    ).toBe('"id","name"\r\n"1","\'@x"\r\n');
  });
});
