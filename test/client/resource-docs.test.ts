/**
 * The editor shows each resource method's doc comment (`GET /tareas (tareas:read)`): prose beside
 * the code, so it is held against the operation table the method calls.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../src/operations/table.js';
import { findOperation, operations } from '../../src/operations/table.js';

const SOURCE = readFileSync(new URL('../../src/client/resources.ts', import.meta.url), 'utf8');

/** A doc comment `METHOD PATH (SCOPE[, Idempotency-Key])...`, then a method calling `'operation.id'`. */
const DOCUMENTED_CALL =
  /\/\*\* (GET|POST|PATCH) (\S+) \(([^)]*)\)[^*]*\*\/\s*\n\s*\w+\([\s\S]*?this\.call\('([\w.]+)',/g;

const documented = [...SOURCE.matchAll(DOCUMENTED_CALL)].map((match) => {
  const [, method, path, inParentheses, id] = match as unknown as string[];
  const operation = findOperation(id as string);
  const [scope, ...notes] = (inParentheses as string).split(', ');
  return { method, path, scope, notes, operation, where: id };
});

describe('resource method doc comments', () => {
  it('every operation of the table has a documented resource method', () => {
    expect(documented.map((entry) => entry.operation?.id).sort()).toEqual(
      operations.map((operation) => operation.id).sort(),
    );
  });

  it.each(documented)('the comment of $where names its method, path and scope', (entry) => {
    const operation = entry.operation as Operation;
    expect(`${entry.method} ${entry.path}`).toBe(`${operation.method} ${operation.path}`);
    expect(entry.scope).toBe(operation.scope ?? 'no scope');
  });

  it.each(documented)(
    'the comment of $where says Idempotency-Key exactly when the table requires one',
    (entry) => {
      const operation = entry.operation as Operation;
      expect(entry.notes.includes('Idempotency-Key')).toBe(operation.idempotency === 'required');
    },
  );
});
