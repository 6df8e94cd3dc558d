/**
 * The editor shows each resource method's doc comment (`GET /tareas (tareas:read)`): prose beside
 * the code, so it is held against the operation table the method calls.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as clientes from '../../src/operations/clientes.js';
import * as configuracion from '../../src/operations/configuracion.js';
import type { OperationDefinition } from '../../src/operations/define.js';
import * as grupos from '../../src/operations/grupos.js';
import * as openapi from '../../src/operations/openapi.js';
import * as promociones from '../../src/operations/promociones.js';
import * as reportes from '../../src/operations/reportes.js';
import { operations } from '../../src/operations/table.js';
import * as tareas from '../../src/operations/tareas.js';

const MODULES: Record<string, Record<string, unknown>> = {
  clientes,
  configuracion,
  grupos,
  openapi,
  promociones,
  reportes,
  tareas,
};

const SOURCE = readFileSync(new URL('../../src/client/resources.ts', import.meta.url), 'utf8');

/** A doc comment `METHOD PATH (SCOPE[, Idempotency-Key])...`, then a method calling `module.operation`. */
const DOCUMENTED_CALL =
  /\/\*\* (GET|POST|PATCH) (\S+) \(([^)]*)\)[^*]*\*\/\s*\n\s*\w+\([\s\S]*?this\.call\((\w+)\.(\w+),/g;

const documented = [...SOURCE.matchAll(DOCUMENTED_CALL)].map((match) => {
  const [, method, path, inParentheses, module, name] = match as unknown as string[];
  const operation = MODULES[module as string]?.[name as string] as OperationDefinition | undefined;
  const [scope, ...notes] = (inParentheses as string).split(', ');
  return { method, path, scope, notes, operation, where: `${module}.${name}` };
});

describe('resource method doc comments', () => {
  it('every operation of the table has a documented resource method', () => {
    expect(documented.map((entry) => entry.operation?.id).sort()).toEqual(
      operations.map((operation) => operation.id).sort(),
    );
  });

  it.each(documented)('the comment of $where names its method, path and scope', (entry) => {
    const operation = entry.operation as OperationDefinition;
    expect(`${entry.method} ${entry.path}`).toBe(`${operation.method} ${operation.path}`);
    expect(entry.scope).toBe(operation.scope ?? 'no scope');
  });

  it.each(documented)(
    'the comment of $where says Idempotency-Key exactly when the table requires one',
    (entry) => {
      const operation = entry.operation as OperationDefinition;
      expect(entry.notes.includes('Idempotency-Key')).toBe(operation.idempotency === 'required');
    },
  );
});
