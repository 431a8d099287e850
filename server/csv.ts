/** One CSV cell, always quoted; a leading =, +, -, @, tab or CR would run as a formula in a spreadsheet. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Rows of cells as CSV text (CRLF line ends, as RFC 4180 has them). */
export const toCsv = (rows: string[][]) =>
  `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
