/**
 * Every request that the served OpenAPI document calls invalid is refused by the server: a table
 * of such requests, each checked first against the document (by openapi-backend), then sent.
 */
import { describe, expect, it } from 'vitest';
import { createReferenceEngine, DEMO_API_KEY, type EngineRequest } from '../../src/server/internal.js';
import { documentProblems } from '../support/openapi-check.js';

const KEY = 'clave-idempotente-0001';

interface Case {
  path: string;
  method?: string;
  query?: string;
  body?: unknown;
  idempotencyKey?: string | null;
}

function requestOf({ path, method = 'POST', query = '', body, idempotencyKey = KEY }: Case) {
  const headers: Record<string, string> = { apikey: DEMO_API_KEY };
  if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const request: EngineRequest & { json?: unknown } = { method, path: `/ext/v3${path}`, query, headers };
  if (body !== undefined) {
    request.body = JSON.stringify(body);
    request.json = body;
  }
  return request;
}

const CASES: [string, Case][] = [
  ['puntos 0', { path: '/clientes/cli_0001/puntos', body: { puntos: 0 } }],
  ['puntos over 10000', { path: '/clientes/cli_0001/puntos', body: { puntos: 10_001 } }],
  ['puntos under -10000', { path: '/clientes/cli_0001/puntos', body: { puntos: -10_001 } }],
  ['puntos as a string', { path: '/clientes/cli_0001/puntos', body: { puntos: '10' } }],
  ['no puntos', { path: '/clientes/cli_0001/puntos', body: { motivo: 'x' } }],
  [
    'a body field the operation does not have',
    { path: '/clientes/cli_0001/puntos', body: { puntos: 5, points: 5 } },
  ],
  ['no body where one is required', { path: '/clientes/cli_0001/puntos' }],
  [
    'an Idempotency-Key of 7 characters',
    { path: '/clientes/cli_0001/puntos', body: { puntos: 5 }, idempotencyKey: 'corta12' },
  ],
  [
    'an Idempotency-Key with a space',
    { path: '/clientes/cli_0001/puntos', body: { puntos: 5 }, idempotencyKey: 'con espacio 123' },
  ],
  [
    'no Idempotency-Key where it is required',
    { path: '/clientes/cli_0001/puntos', body: { puntos: 5 }, idempotencyKey: null },
  ],
  [
    'a title of 121 characters',
    { path: '/clientes/cli_0001/notificaciones', body: { titulo: 't'.repeat(121), mensaje: 'm' } },
  ],
  ['an empty message', { path: '/clientes/cli_0001/notificaciones', body: { titulo: 't', mensaje: '' } }],
  ['a task status of 2', { path: '/tareas/1/status', body: { status: 2 } }],
  ['a task id of 0', { path: '/tareas/0/status', body: { status: 1 } }],
  [
    'a task name of 201 characters',
    { path: '/tareas/1/status', body: { status: 1, nombre: 'n'.repeat(201) } },
  ],
  ['a group name of 121 characters', { path: '/grupos/1/nombre', body: { nombre: 'g'.repeat(121) } }],
  ['an empty tag', { path: '/grupos/1/etiquetas', body: { etiqueta: '' } }],
  ['dryRun as a string', { path: '/grupos/1/puntos', body: { puntos: 5, dryRun: 'true' } }],
  ['a command of 41 characters', { path: '/promociones/1/status', body: { comando: 'c'.repeat(41) } }],
  ['a fiscal type of 7', { method: 'PATCH', path: '/clientes/cli_0001', body: { tipoContribuyente: 7 } }],
  [
    'a birthday that is not a date',
    { method: 'PATCH', path: '/clientes/cli_0001', body: { birthday: '01/02/2000' } },
  ],
  ['an email that is not an email', { path: '/clientes', body: { usuarioData: { email: 'no-es-email' } } }],
  [
    'completo that is not a boolean',
    { method: 'GET', path: '/clientes/cli_0001', query: 'completo=quizas', idempotencyKey: null },
  ],
  ['a negative tipo', { method: 'GET', path: '/promociones', query: 'tipo=-1', idempotencyKey: null }],
  [
    'no inicio',
    { method: 'GET', path: '/promociones/5/cupones', query: 'fin=2025-02-01', idempotencyKey: null },
  ],
  [
    'an inicio that is not a date',
    {
      method: 'GET',
      path: '/promociones/5/cupones',
      query: 'inicio=2025-13-01&fin=2025-02-01',
      idempotencyKey: null,
    },
  ],
  [
    'help that is not a boolean',
    { method: 'GET', path: '/tareas', query: 'help=quizas', idempotencyKey: null },
  ],
];

describe('requests the served document calls invalid', () => {
  it.each(CASES)('%s: the document calls it invalid, and the server refuses it', async (_name, given) => {
    const request = requestOf(given);
    expect(await documentProblems(request)).not.toEqual([]);
    const response = await createReferenceEngine().handle(request);
    expect(response.status, response.body).toBe(400);
  });
});

describe('requests the served document calls valid', () => {
  it.each([
    ['a points movement', { path: '/clientes/cli_0001/puntos', body: { puntos: 5, motivo: 'Compra' } }],
    ['a task status', { path: '/tareas/1/status', body: { status: 1 }, idempotencyKey: null }],
    [
      'a period of coupons',
      {
        method: 'GET',
        path: '/promociones/5/cupones',
        query: 'inicio=2025-01-30&fin=2025-02-01',
        idempotencyKey: null,
      },
    ],
  ] as [string, Case][])(
    '%s: the document finds nothing wrong, and the server answers 200',
    async (_name, given) => {
      const request = requestOf(given);
      expect(await documentProblems(request)).toEqual([]);
      const response = await createReferenceEngine().handle(request);
      expect(response.status, response.body).toBe(200);
    },
  );
});
