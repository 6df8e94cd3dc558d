/**
 * What a refused call says, issue by issue: a missing required field "is required" (not a type
 * error), a missing body says what it must be, an unknown key suggests the field it was probably
 * meant to be, and no message is zod's own text.
 */
import { describe, expect, it } from 'vitest';
import { LoyaltyValidationError, type OperationId } from '../../src/index.js';
import { describeIssues } from '../../src/operations/index.js';
import type { Operation } from '../../src/operations/table.js';
import { operations } from '../../src/operations/table.js';
import { validateRequest } from '../../src/operations/validate.js';
import { invoke } from '../support/sdk-call-cases.js';
import { clientFor, rejection, useStub } from '../support/stub-server.js';

const stub = useStub();

async function refusal(id: OperationId, input: unknown): Promise<LoyaltyValidationError> {
  const error = await rejection(invoke(clientFor(stub), id, { input }));
  expect(error).toBeInstanceOf(LoyaltyValidationError);
  expect(stub.count).toBe(0);
  return error as LoyaltyValidationError;
}

const described = async (id: OperationId, input: unknown) =>
  describeIssues((await refusal(id, input)).issues);

describe('a missing required field is required, not of the wrong type', () => {
  it.each<[OperationId, unknown, string]>([
    ['clientes.puntos.add', {}, 'body.puntos: is required'],
    ['clientes.puntos.add', { motivo: 'bono' }, 'body.puntos: is required'],
    ['clientes.puntos.add', { puntos: undefined }, 'body.puntos: is required'],
    ['clientes.create', {}, 'body.usuarioData: is required'],
    ['clientes.notificaciones.send', { titulo: 'Hola' }, 'body.mensaje: is required'],
    ['tareas.setStatus', {}, 'body.status: is required'],
    ['promociones.setStatus', {}, 'body.comando: is required'],
    ['promociones.cupones.list', { inicio: '2024-01-01' }, 'query.fin: is required'],
  ])('%s with %j: "%s"', async (id, input, expected) => {
    expect(await described(id, input)).toBe(expected);
  });

  it('a present value of the wrong type keeps its rule: body.puntos: must be a number', async () => {
    expect(await described('clientes.puntos.add', { puntos: 'diez' })).toBe('body.puntos: must be a number');
  });
});

describe('a missing body says what the body must be', () => {
  it.each<[OperationId, string]>([
    ['clientes.puntos.add', 'body: is required: an object with puntos; optionally motivo'],
    ['clientes.notificaciones.send', 'body: is required: an object with titulo, mensaje'],
    ['grupos.nombre.set', 'body: is required: an object with nombre'],
    ['promociones.setStatus', 'body: is required: an object with comando; optionally fecha'],
  ])('%s without a body: "%s"', async (id, expected) => {
    expect(await described(id, undefined)).toBe(expected);
  });

  it('a body of another kind says what it must be and what it got', async () => {
    expect(await described('clientes.puntos.add', 'puntos=5')).toBe(
      'body: must be an object with puntos; optionally motivo, got string',
    );
  });
});

describe('an unknown key suggests the field it was probably meant to be', () => {
  it.each<[OperationId, Record<string, unknown>, string]>([
    ['clientes.puntos.add', { points: 5 }, 'body.points: is not a known field; did you mean "puntos"?'],
    [
      'clientes.puntos.add',
      { puntos: 5, motive: 'x' },
      'body.motive: is not a known field; did you mean "motivo"?',
    ],
    ['clientes.update', { nombr: 'Ana' }, 'body.nombr: is not a known field; did you mean "nombre"?'],
    ['tareas.setStatus', { Status: 1 }, 'body.Status: is not a known field; did you mean "status"?'],
    [
      'grupos.puntos.add',
      { puntos: 5, dry_run: true },
      'body.dry_run: is not a known field; did you mean "dryRun"?',
    ],
    ['promociones.list', { tipos: 1 }, 'query.tipos: is not a known parameter; did you mean "tipo"?'],
  ])('%s with %j: "%s"', async (id, input, expected) => {
    const messages = (await refusal(id, input)).issues.map((issue) => describeIssues([issue]));
    expect(messages).toContain(expected);
  });

  it('a key near no known one lists the known ones', async () => {
    expect(await described('clientes.puntos.add', { puntos: 5, cantidadTotal: 1 })).toBe(
      'body.cantidadTotal: is not a known field (known: puntos, motivo)',
    );
  });

  it('each unknown key is an issue of its own, its path the object and its keys that one key', async () => {
    const { issues } = await refusal('clientes.puntos.add', { puntos: 5, motive: 'x', zzz: 1 });
    expect(issues.map((issue) => [issue.path, issue.code === 'unrecognized_keys' && issue.keys])).toEqual([
      [['body'], ['motive']],
      [['body'], ['zzz']],
    ]);
  });
});

describe('no message is zod text', () => {
  const ZOD_TEXT = /Invalid input|Unrecognized key|expected \w+, received/;
  const WRONG: unknown[] = [undefined, {}, null, 'text', 7, [], { zzz: 1 }];
  const table: readonly Operation[] = operations;

  it.each(table.filter((operation) => operation.body))(
    '#$number $id: every refused body reads in plain words',
    (operation) => {
      for (const body of WRONG) {
        const result = validateRequest(operation, { params: {}, body });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(describeIssues(result.issues)).not.toMatch(ZOD_TEXT);
      }
    },
  );

  it.each(table.filter((operation) => operation.query))(
    '#$number $id: every refused query reads in plain words',
    (operation) => {
      for (const query of [{ zzz: 1 }, { inicio: 5, fin: [], tipo: 'x', completo: 'yes' }]) {
        const result = validateRequest(operation, { params: {}, query });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(describeIssues(result.issues)).not.toMatch(ZOD_TEXT);
      }
    },
  );
});
