/**
 * The session's derived Idempotency-Keys and group previews (src/cli/mcp/write-keys.ts,
 * group-previews.ts), with a clock the tests move: what is a replay, for how long, and when a
 * preview stops standing for its application.
 */
import { describe, expect, it } from 'vitest';
import { createGroupPreviews, PREVIEW_VALID_MS } from '../../src/cli/mcp/group-previews.js';
import { createWriteKeys, MCP_KEY_PREFIX, REPLAY_WINDOW_MS } from '../../src/cli/mcp/write-keys.js';
import { idempotencyKey } from '../../src/operations/fields.js';

function clock() {
  let now = Date.parse('2026-11-25T10:00:00Z');
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const keyOf = (derived: ReturnType<ReturnType<typeof createWriteKeys>['derive']>) =>
  derived.kind === 'key' ? derived.idempotencyKey : undefined;

describe('derived Idempotency-Keys', () => {
  const args = { uid: 'cli_0001', puntos: 5, motivo: 'x' };

  it('the same tool, arguments and occurrence give the same key, marked a repeat', () => {
    const keys = createWriteKeys();
    const first = keys.derive('clientes_puntos_add', args, 1);
    const second = keys.derive('clientes_puntos_add', args, 1);
    expect(keyOf(second)).toBe(keyOf(first));
    expect(first).toMatchObject({ repeat: false });
    expect(second).toMatchObject({ repeat: true });
  });

  it('the order of the arguments does not matter', () => {
    const keys = createWriteKeys();
    const reordered = { motivo: 'x', puntos: 5, uid: 'cli_0001' };
    expect(keyOf(keys.derive('t', reordered, 1))).toBe(keyOf(keys.derive('t', args, 1)));
  });

  it.each([
    ['another argument value', 't', { ...args, puntos: 6 }, 1],
    ['another tool', 'u', args, 1],
    ['another occurrence', 't', args, 2],
  ] as const)('%s gives another key', (_what, tool, changed, occurrence) => {
    const keys = createWriteKeys();
    expect(keyOf(keys.derive(tool, changed, occurrence))).not.toBe(keyOf(keys.derive('t', args, 1)));
  });

  it('another session derives another key for the same call', () => {
    expect(keyOf(createWriteKeys().derive('t', args, 1))).not.toBe(
      keyOf(createWriteKeys().derive('t', args, 1)),
    );
  });

  it('is a valid Idempotency-Key of the table, with the MCP prefix', () => {
    const key = keyOf(createWriteKeys().derive('t', args, 1));
    expect(key?.startsWith(MCP_KEY_PREFIX)).toBe(true);
    expect(idempotencyKey().safeParse(key).success).toBe(true);
  });

  it(`is a replay for ${REPLAY_WINDOW_MS / 3_600_000} hours after the first call, then refused (expired), never a new movement`, () => {
    const time = clock();
    const keys = createWriteKeys(time.now);
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
});

describe('group previews', () => {
  const args = { grupoId: 1, puntos: 5 };

  it('a preview stands for the same tool and arguments only', () => {
    const previews = createGroupPreviews();
    previews.remember('grupos_puntos_add', args, { afectados: 3, costoEstimado: 15 });
    expect(previews.find('grupos_puntos_add', { puntos: 5, grupoId: 1 })).toMatchObject({ afectados: 3 });
    expect(previews.find('grupos_puntos_add', { ...args, puntos: 6 })).toBeUndefined();
    expect(previews.find('grupos_etiquetas_add', args)).toBeUndefined();
  });

  it(`stands for ${PREVIEW_VALID_MS / 60_000} minutes, then no more`, () => {
    const time = clock();
    const previews = createGroupPreviews(time.now);
    previews.remember('t', args, { afectados: 3, costoEstimado: 15 });
    time.advance(PREVIEW_VALID_MS);
    expect(previews.find('t', args)).toBeDefined();
    time.advance(1);
    expect(previews.find('t', args)).toBeUndefined();
  });
});
