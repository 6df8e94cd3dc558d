/**
 * Defects the fuzzers found, pinned as plain examples.
 *
 * 1. A deeply nested value under a key of `usuarioData` the spec does not name (free-form JSON)
 *    passed validation and then overflowed the stack on the server (the idempotency fingerprint,
 *    JSON.stringify of the answer): POST /clientes answered 500 from about 3,000 levels on.
 * 2. On the client the same value, or a cyclic one, escaped as a RangeError or TypeError instead
 *    of a LoyaltyValidationError.
 * Both fixed by `jsonValue` (src/operations/fields.ts): JSON nested at most JSON_MAX_DEPTH (32)
 * levels, checked without recursion, on both sides of the wire.
 */
import { describe, expect, it } from 'vitest';
import { LoyaltyValidationError } from '../../src/index.js';
import { JSON_MAX_DEPTH } from '../../src/operations/fields.js';
import { API_PREFIX } from '../../src/operations/index.js';
import { createReferenceEngine, DEMO_API_KEY } from '../../src/server/internal.js';
import { createRecordingClient } from '../support/recording-client.js';
import { nested } from './arbitraries.js';

const deepText = (depth: number, open: string, close: string) =>
  `${open.repeat(depth)}1${close.repeat(depth)}`;

describe('deep and cyclic free-form JSON in usuarioData', () => {
  const engine = createReferenceEngine();
  let counter = 0;
  const create = (body: string) =>
    engine.handle({
      method: 'POST',
      path: `${API_PREFIX}/clientes`,
      query: '',
      headers: {
        apikey: DEMO_API_KEY,
        'content-type': 'application/json',
        'idempotency-key': `regression-${counter++}`,
      },
      body,
    });

  it.each([
    [3_000, 'objects'],
    [10_000, 'objects'],
    [10_000, 'arrays'],
    [500_000, 'arrays'],
  ] as const)('the server answers 400, not 500, to %i levels of %s', async (depth, kind) => {
    const value = kind === 'objects' ? deepText(depth, '{"a":', '}') : deepText(depth, '[', ']');
    const response = await create(`{"usuarioData":{"nombre":"Ana","x":${value}}}`);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).details).toEqual([
      expect.objectContaining({ in: 'body', name: 'usuarioData.x', code: 'custom' }),
    ]);
  });

  it(`the server keeps values nested ${JSON_MAX_DEPTH} levels, and refuses ${JSON_MAX_DEPTH + 1}`, async () => {
    const kept = await create(`{"usuarioData":{"x":${deepText(JSON_MAX_DEPTH, '[', ']')}}}`);
    expect(kept.status).toBe(200);
    expect(JSON.parse(kept.body).data.datosAdicionales.x).toEqual(nested(JSON_MAX_DEPTH, 'array'));
    const refused = await create(`{"usuarioData":{"x":${deepText(JSON_MAX_DEPTH + 1, '[', ']')}}}`);
    expect(refused.status).toBe(400);
  });

  it.each([
    ['nested 10,000 levels', () => nested(10_000, 'object')],
    ['nested 33 levels', () => nested(JSON_MAX_DEPTH + 1, 'array')],
    [
      'cyclic',
      () => {
        const cycle: Record<string, unknown> = {};
        cycle.self = cycle;
        return cycle;
      },
    ],
    ['a BigInt', () => 10n],
    ['NaN', () => Number.NaN],
    ['a Map', () => new Map([['a', 1]])],
    ['undefined inside an array', () => [undefined]],
  ])('the client refuses a value %s with LoyaltyValidationError and sends nothing', async (_label, make) => {
    const { client, sent } = createRecordingClient();
    const error = await client.clientes.create({ usuarioData: { x: make() as never } }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(LoyaltyValidationError);
    expect((error as LoyaltyValidationError).issues.map((issue) => issue.path.join('.'))).toEqual([
      'body.usuarioData.x',
    ]);
    expect(sent).toHaveLength(0);
  });

  it(`the client sends values nested ${JSON_MAX_DEPTH} levels, and the server keeps them`, async () => {
    const { client, sent } = createRecordingClient();
    const value = nested(JSON_MAX_DEPTH, 'object');
    const created = await client.clientes.create({ usuarioData: { x: value as never } });
    expect(sent).toHaveLength(1);
    expect((created as { datosAdicionales?: unknown }).datosAdicionales).toEqual({ x: value });
  });
});
