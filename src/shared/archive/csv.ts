import Papa from 'papaparse';

// CSV as spreadsheets read it: RFC 4180 quoting, CRLF line ends, a byte-order mark so Excel
// takes it for UTF-8. Text people typed never runs as a formula when the file is opened: a cell
// that starts like one (=, +, -, @, tab, carriage return) is written with a leading apostrophe,
// which spreadsheets show as text and the roster import takes off again.

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export const neutraliseCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** Undoes neutraliseCell on a cell read back from a spreadsheet. */
export const restoreCell = (value: string): string => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export type Cell = string | number | null;

/** A CSV file of a header and rows; text cells are neutralised, numbers written as they are. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  const text = (cell: Cell) => (typeof cell === 'number' ? String(cell) : neutraliseCell(cell ?? ''));
  return `${BOM}${Papa.unparse({ fields: header.map(text), data: rows.map((row) => row.map(text)) }, { newline: '\r\n' })}\r\n`;
}

export interface CsvTable {
  rows: string[][];
  /** A problem with the file as a whole (quoting), or null. */
  problem: string | null;
}

/** The rows of a CSV file (the first is its header), without blank lines and the byte-order mark. */
export function parseCsv(text: string): CsvTable {
  const parsed = Papa.parse<string[]>(text.startsWith(BOM) ? text.slice(BOM.length) : text, { skipEmptyLines: 'greedy' });
  const quoting = parsed.errors.find((error) => error.type === 'Quotes');
  return {
    rows: parsed.data,
    problem: quoting ? `Row ${(quoting.row ?? 0) + 1} has a quoted value that is never closed.` : null,
  };
}
