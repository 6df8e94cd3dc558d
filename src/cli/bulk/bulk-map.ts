import type { Operation } from '../../operations/table.js';
import { describeIssues, validateRequest } from '../../operations/validate.js';
import { UsageError } from '../shared/usage-error.js';
import { type FieldFlag, fromText, NOT_CONVERTED, operationFlags } from '../table/operation-flags.js';
import { isFailureColumn, rowItemKey } from './bulk-outcome.js';
import type { Row } from './bulk-rows.js';

/** One row as the operation's call. */
export interface RowCall {
  row: Row;
  itemKey: string;
  params: Record<string, unknown>;
  part: Record<string, unknown> | undefined;
}

export interface RowMapping {
  operation: Operation;
  /** `--map column=field`: the column's name in the file -> the parameter it fills. */
  renames: ReadonlyMap<string, string>;
  /** `--key-field`: the column whose value identifies the row in the job (default `id`, when there is one). */
  keyField: string | undefined;
  /** CSV cells are text and are converted to each field's type; JSON values are kept. */
  fromText: boolean;
}

/** `--map cliente=uid`: column -> parameter; the parameter must be one of the operation's. */
export function parseRenames(values: readonly string[], operation: Operation): Map<string, string> {
  const known = new Set(parameterNames(operation));
  const renames = new Map<string, string>();
  for (const value of values) {
    const at = value.indexOf('=');
    const [column, field] = [value.slice(0, at), value.slice(at + 1)];
    if (at <= 0 || field === '')
      throw new UsageError(`--map takes column=field, got ${JSON.stringify(value)}`);
    if (!known.has(field)) {
      throw new UsageError(
        `--map ${value}: ${operation.id} has no parameter ${field} (it has ${[...known].join(', ')})`,
      );
    }
    renames.set(column, field);
  }
  return renames;
}

/** Path parameters and top-level fields of the operation, by name. */
function parameterNames(operation: Operation): string[] {
  const flags = operationFlags(operation);
  return [
    ...flags.positionals.map((parameter) => parameter.name),
    ...new Set(flags.fields.map((field) => field.path[0] as string)),
  ];
}

/** A CSV cell as its field's type; a cell that does not convert is kept, for the row's check to name. */
function convert(field: FieldFlag | undefined, value: unknown, cellsAreText: boolean): unknown {
  if (!cellsAreText || typeof value !== 'string' || field === undefined) return value;
  if (value === '') return undefined;
  const converted = fromText(field.kind, value);
  return converted === NOT_CONVERTED ? value : converted;
}

/**
 * A row as the operation's call, checked against the table exactly as the SDK checks it before
 * sending; a row that breaks a rule, or could not be read, is an Error naming its line and what is wrong.
 */
export function mapRow(row: Row, mapping: RowMapping): RowCall {
  if (row.refused !== undefined) throw new Error(row.refused);
  const { operation } = mapping;
  const flags = operationFlags(operation);
  const pathNames = new Set(flags.positionals.map((parameter) => parameter.name));
  const topFields = new Map(
    flags.fields.filter((field) => field.path.length === 1).map((field) => [field.path[0] as string, field]),
  );
  const params: Record<string, unknown> = {};
  const part: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row.fields)) {
    const name = mapping.renames.get(column) ?? column;
    if (pathNames.has(name)) {
      const parameter = flags.positionals.find((candidate) => candidate.name === name);
      params[name] =
        mapping.fromText && parameter?.schema.type === 'integer' && /^\d+$/.test(String(value))
          ? Number(value)
          : value;
    } else if (topFields.has(name)) {
      const converted = convert(topFields.get(name), value, mapping.fromText);
      if (converted !== undefined) part[name] = converted;
    }
  }
  const keyValue = mapping.keyField === undefined ? undefined : row.fields[mapping.keyField];
  if (keyValue === undefined || keyValue === '') {
    throw new Error(`line ${row.line}: no ${mapping.keyField} (the --key-field)`);
  }
  const result = validateRequest(operation, {
    params,
    ...(flags.part ? { [flags.part]: part } : {}),
    idempotencyKey: 'bulk-row-check',
  });
  if (!result.ok) throw new Error(`line ${row.line}: ${describeIssues(result.issues)}`);
  return {
    row,
    itemKey: rowItemKey(row.fields, String(keyValue)),
    params,
    part: flags.part ? part : undefined,
  };
}

/** The file's columns that fill no parameter and are not the key: reported once, then ignored. */
export function unusedColumns(row: Row, mapping: RowMapping): string[] {
  const names = new Set(parameterNames(mapping.operation));
  return Object.keys(row.fields).filter(
    (column) =>
      column !== mapping.keyField &&
      !isFailureColumn(column) &&
      !names.has(mapping.renames.get(column) ?? column),
  );
}
