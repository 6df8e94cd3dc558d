import { styleText } from 'node:util';
import { deeperThan, isObject, MAX_PRINTED_DEPTH } from '../../core/index.js';
import { printErr, printOut } from './printed.js';
import { UnprintableError } from './unprintable-error.js';

/** How the command prints: JSON for pipes and `--json`, a readable view on a terminal; the key masked in all of it. */
export interface Output {
  json: boolean;
  color: boolean;
  write(text: string): void;
  error(text: string): void;
}

/** Colour only on a terminal, and never with NO_COLOR set (https://no-color.org). */
function wantsColor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && (env.NO_COLOR ?? '') === '' && env.TERM !== 'dumb';
}

export function createOutput(json: boolean, env: NodeJS.ProcessEnv = process.env): Output {
  return {
    json: json || process.stdout.isTTY !== true,
    color: wantsColor(process.stdout, env),
    write: printOut,
    error: printErr,
  };
}

export const paint = (output: Output, style: Parameters<typeof styleText>[0], text: string): string =>
  output.color ? styleText(style, text) : text;

const MAX_CELL = 40;

function cell(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  return flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
}

/** Rows of objects as columns: the keys of all rows, in the order they first appear. */
function table(rows: readonly Record<string, unknown>[], output: Output): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = rows.map((row) => columns.map((column) => cell(row[column])));
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...cells.map((row) => (row[index] as string).length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index] as number))
      .join('  ')
      .trimEnd();
  return [paint(output, 'bold', line(columns)), ...cells.map(line)].join('\n');
}

/** An object as `key  value` lines, nested values as JSON. */
function keyValues(record: Record<string, unknown>, output: Output): string {
  const width = Math.max(0, ...Object.keys(record).map((key) => key.length));
  return Object.entries(record)
    .map(
      ([key, value]) =>
        `${paint(output, 'bold', key.padEnd(width))}  ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join('\n');
}

/**
 * The command's result: JSON (two-space indented), else a table, key/value lines or the value.
 * Throws an UnprintableError for a value nested deeper than JSON.stringify survives.
 */
export function render(value: unknown, output: Output): string {
  if (deeperThan(value, MAX_PRINTED_DEPTH)) throw new UnprintableError();
  if (output.json) return JSON.stringify(value, null, 2);
  if (Array.isArray(value)) {
    if (value.length === 0) return paint(output, 'dim', '(none)');
    if (value.every(isObject)) return table(value, output);
  }
  if (isObject(value)) return keyValues(value, output);
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
