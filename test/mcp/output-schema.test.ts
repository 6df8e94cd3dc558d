/**
 * Every result `loyalty mcp` sends is valid for a client that validates (docs/mcp.md, "Results"):
 * the MCP SDK's Client checks each result's structuredContent against the outputSchema its
 * tools/list gave, over stdio (the built bin) and Streamable HTTP. A result it rejected would make
 * `callTool` throw; the count of validations shows it was checked. Errors carry no
 * structuredContent (the Client would check it too): they arrive as isError with the message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_SCOPES_KEY,
  httpServer,
  httpSession,
  referenceServer,
  type Session,
  stdioSession,
  structured,
  textOf,
} from './mcp-harness.js';

const setup = await referenceServer();

const TRANSPORTS = [
  ['stdio', () => stdioSession(setup.url, ALL_SCOPES_KEY)],
  ['Streamable HTTP', async () => httpSession((await httpServer(setup.url, ALL_SCOPES_KEY)).url)],
] as const;

describe.each(TRANSPORTS)('over %s, a Client that validates', (transport, open) => {
  let mcp: Session;
  beforeAll(async () => {
    mcp = await open();
    const { tools } = await mcp.client.listTools();
    expect(tools.every((tool) => tool.outputSchema !== undefined)).toBe(true);
  });
  afterAll(() => mcp.close());

  /** Calls a tool; the Client threw had it found the structuredContent invalid. */
  async function validatedCall(name: string, args: Record<string, unknown>) {
    const before = mcp.validated();
    const result = await mcp.call(name, args);
    expect(mcp.validated(), `${name}: the Client validated its structuredContent`).toBe(before + 1);
    return result;
  }

  it('accepts a read', async () => {
    const result = await validatedCall('clientes_retrieve', { uid: 'cli_0001' });
    expect(structured(result)).toMatchObject({ data: { uid: 'cli_0001' }, requestId: expect.any(String) });
  });

  it('accepts a write', async () => {
    const result = await validatedCall('clientes_puntos_add', {
      uid: 'cli_0002',
      puntos: 3,
      motivo: `output ${transport} write`,
    });
    expect(structured(result)).toMatchObject({ replayed: false, idempotencyKey: expect.any(String) });
  });

  it('accepts a customer created with a key usuarioData does not name (a string, as its schema asks)', async () => {
    const usuarioData = {
      nombre: 'Eva',
      email: `eva.${transport.replace(' ', '-')}@example.com`,
      extId: 'erp-7',
    };
    const result = await validatedCall('clientes_create', { usuarioData });
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ data: expect.any(Object), replayed: false });
  });

  it('accepts a replayed write', async () => {
    const args = { uid: 'cli_0002', puntos: 3, motivo: `output ${transport} replay` };
    await validatedCall('clientes_puntos_add', args);
    const again = await validatedCall('clientes_puntos_add', args);
    expect(structured(again).replayed).toBe(true);
  });

  it("accepts a group action's dry run", async () => {
    const result = await validatedCall('grupos_puntos_add', {
      grupoId: 1,
      puntos: 1,
      motivo: `output ${transport} preview`,
    });
    expect(result.isError).toBeFalsy();
    expect(structured(result)).toMatchObject({ applied: false, preview: { dryRun: true } });
  });

  it('accepts a group action applied after its dry run', async () => {
    const args = { grupoId: 1, puntos: 1, motivo: `output ${transport} apply` };
    await validatedCall('grupos_puntos_add', args);
    const applied = await validatedCall('grupos_puntos_add', { ...args, apply: true });
    expect(applied.isError).toBeFalsy();
    expect(structured(applied)).toMatchObject({ data: { dryRun: false }, replayed: false });
  });

  it('accepts a group action applied with no dry run: isError, with the dry run it ran instead', async () => {
    const args = { grupoId: 1, puntos: 1, motivo: `output ${transport} unpreviewed`, apply: true };
    const result = await validatedCall('grupos_puntos_add', args);
    expect(result.isError).toBe(true);
    expect(structured(result)).toMatchObject({ applied: false, preview: { dryRun: true } });
  });

  it('receives an error as isError with the message and its facts as JSON text, no structuredContent', async () => {
    const before = mcp.validated();
    const result = await mcp.call('clientes_puntos_add', { uid: 'cli_0001', puntos: 0, motivo: 'x' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(mcp.validated()).toBe(before);
    expect(textOf(result)).toContain('body.puntos: must not be 0');
    const [json = ''] = textOf(result).split('\n');
    expect(JSON.parse(json).error).toMatchObject({ message: expect.stringContaining('body.puntos') });
  });
});
