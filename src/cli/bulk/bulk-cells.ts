import { FAILURE_COLUMNS } from './bulk-outcome.js';

/**
 * A cell a spreadsheet would run as a formula starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return (OWASP, "CSV Injection"); the package writes such a cell after a `'`, which a spreadsheet
 * shows as text. A cell that starts with `'` gets one too: then every written cell that starts
 * with `'` carries exactly one added, and reading it back is exact.
 */
const FORMULA_START = /^[=+\-@\t\r']/;
const NEUTRALISED = /^'[=+\-@\t\r']/;

/** A cell as the failures CSV holds it: a spreadsheet shows it, never runs it. */
export function neutralised(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A cell of a failures CSV as it was before `neutralised`: the value the row is sent with. */
function restored(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

/**
 * What a CSV's header says of its cells: a failures file (its header holds the failure columns,
 * which only the package writes and which are never sent) has them neutralised, every other CSV
 * as given. The cells it reads are the values the first run read, never changed.
 */
export function cellsAsWritten(): {
  /** For csv-parse's `columns`: the header's names, restored in a failures file. */
  columns: (header: string[]) => string[];
  /** A record's values, restored in a failures file. */
  values: (record: Record<string, string>) => Record<string, string>;
} {
  let failuresFile = false;
  return {
    columns: (header) => {
      failuresFile = FAILURE_COLUMNS.every((column) => header.includes(column));
      return failuresFile ? header.map(restored) : header;
    },
    values: (record) =>
      failuresFile
        ? Object.fromEntries(Object.entries(record).map(([name, value]) => [name, restored(value)]))
        : record,
  };
}
