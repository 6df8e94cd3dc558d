/**
 * The tracing channel `loyalty-sdk:request` of node:diagnostics_channel, for agents that do not use
 * OpenTelemetry: start, end, asyncStart, asyncEnd and error, with the operation and its outcome.
 */
import { tracingChannel } from 'node:diagnostics_channel';
import { InternalServerError, NotFoundError } from 'loyalty-sdk';
import { createTestClient } from 'loyalty-sdk/server';
import { afterEach, describe, expect, it } from 'vitest';

type Message = Record<string, unknown>;

const channel = tracingChannel<unknown, Message>('loyalty-sdk:request');
let events: [string, Message][] = [];
const handlers = {
  start: (message: Message) => events.push(['start', { ...message }]),
  end: (message: Message) => events.push(['end', { ...message }]),
  asyncStart: (message: Message) => events.push(['asyncStart', { ...message }]),
  asyncEnd: (message: Message) => events.push(['asyncEnd', { ...message }]),
  error: (message: Message) => events.push(['error', { ...message }]),
};

function subscribe() {
  events = [];
  channel.subscribe(handlers);
}

afterEach(() => channel.unsubscribe(handlers));

const CALL = {
  operationId: 'clientes.retrieve',
  method: 'GET',
  urlTemplate: '/ext/v3/clientes/{uid}',
  serverAddress: 'loyalty.in-process',
  serverPort: 80,
};

describe('the loyalty-sdk:request tracing channel', () => {
  it('a call publishes start and end, then asyncStart and asyncEnd with its status, request id and retries', async () => {
    const { client } = await createTestClient();
    subscribe();
    const { meta } = await client.clientes.retrieve('cli_0001').withResponse();
    expect(events.map(([name]) => name)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd']);
    expect(events[0]?.[1]).toEqual(CALL);
    expect(events[3]?.[1]).toEqual({ ...CALL, status: 200, requestId: meta.requestId, retryCount: 0 });
  });

  it('a failed call publishes error with the SDK error it rejects with, and its errorType', async () => {
    const { client } = await createTestClient();
    subscribe();
    const rejection = await client.clientes.retrieve('cli_9999').catch((error: unknown) => error);
    expect(events.map(([name]) => name)).toEqual(['start', 'end', 'error', 'asyncStart', 'asyncEnd']);
    const [, failed] = events[2] ?? [];
    expect(failed?.error).toBe(rejection);
    expect(rejection).toBeInstanceOf(NotFoundError);
    expect(failed).toMatchObject({ status: 404, errorType: 'NotFoundError', retryCount: 0 });
  });

  it('a retried call is one traced call whose retryCount counts the resends', async () => {
    const { client } = await createTestClient({
      faults: { seed: 4, sequence: ['serverError'] },
      client: { retryBaseDelayMs: 1, retryMaxDelayMs: 1, logLevel: 'off' },
    });
    subscribe();
    await client.tareas.list();
    expect(events.filter(([name]) => name === 'start')).toHaveLength(1);
    expect(events.at(-1)?.[1]).toMatchObject({ operationId: 'tareas.list', status: 200, retryCount: 1 });
  });

  it('a call that ends with a 5xx after its retries: the error event names InternalServerError', async () => {
    const { client } = await createTestClient({
      faults: { seed: 4, sequence: ['serverError', 'serverError'] },
      client: { maxRetries: 1, retryBaseDelayMs: 1, retryMaxDelayMs: 1, logLevel: 'off' },
    });
    subscribe();
    await expect(client.tareas.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(events.find(([name]) => name === 'error')?.[1]).toMatchObject({
      errorType: 'InternalServerError',
      status: 500,
      retryCount: 1,
    });
  });

  it('with no subscriber nothing is published, and a subscriber added later sees the next call', async () => {
    const { client } = await createTestClient();
    events = [];
    await client.tareas.list();
    expect(events).toEqual([]);
    subscribe();
    await client.tareas.list();
    expect(events.map(([name]) => name)).toEqual(['start', 'end', 'asyncStart', 'asyncEnd']);
  });
});
