/**
 * CSV files the site hands out (team shuffle results, the job import template): RFC 4180 with
 * OWASP's rule against CSV (formula) injection. Every cell is quoted, embedded quotes are
 * doubled, and a cell that begins with `=`, `+`, `-`, `@`, TAB, CR or LF gets a leading single
 * quote, so a spreadsheet shows it as text instead of running it as a formula. The one way to
 * write a CSV cell in the code base: exports never quote cells by hand.
 */

/** First characters a spreadsheet may read as the start of a formula (OWASP; LF too). */
export const CSV_FORMULA_START = /^[=+\-@\t\r\n]/;

/** One cell, quoted, with its quotes doubled and a formula start neutralised. */
export function csvCell(value: string): string {
  const text = CSV_FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(',');
}

/** A whole file: CRLF line ends (with a final one) and a BOM, so Excel reads UTF-8 (Korean). */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return '\uFEFF' + rows.map(csvRow).join('\r\n') + '\r\n';
}
