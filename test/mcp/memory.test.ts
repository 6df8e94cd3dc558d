/**
 * What `loyalty mcp` remembers between processes (src/cli/mcp/memory.ts, state-folder.ts): one
 * file in the user's state folder, shared, written atomically, pruned, never holding the key or
 * a value, and a process that cannot use it still safe on its own.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemory } from '../../src/cli/mcp/memory.js';
import { MEMORY_FILE, remembering } from '../../src/cli/mcp/remembering.js';
import { stateFolder } from '../../src/cli/mcp/state-folder.js';
import { REPLAY_WINDOW_MS } from '../../src/cli/mcp/write-keys.js';
import { temporaryFolder } from '../support/end-after.js';

const KEY = 'memory-test-key-9b71c4';
const SERVICE = 'http://127.0.0.1:9/ext/v3';
const ARGS = { uid: 'cli_0002', puntos: 200, motivo: 'Pedido 8812 roto' };

function clock() {
  let now = Date.parse('2026-11-25T10:00:00Z');
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function folder(): string {
  return temporaryFolder('loyalty-mcp-memory-');
}

/** A `loyalty mcp` process of the user: its own memory object over the shared file. */
function process_(file: string | undefined, now?: () => number, warnings: string[] = []) {
  return remembering({ apiKey: KEY, service: SERVICE, file, now, warn: (m) => warnings.push(m) });
}

describe('the memory file shared by every process', () => {
  it('a write sent by one process is a repeat in the next, with the same key', () => {
    const file = join(folder(), MEMORY_FILE);
    const first = process_(file).keys.derive('clientes_puntos_add', ARGS, 1);
    const second = process_(file).keys.derive('clientes_puntos_add', ARGS, 1);
    expect(first).toMatchObject({ kind: 'key', repeat: false });
    expect(second).toMatchObject({ kind: 'key', repeat: true, firstAt: first.firstAt });
  });

  it('a write past the window in another process is refused (expired)', () => {
    const file = join(folder(), MEMORY_FILE);
    const time = clock();
    process_(file, time.now).keys.derive('t', ARGS, 1);
    time.advance(REPLAY_WINDOW_MS + 1);
    expect(process_(file, time.now).keys.derive('t', ARGS, 1)).toMatchObject({ kind: 'expired' });
  });

  it("a group action's dry run in one process stands for its apply in the next", () => {
    const file = join(folder(), MEMORY_FILE);
    process_(file).previews.remember('grupos_puntos_add', { grupoId: 7, puntos: 5 }, 12);
    expect(process_(file).previews.find('grupos_puntos_add', { puntos: 5, grupoId: 7 })).toMatchObject({
      afectados: 12,
    });
  });

  it('holds neither the key, nor an argument, nor the derived key itself', () => {
    const file = join(folder(), MEMORY_FILE);
    const derived = process_(file).keys.derive('clientes_puntos_add', ARGS, 1);
    process_(file).previews.remember('grupos_puntos_add', { grupoId: 7, nombre: 'VIP Norte' }, 12);
    const text = readFileSync(file, 'utf8');
    for (const secret of [KEY, 'cli_0002', '8812', 'VIP Norte', 'clientes_puntos_add'])
      expect(text).not.toContain(secret);
    expect(text).not.toContain(derived.kind === 'key' ? derived.idempotencyKey.slice(4) : 'never');
  });

  it('is readable by its owner only, in a folder of the owner only', () => {
    const dir = join(folder(), 'state', 'loyalty-sdk');
    const file = join(dir, MEMORY_FILE);
    process_(file).keys.derive('t', ARGS, 1);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('is written whole through a file beside it: nothing else is left in the folder', () => {
    const dir = folder();
    const memory = process_(join(dir, MEMORY_FILE));
    for (let occurrence = 1; occurrence <= 5; occurrence += 1) memory.keys.derive('t', ARGS, occurrence);
    expect(readdirSync(dir)).toEqual([MEMORY_FILE]);
  });

  it('forgets a write two windows after it was sent, and a dry run once it stands no more', () => {
    const file = join(folder(), MEMORY_FILE);
    const time = clock();
    const memory = process_(file, time.now);
    memory.keys.derive('t', ARGS, 1);
    memory.previews.remember('g', { grupoId: 1 }, 3);
    time.advance(2 * REPLAY_WINDOW_MS + 1);
    memory.keys.derive('t', ARGS, 2);
    const kept = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(kept.writes)).toHaveLength(1);
    expect(kept.previews).toEqual({});
  });

  it('keeps the newest writes only, up to its bound', () => {
    const file = join(folder(), MEMORY_FILE);
    const time = clock();
    const memory = createMemory({
      file,
      keepWritesMs: REPLAY_WINDOW_MS,
      keepPreviewsMs: 1,
      now: time.now,
      maxWrites: 3,
      warn: () => {},
    });
    for (const digest of ['a', 'b', 'c', 'd']) {
      memory.firstWrite(digest, time.now());
      time.advance(1);
    }
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).writes).sort()).toEqual(['b', 'c', 'd']);
  });

  it('a file that is not its own is said once and started afresh; nothing is lost after', () => {
    const file = join(folder(), MEMORY_FILE);
    writeFileSync(file, 'not json {');
    const warnings: string[] = [];
    const memory = process_(file, undefined, warnings);
    expect(memory.keys.derive('t', ARGS, 1)).toMatchObject({ repeat: false });
    expect(process_(file).keys.derive('t', ARGS, 1)).toMatchObject({ repeat: true });
    expect(warnings).toEqual([`${file} is not JSON; it is started afresh`]);
  });

  it('a folder it cannot write is said once; the process then remembers on its own', () => {
    const dir = folder();
    // A file where the folder should be: refused for any user, root included.
    writeFileSync(join(dir, 'loyalty-sdk'), '');
    const warnings: string[] = [];
    const memory = process_(join(dir, 'loyalty-sdk', MEMORY_FILE), undefined, warnings);
    memory.keys.derive('t', ARGS, 1);
    expect(memory.keys.derive('t', ARGS, 1)).toMatchObject({ repeat: true });
    memory.keys.derive('t', ARGS, 2);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^cannot (read|write) .* \((EEXIST|ENOTDIR)\): writes and dry runs are remembered by this process only$/,
    );
  });
});

describe('the state folder', () => {
  it.each([
    ['$XDG_STATE_HOME when set', { XDG_STATE_HOME: '/x/state' }, 'linux', '/x/state/loyalty-sdk'],
    ['~/.local/state on Linux', {}, 'linux', '/home/u/.local/state/loyalty-sdk'],
    [
      'a relative $XDG_STATE_HOME is ignored',
      { XDG_STATE_HOME: 'state' },
      'linux',
      '/home/u/.local/state/loyalty-sdk',
    ],
    ['Application Support on macOS', {}, 'darwin', '/home/u/Library/Application Support/loyalty-sdk'],
    [
      '%LOCALAPPDATA% on Windows',
      { LOCALAPPDATA: '/c/AppData/Local' },
      'win32',
      '/c/AppData/Local/loyalty-sdk',
    ],
  ] as const)('%s', (_what, env, platform, expected) => {
    expect(stateFolder(env, platform, '/home/u')).toBe(expected);
  });
});
