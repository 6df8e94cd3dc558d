/**
 * `loyalty mcp` over stdio (docs/mcp.md), driven by the MCP SDK's own Client spawning the built
 * bin, against a reference server: the tools follow the key's scopes, every tool answers, writes
 * apply once, group actions only after their dry run, caps refuse, and the key never reaches the client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEffect } from '../../src/cli/table/tool-effects.js';
import { toolName } from '../../src/cli/table/tool-schema.js';
import { operations } from '../../src/operations/table.js';
import { loyalty } from '../cli/cli-harness.js';
import {
  ALL_SCOPES_KEY,
  referenceServer,
  type Session,
  stdioSession,
  structured,
  TWO_SCOPES,
  TWO_SCOPES_KEY,
  textOf,
  validToolArguments,
} from './mcp-harness.js';

const setup = await referenceServer();
const movements = (motivo: string) => setup.server.admin.audit().filter((entry) => entry.motivo === motivo);

describe('a key with every scope', () => {
  let mcp: Session;
  beforeAll(async () => {
    mcp = await stdioSession(setup.url, ALL_SCOPES_KEY);
  });
  afterAll(() => mcp.close());

  it('lists one tool per operation of the table, named after its id', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(operations.map(toolName).sort());
  });

  it('annotates reads readOnlyHint, and writes with their destructive and idempotent hints', async () => {
    const { tools } = await mcp.client.listTools();
    for (const operation of operations) {
      const tool = tools.find((candidate) => candidate.name === toolName(operation));
      const effect = writeEffect(operation.id);
      expect(tool?.annotations, operation.id).toEqual(
        effect === undefined
          ? { readOnlyHint: true }
          : { readOnlyHint: false, destructiveHint: effect.destructive, idempotentHint: effect.idempotent },
      );
    }
  });

  it.each(operations.map((operation) => [toolName(operation), operation.id] as const))(
    '%s answers valid arguments with its data and request id',
    async (name, id) => {
      const result = await mcp.call(name, validToolArguments(id));
      expect(result.isError, textOf(result)).toBeFalsy();
      const content = structured(result);
      expect(content.requestId).toMatch(/\S/);
      expect(content.data ?? content.preview).toBeDefined();
      expect(JSON.parse(textOf(result).split('\n')[0] as string)).toEqual(content);
    },
  );

  it('refuses invalid arguments with a tool error naming the field and the rule, sending nothing', async () => {
    const before = setup.server.admin.audit().length;
    const result = await mcp.call('clientes_puntos_add', { uid: 'cli_0001', puntos: 0 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('body.puntos: must not be 0');
    expect(setup.server.admin.audit()).toHaveLength(before);
  });

  it('refuses an argument the tool does not take, naming it', async () => {
    const result = await mcp.call('clientes_puntos_list', { uid: 'cli_0001', points: 5 });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('points');
  });

  it('applies a write called twice the same way once; the second answer says replayed', async () => {
    const args = { uid: 'cli_0002', puntos: 7, motivo: 'mcp replay' };
    const first = await mcp.call('clientes_puntos_add', args);
    const second = await mcp.call('clientes_puntos_add', args);
    expect(structured(first).replayed).toBe(false);
    expect(structured(second).replayed).toBe(true);
    expect(structured(second).data).toEqual(structured(first).data);
    expect(textOf(second)).toContain('occurrence: 2');
    expect(movements('mcp replay')).toHaveLength(1);
  });

  it('applies the same movement again only with occurrence: 2, itself applied once', async () => {
    const args = { uid: 'cli_0002', puntos: 7, motivo: 'mcp occurrence' };
    await mcp.call('clientes_puntos_add', args);
    const again = await mcp.call('clientes_puntos_add', { ...args, occurrence: 2 });
    await mcp.call('clientes_puntos_add', { ...args, occurrence: 2 });
    expect(structured(again).replayed).toBe(false);
    expect(movements('mcp occurrence')).toHaveLength(2);
  });

  it('answers a group action first with its dry run, applying nothing', async () => {
    const result = await mcp.call('grupos_puntos_add', { grupoId: 1, puntos: 2, motivo: 'mcp preview' });
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({
      applied: false,
      preview: { dryRun: true, afectados: expect.any(Number), costoEstimado: expect.any(Number) },
      toApply: { tool: 'grupos_puntos_add', arguments: { grupoId: 1, puntos: 2, apply: true } },
    });
    expect(movements('mcp preview')).toHaveLength(0);
  });

  it('does not apply a group action without its dry run in the session: it runs the dry run and says so', async () => {
    const args = { grupoId: 1, puntos: 3, motivo: 'mcp unpreviewed', apply: true };
    const refused = await mcp.call('grupos_puntos_add', args);
    expect(refused.isError).toBe(true);
    expect(structured(refused).applied).toBe(false);
    expect(textOf(refused)).toContain('Not applied');
    expect(movements('mcp unpreviewed')).toHaveLength(0);
    const applied = await mcp.call('grupos_puntos_add', args);
    expect(applied.isError).toBeFalsy();
    const { afectados } = structured(refused).preview;
    expect(structured(applied).data).toMatchObject({ dryRun: false, afectados });
    expect(movements('mcp unpreviewed')).toHaveLength(afectados);
  });

  it('applies a group action with other arguments than its dry run only after their own dry run', async () => {
    await mcp.call('grupos_etiquetas_add', { grupoId: 1, etiqueta: 'mcp-a' });
    const other = await mcp.call('grupos_etiquetas_add', { grupoId: 1, etiqueta: 'mcp-b', apply: true });
    expect(structured(other).applied).toBe(false);
    expect(setup.server.admin.customer('cli_0001')?.etiquetas).not.toContain('mcp-b');
  });

  it('offers the help of each tool and the key scopes as resources, never the key', async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('loyalty://help/clientes.puntos.add');
    const help = await mcp.client.readResource({ uri: 'loyalty://help/clientes.puntos.add' });
    expect(JSON.stringify(help.contents[0])).toContain('puntos');
    const key = await mcp.client.readResource({ uri: 'loyalty://key' });
    const text = (key.contents[0] as { text: string }).text;
    expect(JSON.parse(text).tools).toHaveLength(operations.length);
  });

  it('answers an unknown tool with the protocol error -32602 (invalid params), as the MCP spec says', async () => {
    await expect(mcp.call('clientes_delete', {})).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown tool "clientes_delete"'),
    });
  });

  it('answers a call with bad arguments with a tool result (isError), not a protocol error', async () => {
    const result = await mcp.call('clientes_puntos_add', { uid: 'cli_0001', puntos: 'many' });
    expect(result.isError).toBe(true);
  });

  it('sent the key in no byte the client received (stdout and stderr), errors included', () => {
    expect(mcp.received.text().length).toBeGreaterThan(1000);
    expect(mcp.received.text()).not.toContain(ALL_SCOPES_KEY);
  });
});

describe('a key with two scopes', () => {
  it(`lists only the tools of ${TWO_SCOPES.join(' and ')} (and those needing no scope)`, async () => {
    const mcp = await stdioSession(setup.url, TWO_SCOPES_KEY);
    const { tools } = await mcp.client.listTools();
    await mcp.close();
    const expected = operations.filter(
      (operation) => operation.scope === null || TWO_SCOPES.includes(operation.scope),
    );
    expect(tools.map((tool) => tool.name).sort()).toEqual(expected.map(toolName).sort());
    expect(mcp.received.text()).not.toContain(TWO_SCOPES_KEY);
  });
});

describe('command-line choices', () => {
  it('--read-only lists the read tools only', async () => {
    const mcp = await stdioSession(setup.url, ALL_SCOPES_KEY, ['--read-only']);
    const { tools } = await mcp.client.listTools();
    await mcp.close();
    const reads = operations.filter((operation) => writeEffect(operation.id) === undefined);
    expect(tools.map((tool) => tool.name).sort()).toEqual(reads.map(toolName).sort());
  });

  it('--tools lists only the tools named (operation ids or tool names)', async () => {
    const mcp = await stdioSession(setup.url, ALL_SCOPES_KEY, [
      '--tools',
      'clientes.retrieve,clientes_puntos_add',
      '--max-points',
      '100',
      '--max-customers',
      '1',
    ]);
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['clientes_puntos_add', 'clientes_retrieve']);
    const schema = tools.find((tool) => tool.name === 'clientes_puntos_add')?.inputSchema;
    const puntos = (schema?.properties ?? {}) as Record<string, { minimum: number; maximum: number }>;
    expect([puntos.puntos?.minimum, puntos.puntos?.maximum]).toEqual([-100, 100]);
    const refused = await mcp.call('clientes_puntos_add', {
      uid: 'cli_0003',
      puntos: 101,
      motivo: 'mcp cap',
    });
    await mcp.close();
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('--max-points');
    expect(movements('mcp cap')).toHaveLength(0);
  });

  it('--max-customers refuses to apply a group action reaching more customers, after showing its dry run', async () => {
    const mcp = await stdioSession(setup.url, ALL_SCOPES_KEY, ['--max-customers', '1']);
    const args = { grupoId: 1, puntos: 1, motivo: 'mcp cap customers' };
    const preview = await mcp.call('grupos_puntos_add', args);
    const applied = await mcp.call('grupos_puntos_add', { ...args, apply: true });
    await mcp.close();
    expect(structured(preview).preview.afectados).toBeGreaterThan(1);
    expect(textOf(preview)).toContain('--max-customers');
    expect(structured(preview).toApply).toBeUndefined();
    expect(applied.isError).toBe(true);
    expect(movements('mcp cap customers')).toHaveLength(0);
  });

  it('a key the service refuses: exit 3 with the reason, and the key in no byte', async () => {
    const wrong = 'mcp-test-key-unknown-b5c6d7';
    const run = await loyalty(['mcp'], { LOYALTY_BASE_URL: setup.url, LOYALTY_API_KEY: wrong });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/401|key/i);
    expect(`${run.stdout}${run.stderr}`).not.toContain(wrong);
  });

  it('no key in the environment or a file: exit 2 naming both ways, never a prompt', async () => {
    const run = await loyalty(['mcp'], { LOYALTY_BASE_URL: setup.url });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('LOYALTY_API_KEY');
    expect(run.stderr).toContain('--api-key-file');
  });
});
