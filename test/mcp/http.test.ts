/**
 * `loyalty mcp --http` (docs/mcp.md): the MCP SDK's Client over Streamable HTTP against the built
 * bin; sessions keep their own replays, the loopback rule and the token guard the endpoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolName } from '../../src/cli/table/tool-schema.js';
import { operations } from '../../src/operations/table.js';
import { loyalty } from '../cli/cli-harness.js';
import {
  ALL_SCOPES_KEY,
  httpServer,
  httpSession,
  postWithHost,
  referenceServer,
  type Session,
  structured,
  TWO_SCOPES,
  TWO_SCOPES_KEY,
} from './mcp-harness.js';

const setup = await referenceServer();
const movements = (motivo: string) => setup.server.admin.audit().filter((entry) => entry.motivo === motivo);

describe('Streamable HTTP on a loopback address, no token', () => {
  const served = httpServer(setup.url, ALL_SCOPES_KEY);
  let mcp: Session;
  beforeAll(async () => {
    mcp = await httpSession((await served).url);
  });
  afterAll(() => mcp.close());

  it('listens on 127.0.0.1 at /mcp and lists a tool per operation', async () => {
    expect((await served).url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { tools } = await mcp.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(operations.map(toolName).sort());
  });

  it('applies a write called twice the same way once', async () => {
    const args = { uid: 'cli_0004', puntos: 9, motivo: 'mcp http replay' };
    await mcp.call('clientes_puntos_add', args);
    const second = await mcp.call('clientes_puntos_add', args);
    expect(structured(second).replayed).toBe(true);
    expect(movements('mcp http replay')).toHaveLength(1);
  });

  it('a dry run in one session lets another session of the key apply it (a client that reconnected)', async () => {
    const args = { grupoId: 1, puntos: 4, motivo: 'mcp http sessions' };
    const preview = await mcp.call('grupos_puntos_add', args);
    const other = await httpSession((await served).url);
    const applied = await other.call('grupos_puntos_add', { ...args, apply: true });
    await other.close();
    expect(applied.isError).toBeFalsy();
    const { afectados } = structured(preview).preview;
    expect(movements('mcp http sessions')).toHaveLength(afectados);
  });

  it('refuses a request addressed to a name that is not loopback (DNS rebinding)', async () => {
    const { url } = await served;
    expect(await postWithHost(url, 'evil.example')).toBe(403);
    expect(await postWithHost(url, '127.0.0.1.evil.example')).toBe(403);
  });

  it('refuses a request a web page of another origin sends', async () => {
    const { url } = await served;
    const response = await fetch(url, {
      method: 'POST',
      headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('sent the key in no byte the client received', () => {
    expect(mcp.received.text().length).toBeGreaterThan(1000);
    expect(mcp.received.text()).not.toContain(ALL_SCOPES_KEY);
  });
});

describe('Streamable HTTP with a token', () => {
  const token = 'mcp-http-token-0123456789abcdef';

  it('answers only requests that show the token, and lists the tools of the key scopes', async () => {
    const served = await httpServer(setup.url, TWO_SCOPES_KEY, [], { LOYALTY_MCP_TOKEN: token });
    const refused = await fetch(served.url, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(401);
    const mcp = await httpSession(served.url, { authorization: `Bearer ${token}` });
    const { tools } = await mcp.client.listTools();
    await mcp.close();
    const expected = operations.filter(
      (operation) => operation.scope === null || TWO_SCOPES.includes(operation.scope),
    );
    expect(tools.map((tool) => tool.name).sort()).toEqual(expected.map(toolName).sort());
    expect(mcp.received.text()).not.toContain(TWO_SCOPES_KEY);
  });

  it('a host that is not loopback needs a token: refused at start, exit 2', async () => {
    const run = await loyalty(['mcp', '--http', '--host', '0.0.0.0'], {
      LOYALTY_BASE_URL: setup.url,
      LOYALTY_API_KEY: ALL_SCOPES_KEY,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('LOYALTY_MCP_TOKEN');
  });
});
