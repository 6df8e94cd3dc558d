/**
 * A write an assistant repeats through new server processes (a new chat, an app launch, a
 * reconnect) is applied once (docs/mcp.md, "Across sessions"): each case starts `loyalty mcp`
 * afresh from the built bin, the way an MCP client does, against one reference server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMORY_FILE } from '../../src/cli/mcp/remembering.js';
import { temporaryFolder } from '../support/end-after.js';
import {
  ALL_SCOPES_KEY,
  httpServer,
  httpSession,
  referenceServer,
  stateHome,
  stdioSession,
  structured,
  textOf,
} from './mcp-harness.js';

const setup = await referenceServer();
const movements = (motivo: string) => setup.server.admin.audit().filter((entry) => entry.motivo === motivo);
const balance = (uid: string) => setup.server.admin.customer(uid)?.puntos;

/** One chat: a new server process, one call, the process ended. */
async function inNewChat(tool: string, args: Record<string, unknown>, env: Record<string, string> = {}) {
  const mcp = await stdioSession(setup.url, ALL_SCOPES_KEY, [], env);
  try {
    return await mcp.call(tool, args);
  } finally {
    await mcp.close();
  }
}

describe('a keyed write repeated in new server processes', () => {
  const write = { uid: 'cli_0002', puntos: 200, motivo: 'Pedido 8812 roto' };

  it('is applied once; the later answers say replayed, with the note, and the balance moved once', async () => {
    const before = balance('cli_0002') ?? 0;
    const first = await inNewChat('clientes_puntos_add', write);
    const second = await inNewChat('clientes_puntos_add', write);
    const third = await inNewChat('clientes_puntos_add', {
      motivo: write.motivo,
      puntos: 200,
      uid: 'cli_0002',
    });
    expect(structured(first).replayed).toBe(false);
    for (const later of [second, third]) {
      expect(structured(later).replayed).toBe(true);
      expect(structured(later).idempotencyKey).toBe(structured(first).idempotencyKey);
      expect(structured(later).data).toEqual(structured(first).data);
      expect(textOf(later)).toContain('in this chat or another');
    }
    expect(movements(write.motivo)).toHaveLength(1);
    expect(balance('cli_0002')).toBe(before + 200);
  });

  it('with occurrence: 2 in yet another process is applied again on purpose, itself once', async () => {
    const args = { uid: 'cli_0003', puntos: 5, motivo: 'mcp across occurrence' };
    await inNewChat('clientes_puntos_add', args);
    const again = await inNewChat('clientes_puntos_add', { ...args, occurrence: 2 });
    await inNewChat('clientes_puntos_add', { ...args, occurrence: 2 });
    expect(structured(again).replayed).toBe(false);
    expect(movements('mcp across occurrence')).toHaveLength(2);
  });

  it('is applied once even by a process with another state folder: the key comes from what the write means', async () => {
    const args = { uid: 'cli_0003', puntos: 9, motivo: 'mcp across machines' };
    await inNewChat('clientes_puntos_add', args);
    const elsewhere = temporaryFolder('loyalty-mcp-other-state-');
    const other = await inNewChat('clientes_puntos_add', args, { XDG_STATE_HOME: elsewhere });
    expect(structured(other).replayed).toBe(true);
    expect(movements('mcp across machines')).toHaveLength(1);
  });

  it('leaves one file in the state folder, holding neither the key nor an argument', () => {
    expect(readdirSync(join(stateHome(), 'loyalty-sdk'))).toEqual([MEMORY_FILE]);
    const text = readFileSync(join(stateHome(), 'loyalty-sdk', MEMORY_FILE), 'utf8');
    for (const secret of [ALL_SCOPES_KEY, 'cli_0002', '8812', 'Pedido']) expect(text).not.toContain(secret);
  });
});

describe('a group action across a reconnect', () => {
  it('a dry run in one process and its apply in the next applies it', async () => {
    const args = { grupoId: 1, puntos: 4, motivo: 'mcp across group' };
    const preview = await inNewChat('grupos_puntos_add', args);
    expect(structured(preview).applied).toBe(false);
    const applied = await inNewChat('grupos_puntos_add', { ...args, apply: true });
    expect(applied.isError).toBeFalsy();
    const { afectados } = structured(preview).preview;
    expect(structured(applied).data).toMatchObject({ dryRun: false, afectados });
    expect(movements('mcp across group')).toHaveLength(afectados);
  });

  it('an apply with no dry run of those arguments in any process is not applied: it runs the dry run', async () => {
    await inNewChat('grupos_puntos_add', { grupoId: 1, puntos: 6, motivo: 'mcp across unpreviewed' });
    const other = await inNewChat('grupos_puntos_add', {
      grupoId: 1,
      puntos: 7,
      motivo: 'mcp across unpreviewed',
      apply: true,
    });
    expect(structured(other).applied).toBe(false);
    expect(textOf(other)).toContain('Not applied');
    expect(movements('mcp across unpreviewed')).toHaveLength(0);
  });
});

describe('over HTTP', () => {
  it('a write repeated in a second session, and after the server restarts, is applied once', async () => {
    const args = { uid: 'cli_0004', puntos: 3, motivo: 'mcp across http' };
    const first = await httpServer(setup.url, ALL_SCOPES_KEY);
    const one = await httpSession(first.url);
    const two = await httpSession(first.url);
    expect(structured(await one.call('clientes_puntos_add', args)).replayed).toBe(false);
    expect(structured(await two.call('clientes_puntos_add', args)).replayed).toBe(true);
    await Promise.all([one.close(), two.close()]);
    await first.stop();
    const restarted = await httpServer(setup.url, ALL_SCOPES_KEY);
    const three = await httpSession(restarted.url);
    expect(structured(await three.call('clientes_puntos_add', args)).replayed).toBe(true);
    await three.close();
    expect(movements('mcp across http')).toHaveLength(1);
  });
});
