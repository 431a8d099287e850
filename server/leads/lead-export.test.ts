import { buffer, text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { type ExportedLead, exportColumns, leadsCsv } from "./lead-export.ts";

/** One column, so each case shows exactly how one cell is written. */
const oneColumn = [["value", (lead: { value: string }) => lead.value] as const];
/** The CSV as written (a TextDecoder, as in `text()`, would drop the byte-order mark). */
const csvOf = async (values: string[]) =>
  (
    await buffer(
      leadsCsv(oneColumn, [values.map((value) => ({ value }) as ExportedLead & { value: string })]),
    )
  ).toString("utf8");
/** The cell written for `value`: the second record, without its CRLF. */
const cellOf = async (value: string) => (await csvOf([value])).split("\r\n")[1];

const lead = (overrides: Partial<ExportedLead> = {}): ExportedLead => ({
  id: "0194f8a0-0000-7000-8000-000000000001",
  formId: "chartassist-demo",
  createdAt: Date.UTC(2030, 0, 1),
  status: "New",
  assignee: null,
  delivery: "delivered",
  fields: { name: "José Núñez", email: "jose@example.com" },
  source: {},
  ...overrides,
});

describe("CSV cells a spreadsheet opens", () => {
  it.each([
    ['=HYPERLINK("http://evil")', '"\'=HYPERLINK(""http://evil"")"'],
    ["+1+cmd|' /C calc'!A0", "\"'+1+cmd|' /C calc'!A0\""],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1:A9)", '"\'@SUM(A1:A9)"'],
    ["\t=1+1", '"\'\t=1+1"'],
    ["\r=1+1", '"\'\r=1+1"'],
    ["＝1+1", '"\'＝1+1"'],
  ])("defuses %j by a leading apostrophe inside the quotes", async (value, cell) => {
    expect(await cellOf(value)).toBe(cell);
  });

  it.each([
    ["Ada Lovelace", '"Ada Lovelace"'],
    ["a=b, c-d @home", '"a=b, c-d @home"'],
    ["", '""'],
  ])("leaves %j as it is when no formula character leads", async (value, cell) => {
    expect(await cellOf(value)).toBe(cell);
  });

  it("writes rows with CRLF line ends", async () => {
    expect(await csvOf(["1", "@x"])).toBe('\uFEFF"value"\r\n"1"\r\n"\'@x"\r\n');
  });
});

describe("a lead export", () => {
  it("is UTF-8 with a byte-order mark and CRLF line ends, names intact and formulas defused", async () => {
    const bytes = await buffer(
      leadsCsv(exportColumns(["name", "email"]), [[lead({ fields: { name: "José Núñez", email: "=1+2" } })]]),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString("utf8");
    const [header, row, end, ...rest] = csv.slice(1).split("\r\n");
    expect(header).toBe(
      '"id","form","created_at","status","assignee","delivery","opening","Email","Name","Form page","Landing page","Referring site","UTM source","UTM medium","Campaign","UTM term","UTM content"',
    );
    expect(row).toBe(
      `"${lead().id}","ChartAssist demo request","2030-01-01T00:00:00.000Z","New","","delivered","","'=1+2","José Núñez","","","","","","","",""`,
    );
    expect(end).toBe("");
    expect(rest).toEqual([]);
    // No bare LF anywhere: every line ends CRLF.
    expect(csv.replaceAll("\r\n", "")).not.toContain("\n");
  });

  it("streams: the first bytes leave while the store has been asked for a batch or two of 100, then every row follows", async () => {
    const BATCHES = 100;
    const PER_BATCH = 500;
    let served = 0;
    async function* batches() {
      for (let batch = 0; batch < BATCHES; batch++) {
        served++;
        yield Array.from({ length: PER_BATCH }, (_, index) =>
          lead({ id: `lead-${batch}-${index}`, fields: { name: "x".repeat(100) } }),
        );
      }
    }
    const csv = leadsCsv(exportColumns(["name"]), batches());
    const reader = csv[Symbol.asyncIterator]();
    const first = await reader.next();
    expect(first.done).toBe(false);
    // Built in memory, all 100 batches (50,000 leads) would have been read by now.
    expect(served).toBeLessThanOrEqual(2);
    let lines = String(first.value).split("\r\n").length - 1;
    for (let next = await reader.next(); !next.done; next = await reader.next())
      lines += String(next.value).split("\r\n").length - 1;
    expect(served).toBe(BATCHES);
    expect(lines).toBe(1 + BATCHES * PER_BATCH);
  });

  it("ends with the store's error when a batch cannot be read, rather than a short file that looks whole", async () => {
    async function* failing() {
      yield [lead()];
      throw new Error("database gone");
    }
    await expect(text(leadsCsv(exportColumns([]), failing()))).rejects.toThrow("database gone");
  });
});
