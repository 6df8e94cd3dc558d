/**
 * The README's table of the 18 methods, rendered from the operation table: `npm run
 * docs:readme-table` writes it between the markers, and readme-table.test.ts fails when the
 * README differs from what this renders.
 */
import * as z from 'zod/mini';
import { describeParameters, type ParameterDescription } from '../../src/operations/parameters.js';
import * as records from '../../src/operations/records.js';
import type { Operation } from '../../src/operations/table.js';
import { operations } from '../../src/operations/table.js';
import { PARAMS_NAMES } from './params-names.js';

export const METHODS_START =
  '<!-- methods:start: generated from the operation table by `npm run docs:readme-table`; edit the table, not these lines -->';
export const METHODS_END = '<!-- methods:end -->';

/** The public type (src/types.ts) of each record schema a method returns. */
const RECORD_TYPES: Record<string, string> = {
  cliente: 'Cliente',
  movimiento: 'PuntosMovimiento',
  puntosResultado: 'PuntosResultado',
  notificacion: 'Notificacion',
  nivelResultado: 'NivelResultado',
  nivel: 'Nivel',
  grupoAccion: 'GrupoAccionResultado',
  grupo: 'Grupo',
  tarea: 'Tarea',
  promocion: 'Promocion',
  cuponesUso: 'CuponesUso',
  reportCatalog: 'ReportCatalog',
  openApiDocument: 'OpenApiDocument',
};

/** An object argument shows its fields up to this many; beyond, its type's name. */
const MAX_FIELDS_SHOWN = 4;

const IDEMPOTENCY = {
  required: 'always',
  optional: 'when you give one',
  none: '—',
} as const;

function recordType(schema: unknown, operationId: string): string {
  if (schema instanceof z.ZodMiniArray) return `${recordType(schema.def.element, operationId)}[]`;
  const found = Object.entries(records).find(([, build]) => build() === schema);
  const name = found && RECORD_TYPES[found[0]];
  if (!name) throw new Error(`${operationId}: name the public type of its data in RECORD_TYPES`);
  return name;
}

/** The object argument: `{ puntos, motivo? }`, its type's name when long, `?` after it when optional. */
function objectArgument(operation: Operation, fields: ParameterDescription[]): string {
  const shown =
    fields.length > MAX_FIELDS_SHOWN
      ? PARAMS_NAMES[operation.id]
      : `{ ${fields.map((field) => `${field.name}${field.required ? '' : '?'}`).join(', ')} }`;
  const optional = operation.query !== undefined && fields.every((field) => !field.required);
  return `${shown}${optional ? '?' : ''}`;
}

function sdkCall(operation: Operation): string {
  const parameters = describeParameters(operation);
  const path = parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  const fields = parameters.filter((parameter) => parameter.in !== 'path');
  const object = fields.length > 0 ? [objectArgument(operation, fields)] : [];
  return `client.${operation.id}(${[...path, ...object].join(', ')})`;
}

function row(operation: Operation): string {
  const cells = [
    String(operation.number),
    `\`${sdkCall(operation)}\``,
    `\`${operation.method} ${operation.path}\``,
    operation.scope === null ? 'none' : `\`${operation.scope}\``,
    IDEMPOTENCY[operation.idempotency],
    `\`${recordType(operation.data, operation.id)}\``,
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The table, markers included. */
export function renderMethodTable(): string {
  return [
    METHODS_START,
    '| # | SDK method | HTTP (below `/ext/v3`) | Scope | Idempotency-Key | Resolves to |',
    '| --- | --- | --- | --- | --- | --- |',
    ...operations.map(row),
    METHODS_END,
  ].join('\n');
}

/** `readme` with the text between (and including) the markers replaced by the table. */
export function withMethodTable(readme: string): string {
  const start = readme.indexOf(METHODS_START);
  const end = readme.indexOf(METHODS_END);
  if (start < 0 || end < start) {
    throw new Error(`README.md needs the markers ${METHODS_START} and ${METHODS_END}, in that order`);
  }
  return `${readme.slice(0, start)}${renderMethodTable()}${readme.slice(end + METHODS_END.length)}`;
}
