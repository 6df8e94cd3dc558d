/**
 * `loyalty mcp` (the built bin, over stdio) against a service we did not write (docs/mcp.md,
 * "Masking"): a key the service echoes in a 2xx answer, a refusal or a help text
 * reaches the assistant masked, and JSON nested 100,000 deep is one sentence, never a crash or a
 * call left unanswered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRINTED_DEPTH, SECRET_FRAGMENT } from '../../src/core/index.js';
import { editedEnvelope, hostileService, nestedJson } from './hostile-service.js';
import {
  ALL_SCOPES_KEY,
  referenceServer,
  type Session,
  stdioSession,
  structured,
  textOf,
} from './mcp-harness.js';

const KEY = ALL_SCOPES_KEY;
const DEEP = 100_000;
const setup = await referenceServer();

const deepAnswer = (status: number) => ({
  status,
  contentType: 'application/json',
  body: `{"codigoRespuesta":0,"msj":"Éxito","data":${nestedJson(DEEP)},"meta":{"requestId":"req-deep","appId":1,"scope":null}}`,
});

/**
 * Echoes the key it receives in every envelope, in a customer's fields and in help texts (and refuses
 * tareas.list's help, naming it); nests tareas and cli_0005's points deep.
 */
const service = await hostileService(setup.url, (asked, answer) => {
  const path = asked.url.split('?')[0];
  if (asked.url === '/ext/v3/tareas?help=true') {
    const msj = `Help is down for the key ${asked.key}`;
    const meta = { requestId: 'req-help', appId: 1, scope: null };
    return {
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ codigoRespuesta: 9400, msj, meta }),
    };
  }
  if (asked.url.includes('help=true'))
    return { ...answer, body: `${answer.body}\nThe key you sent: ${asked.key}` };
  if (asked.method === 'GET' && path === '/ext/v3/tareas') return deepAnswer(200);
  if (asked.method === 'POST' && path === '/ext/v3/clientes/cli_0005/puntos') return deepAnswer(201);
  return editedEnvelope(answer, (envelope) => {
    if (envelope.meta !== undefined) envelope.meta.requestId = `req-${asked.key}`;
    if (answer.status >= 400) envelope.msj = `${envelope.msj} (you sent ${asked.key})`;
    if (path === '/ext/v3/clientes/cli_0001' && typeof envelope.data === 'object' && envelope.data !== null) {
      Object.assign(envelope.data, {
        nota: asked.key,
        [asked.key]: 1,
        partido: `${asked.key.slice(0, 15)}\n${asked.key.slice(15)}`,
      });
    }
  });
});

/** The runs of SECRET_FRAGMENT characters of the key that `text` still holds. */
function survivors(text: string): string[] {
  const found: string[] = [];
  for (let start = 0; start + SECRET_FRAGMENT <= KEY.length; start++) {
    const piece = KEY.slice(start, start + SECRET_FRAGMENT);
    if (text.includes(piece)) found.push(piece);
  }
  return found;
}

let mcp: Session;
beforeAll(async () => {
  mcp = await stdioSession(service, KEY);
});
afterAll(() => mcp.close());

describe('a service that echoes the API key: the key is masked in every tool result and resource', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ["a read's meta.requestId", 'clientes_retrieve', { uid: 'cli_0002' }],
    [
      "a read's data: a value, a property name, a value split by a line break",
      'clientes_retrieve',
      { uid: 'cli_0001' },
    ],
    [
      "a write's meta.requestId",
      'clientes_puntos_add',
      { uid: 'cli_0003', puntos: 1, motivo: 'hostile echo' },
    ],
    ["a group action's dry run", 'grupos_puntos_add', { grupoId: 1, puntos: 1, motivo: 'hostile echo' }],
    ["a refusal's message", 'clientes_retrieve', { uid: 'cli_9999' }],
  ])('%s', async (_where, tool, args) => {
    const result = await mcp.call(tool, args);
    expect(JSON.stringify(result)).toContain('****');
    expect(survivors(JSON.stringify(result))).toEqual([]);
  });

  it('shows the key as it is shown everywhere: **** and its last 4 characters, in data and in the text', async () => {
    const result = await mcp.call('clientes_retrieve', { uid: 'cli_0001' });
    expect(structured(result).data.nota).toBe(`****${KEY.slice(-4)}`);
    expect(textOf(result)).toContain(`"nota":"****${KEY.slice(-4)}"`);
  });

  it("masks the key in a resource: the service's help text", async () => {
    const help = await mcp.client.readResource({ uri: 'loyalty://help/clientes.retrieve' });
    const text = (help.contents[0] as { text: string }).text;
    expect(text).toContain('The key you sent: ****');
    expect(survivors(text)).toEqual([]);
  });
});

describe('a service that echoes the API key in a refusal of a resource', () => {
  it('answers a JSON-RPC error whose message holds no 8 characters in a row of the key', async () => {
    const failure = await mcp.client.readResource({ uri: 'loyalty://help/tareas.list' }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).toContain('Help is down for the key');
    expect(survivors(failure as string)).toEqual([]);
  });
});

describe(`a service that answers JSON nested ${DEEP.toLocaleString('en')} deep`, () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['a read', 'tareas_list', {}],
    ['a write', 'clientes_puntos_add', { uid: 'cli_0005', puntos: 1, motivo: 'hostile deep' }],
  ])('%s answers isError with one sentence', async (_kind, tool, args) => {
    const result = await mcp.call(tool, args);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const sentence = (result.content.at(-1) as { text: string }).text;
    expect(sentence).toBe(
      `The service's answer to ${tool} nests deeper than ${MAX_PRINTED_DEPTH} levels, which no answer of this API does, so it is not shown.`,
    );
  });

  it('leaves the server answering the next call', async () => {
    await mcp.call('tareas_list', {});
    const next = await mcp.call('clientes_retrieve', { uid: 'cli_0002' });
    expect(next.isError).toBeUndefined();
    expect(structured(next).data.uid).toBe('cli_0002');
  });
});

describe('what the client received', () => {
  it('holds no 8 characters in a row of the key, in any byte (stdout and stderr)', () => {
    expect(mcp.received.text().length).toBeGreaterThan(1000);
    expect(survivors(mcp.received.text())).toEqual([]);
  });
});
