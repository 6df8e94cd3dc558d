import { describe, expect, it } from 'vitest';
import {
  createReferenceEngine,
  DEFAULT_LIMITS,
  DEMO_API_KEY,
  DEMO_READ_ONLY_API_KEY,
  type EngineOptions,
} from '../../src/server/internal.js';
import { api, call, newIdem } from '../support/in-process-engine.js';

describe('engine options', () => {
  it('without keys, the demo key has every scope', async () => {
    const engine = createReferenceEngine();
    const reply = await call(engine, 'POST', api('/clientes/cli_0001/puntos'), {
      key: DEMO_API_KEY,
      body: { puntos: 1 },
      idem: newIdem(),
    });
    expect(reply.status).toBe(200);
  });

  it('without keys, the read-only demo key reads but does not write', async () => {
    const engine = createReferenceEngine();
    expect(
      (await call(engine, 'GET', api('/clientes/cli_0001'), { key: DEMO_READ_ONLY_API_KEY })).status,
    ).toBe(200);
    const write = await call(engine, 'POST', api('/tareas/1/status'), {
      key: DEMO_READ_ONLY_API_KEY,
      body: { status: 1 },
    });
    expect(write.status).toBe(403);
  });

  it('given keys replace the demo keys', async () => {
    const engine = createReferenceEngine({ keys: [{ key: 'only-this-key', scopes: '*' }] });
    expect((await call(engine, 'GET', api('/tareas'), { key: DEMO_API_KEY })).status).toBe(401);
    expect((await call(engine, 'GET', api('/tareas'), { key: 'only-this-key' })).status).toBe(200);
  });

  it('the default limits are those of docs/decisions.md', () => {
    expect(DEFAULT_LIMITS).toEqual({
      rateLimit: { limit: 100, windowMs: 1_000 },
      groupActionsPerMinute: 10,
      maxGroupSize: 100_000,
      idempotencyTtlMs: 86_400_000,
      maxRecords: 10_000,
      maxRecordBytes: 16_384,
    });
  });

  it.each([
    [
      'an unknown scope',
      { keys: [{ key: 'secret-key-value', scopes: ['clientes:borrar'] }] },
      /unknown scope/,
    ],
    [
      'a repeated key',
      {
        keys: [
          { key: 'secret-key-value', scopes: '*' },
          { key: 'secret-key-value', scopes: '*' },
        ],
      },
      /repeats/,
    ],
    [
      'a misspelt scope',
      { keys: [{ key: 'secret-key-value', scopes: ['clientes:raed'] }] },
      /keys\[0\]\.scopes holds an unknown scope "clientes:raed"; did you mean "clientes:read"\?/,
    ],
    ['an empty key', { keys: [{ key: '', scopes: '*' }] }, /non-empty/],
    ['an unknown seed', { seed: 'full' }, /seed/],
    ['a misspelt option', { limit: {} }, /Unknown option "limit"; did you mean "limits"\?/],
    [
      'a misspelt limit',
      { limits: { maxGroup: 3 } },
      /Unknown option "limits\.maxGroup"; did you mean "maxGroupSize"\?/,
    ],
    ['a limit under 1', { limits: { maxGroupSize: 0 } }, /maxGroupSize/],
    ['a window that is not an integer', { limits: { rateLimit: { windowMs: 1.5 } } }, /windowMs/],
  ])('%s is a TypeError that never shows a key', (_case, options, message) => {
    const build = () => createReferenceEngine(options as EngineOptions);
    expect(build).toThrow(TypeError);
    expect(build).toThrow(message);
    expect(build).not.toThrow(/secret-key-value/);
  });
});
