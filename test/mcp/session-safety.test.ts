/**
 * The derived Idempotency-Keys and group previews (src/cli/mcp/write-keys.ts, group-previews.ts),
 * over a memory of this process only, with a clock the tests move: which key a write gets, what
 * is a replay and for how long, and when a preview stops standing for its application.
 */
import { describe, expect, it } from 'vitest';
import { PREVIEW_VALID_MS } from '../../src/cli/mcp/group-previews.js';
import { remembering } from '../../src/cli/mcp/remembering.js';
import { MCP_KEY_PREFIX, REPLAY_WINDOW_MS } from '../../src/cli/mcp/write-keys.js';
import { idempotencyKey } from '../../src/operations/fields.js';

function clock() {
  let now = Date.parse('2026-11-25T10:00:00Z');
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const SERVICE = 'https://loyalty.example.com/ext/v3';

/** A new process's keys: nothing remembered yet. */
const processKeys = (apiKey = 'key-one-0001', service = SERVICE, now?: () => number) =>
  remembering({ apiKey, service, file: undefined, now }).keys;

type Derived = ReturnType<ReturnType<typeof processKeys>['derive']>;
const keyOf = (derived: Derived) => (derived.kind === 'key' ? derived.idempotencyKey : undefined);

describe('derived Idempotency-Keys', () => {
  const args = { uid: 'cli_0001', puntos: 5, motivo: 'x' };

  it('the same tool, arguments and occurrence give the same key, marked a repeat', () => {
    const keys = processKeys();
    const first = keys.derive('clientes_puntos_add', args, 1);
    const second = keys.derive('clientes_puntos_add', args, 1);
    expect(keyOf(second)).toBe(keyOf(first));
    expect(first).toMatchObject({ repeat: false });
    expect(second).toMatchObject({ repeat: true });
  });

  it('the order of the arguments does not matter', () => {
    const keys = processKeys();
    const reordered = { motivo: 'x', puntos: 5, uid: 'cli_0001' };
    expect(keyOf(keys.derive('t', reordered, 1))).toBe(keyOf(keys.derive('t', args, 1)));
  });

  it.each([
    ['another argument value', 't', { ...args, puntos: 6 }, 1],
    ['another tool', 'u', args, 1],
    ['another occurrence', 't', args, 2],
  ] as const)('%s gives another key', (_what, tool, changed, occurrence) => {
    const keys = processKeys();
    expect(keyOf(keys.derive(tool, changed, occurrence))).not.toBe(keyOf(keys.derive('t', args, 1)));
  });

  it('another process derives the same key for the same call (a new chat, a reconnect)', () => {
    expect(keyOf(processKeys().derive('t', args, 1))).toBe(keyOf(processKeys().derive('t', args, 1)));
  });

  it.each([
    ['another API key', processKeys('key-two-0002')],
    ['another service', processKeys('key-one-0001', 'https://sandbox.example.com/ext/v3')],
  ])('%s derives another key for the same call', (_what, other) => {
    expect(keyOf(other.derive('t', args, 1))).not.toBe(keyOf(processKeys().derive('t', args, 1)));
  });

  it('holds neither the API key nor the arguments', () => {
    const key = keyOf(processKeys('key-one-0001').derive('t', args, 1)) ?? '';
    for (const part of ['key-one', 'cli_0001', '"x"']) expect(key).not.toContain(part);
  });

  it('is a valid Idempotency-Key of the table, with the MCP prefix', () => {
    const key = keyOf(processKeys().derive('t', args, 1));
    expect(key?.startsWith(MCP_KEY_PREFIX)).toBe(true);
    expect(idempotencyKey().safeParse(key).success).toBe(true);
  });

  it(`is a replay for ${REPLAY_WINDOW_MS / 3_600_000} hours after the first call, then refused (expired), never a new movement`, () => {
    const time = clock();
    const keys = processKeys(undefined, undefined, time.now);
    const first = keys.derive('t', args, 1);
    time.advance(REPLAY_WINDOW_MS);
    expect(keyOf(keys.derive('t', args, 1))).toBe(keyOf(first));
    time.advance(1);
    expect(keys.derive('t', args, 1)).toEqual({
      kind: 'expired',
      firstAt: time.now() - REPLAY_WINDOW_MS - 1,
    });
    expect(keys.derive('t', args, 2)).toMatchObject({ kind: 'key', repeat: false });
  });

  it('--replay-window sets how long the same write is a replay', () => {
    const time = clock();
    const { keys } = remembering({
      apiKey: 'k',
      service: SERVICE,
      file: undefined,
      now: time.now,
      windowMs: 60_000,
    });
    keys.derive('t', args, 1);
    time.advance(60_001);
    expect(keys.derive('t', args, 1)).toMatchObject({ kind: 'expired' });
  });

  it('a write first sent two windows ago is forgotten: the same call is sent again, with the same key', () => {
    const time = clock();
    const keys = processKeys(undefined, undefined, time.now);
    const first = keys.derive('t', args, 1);
    time.advance(2 * REPLAY_WINDOW_MS + 1);
    const again = keys.derive('t', args, 1);
    expect(again).toMatchObject({ kind: 'key', repeat: false });
    expect(keyOf(again)).toBe(keyOf(first));
  });
});

describe('group previews', () => {
  const args = { grupoId: 1, puntos: 5 };
  const previewsOf = (now?: () => number) =>
    remembering({ apiKey: 'k', service: SERVICE, file: undefined, now }).previews;

  it('a preview stands for the same tool and arguments only', () => {
    const previews = previewsOf();
    previews.remember('grupos_puntos_add', args, 3);
    expect(previews.find('grupos_puntos_add', { puntos: 5, grupoId: 1 })).toMatchObject({ afectados: 3 });
    expect(previews.find('grupos_puntos_add', { ...args, puntos: 6 })).toBeUndefined();
    expect(previews.find('grupos_etiquetas_add', args)).toBeUndefined();
  });

  it(`stands for ${PREVIEW_VALID_MS / 60_000} minutes, then no more`, () => {
    const time = clock();
    const previews = previewsOf(time.now);
    previews.remember('t', args, 3);
    time.advance(PREVIEW_VALID_MS);
    expect(previews.find('t', args)).toBeDefined();
    time.advance(1);
    expect(previews.find('t', args)).toBeUndefined();
  });
});
