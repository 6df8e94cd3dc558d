import { nearestName, shellQuote } from '../../core/index.js';
import { describeParameters } from '../../operations/parameters.js';
import type { RowMapping } from './bulk-map.js';
import type { Row } from './bulk-rows.js';

/**
 * Which parameter each column not used probably holds: a column whose name is near a parameter's
 * (the CLI's did-you-mean); then, while a required parameter has no column, the columns left in
 * file order to the parameters left in the operation's order when there are as many of each
 * (`customer,points,reason` to `uid,puntos,motivo`), or the one column left to the one required
 * parameter left.
 */
function likelyPairs(unused: readonly string[], open: readonly string[], required: readonly string[]) {
  const pairs = new Map<string, string>();
  let columns = [...unused];
  let parameters = [...open];
  const pair = (column: string, parameter: string) => {
    pairs.set(column, parameter);
    columns = columns.filter((other) => other !== column);
    parameters = parameters.filter((other) => other !== parameter);
  };
  for (const column of unused) {
    const near = nearestName(column, parameters);
    if (near !== undefined) pair(column, near);
  }
  const requiredLeft = parameters.filter((name) => required.includes(name));
  if (requiredLeft.length > 0 && columns.length === parameters.length) {
    const left = parameters;
    for (const [index, column] of [...columns].entries()) pair(column, left[index] as string);
  } else if (requiredLeft.length === 1 && columns.length === 1)
    pair(columns[0] as string, requiredLeft[0] as string);
  return unused.flatMap((column) => {
    const parameter = pairs.get(column);
    return parameter === undefined ? [] : [`--map ${shellQuote(`${column}=${parameter}`)}`];
  });
}

/**
 * What to add when columns fill no parameter and a parameter has no column: `--map
 * COLUMN=PARAMETER` for the likely pairs, in one line; undefined when there is nothing to say.
 */
export function mapHint(row: Row, mapping: RowMapping, unused: readonly string[]): string | undefined {
  if (unused.length === 0) return undefined;
  const filled = new Set(Object.keys(row.fields).map((column) => mapping.renames.get(column) ?? column));
  const open = describeParameters(mapping.operation).filter((parameter) => !filled.has(parameter.name));
  const required = open.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  const maps = likelyPairs(
    unused,
    open.map((parameter) => parameter.name),
    required,
  ).join(' ');
  const none = `no column fills ${required.join(', ')} (required)`;
  if (maps === '')
    return required.length > 0
      ? `${none}: name the column that holds each with --map COLUMN=PARAMETER`
      : undefined;
  return required.length > 0
    ? `${none}; if the columns not used are them, add ${maps}`
    : `if a column not used is a parameter under another name, add ${maps}`;
}
