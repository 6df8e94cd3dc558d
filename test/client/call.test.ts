import { describe, expect, it } from 'vitest';
import { execute, executeHelp } from '../../src/client/call.js';
import { createCallContext } from '../../src/client/call-context.js';
import { levelled } from '../../src/client/logger.js';
import { resolveClientOptions } from '../../src/client/options.js';
import type { TransportRequest, TransportResponse } from '../../src/client/transport.js';
import { InternalServerError } from '../../src/index.js';
import { tableOperation } from '../../src/operations/table.js';
import { rejection, SUCCESS_META, UUID_V4 } from '../support/stub-server.js';

const KEY = 'pipeline-test-key-0123456789';

const envelope = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): TransportResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  text: JSON.stringify(body),
});
const ok = (data: unknown) => envelope(200, { codigoRespuesta: 0, msj: 'Éxito', data, meta: SUCCESS_META });
const busy = envelope(503, { codigoRespuesta: 9503, msj: 'ocupado', meta: {} }, { 'retry-after': '0' });

/** A pipeline whose transport answers from `answers` in order and records every request. */
function pipelineAnswering(...answers: TransportResponse[]) {
  const sent: TransportRequest[] = [];
  const options = resolveClientOptions({ apiKey: KEY, baseUrl: 'https://api.example.test', logLevel: 'off' });
  const transport = async (request: TransportRequest) => {
    sent.push(request);
    return answers[sent.length - 1] ?? busy;
  };
  return {
    sent,
    context: createCallContext(options, transport, levelled(console, 'off', KEY), undefined),
  };
}

describe('execute', () => {
  it('sends every attempt of a call with the same key, headers and body', async () => {
    const { sent, context } = pipelineAnswering(busy, busy, ok({ saldo: 5 }));
    const input = { params: { uid: 'u-1' }, body: { puntos: 5 } };
    const response = await execute(context, tableOperation('clientes.puntos.add'), input);
    expect(response.data).toEqual({ saldo: 5 });
    expect(sent).toHaveLength(3);
    const [first] = sent;
    expect(first?.headers['idempotency-key']).toMatch(UUID_V4);
    expect(response.idempotencyKey).toBe(first?.headers['idempotency-key']);
    for (const request of sent) {
      expect(request.headers).toEqual(first?.headers);
      expect(request.body).toBe('{"puntos":5}');
    }
  });

  it('throws the decoded error of the last attempt when retries run out', async () => {
    const { sent, context } = pipelineAnswering();
    const error = await rejection(execute(context, tableOperation('tareas.list'), {}));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(sent).toHaveLength(3);
  });
});

describe('executeHelp', () => {
  it('asks for text on every attempt and resolves with the text of the answer', async () => {
    const text = { status: 200, headers: { 'content-type': 'text/plain' }, text: 'help text' };
    const { sent, context } = pipelineAnswering(busy, text);
    await expect(executeHelp(context, tableOperation('tareas.list'))).resolves.toBe('help text');
    expect(sent.map((request) => request.headers.accept)).toEqual(['text/plain', 'text/plain']);
  });
});
