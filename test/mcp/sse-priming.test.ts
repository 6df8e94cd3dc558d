/**
 * The SSE stream of `loyalty mcp --http` (docs/mcp.md, "Sessions over HTTP"): a GET's stream opens
 * with a priming event (an id and a `retry` field), a client reconnects from that id, and what a
 * session keeps for reconnects is bounded (src/cli/mcp/event-store.ts, sse-priming.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BoundedEventStore } from '../../src/cli/mcp/event-store.js';
import { GET_STREAM, primeGetStream, primingEvent, SSE_RETRY_MS } from '../../src/cli/mcp/sse-priming.js';
import { initialize } from './http-client.js';
import { ALL_SCOPES_KEY, httpServer, referenceServer } from './mcp-harness.js';

const note = (n: number): JSONRPCMessage => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { n },
});

async function replayed(store: BoundedEventStore, after: string) {
  const sent: [string, JSONRPCMessage][] = [];
  const stream = await store.replayEventsAfter(after, {
    send: async (id, message) => {
      sent.push([id, message]);
    },
  });
  return { stream, sent };
}

describe('BoundedEventStore', () => {
  it('keeps at most its count of events: the oldest go first', () => {
    const store = new BoundedEventStore({ count: 3, bytes: 1_000_000 });
    for (let n = 0; n < 10; n++) store.store('s', note(n));
    expect(store.held.count).toBe(3);
  });

  it('keeps at most its bytes of events', () => {
    const store = new BoundedEventStore({ count: 1_000, bytes: 500 });
    for (let n = 0; n < 100; n++) store.store('s', note(n));
    expect(store.held.bytes).toBeLessThanOrEqual(500);
    expect(store.held.count).toBeGreaterThan(0);
  });

  it('replays the events of the same stream after the id, in order, and names the stream', async () => {
    const store = new BoundedEventStore();
    const first = store.store('s', note(1));
    store.store('other', note(2));
    const third = store.store('s', note(3));
    expect(await replayed(store, first)).toEqual({ stream: 's', sent: [[third, note(3)]] });
  });

  it('resumes the stream of an id already dropped, with what is left', async () => {
    const store = new BoundedEventStore({ count: 2, bytes: 1_000_000 });
    const dropped = store.store(GET_STREAM, note(1));
    store.store(GET_STREAM, note(2));
    store.store(GET_STREAM, note(3));
    expect(await store.getStreamIdForEventId(dropped)).toBe(GET_STREAM);
    expect((await replayed(store, dropped)).sent.map(([, message]) => message)).toEqual([note(2), note(3)]);
  });

  it('replays no priming event (it carries no message)', async () => {
    const store = new BoundedEventStore();
    const priming = store.store(GET_STREAM, {} as JSONRPCMessage);
    store.store(GET_STREAM, {} as JSONRPCMessage);
    expect((await replayed(store, priming)).sent).toEqual([]);
  });

  it('knows no stream for an id it never gave', async () => {
    expect(await new BoundedEventStore().getStreamIdForEventId('not-an-event')).toBeUndefined();
  });
});

/** What primeGetStream writes on a response the transport then opens with `status` and `type`. */
function primedBytes(headers: Record<string, string>, method: string, status: number, type: string) {
  const written: string[] = [];
  const res = {
    writeHead: () => res,
    write: (chunk: string) => written.push(chunk),
  } as unknown as ServerResponse;
  primeGetStream({ method, headers } as IncomingMessage, res, new BoundedEventStore());
  res.writeHead(status, { 'content-type': type });
  return written.join('');
}

describe('primeGetStream', () => {
  const current = { 'mcp-protocol-version': '2025-11-25' };

  it('opens a GET event stream with an id, the retry pace and no data', () => {
    expect(primedBytes(current, 'GET', 200, 'text/event-stream')).toBe(primingEvent(`${GET_STREAM}.1`));
    expect(primingEvent('x')).toBe(`id: x\nretry: ${SSE_RETRY_MS}\ndata: \n\n`);
  });

  it('leaves a client of a protocol before 2025-11-25 unprimed (an event with empty data breaks it)', () => {
    expect(primedBytes({ 'mcp-protocol-version': '2025-06-18' }, 'GET', 200, 'text/event-stream')).toBe('');
  });

  it('leaves a refused GET unprimed (a JSON error, not a stream)', () => {
    expect(primedBytes(current, 'GET', 409, 'application/json')).toBe('');
  });

  it('leaves a resumed stream unprimed (its client holds an id already)', () => {
    expect(
      primedBytes({ ...current, 'last-event-id': `${GET_STREAM}.1` }, 'GET', 200, 'text/event-stream'),
    ).toBe('');
  });

  it('leaves a POST alone (answered with JSON)', () => {
    expect(primedBytes(current, 'POST', 200, 'text/event-stream')).toBe('');
  });
});

describe('the built bin over Streamable HTTP', async () => {
  const setup = await referenceServer();
  const served = await httpServer(setup.url, ALL_SCOPES_KEY);
  afterAll(() => served.stop());

  /** A GET of the session's stream; reads until the first event is whole, then closes. */
  async function firstEvent(sessionId: string, extra: Record<string, string> = {}) {
    const controller = new AbortController();
    const answer = await fetch(served.url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
        ...extra,
      },
      signal: controller.signal,
    });
    const reader = (answer.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let text = '';
    while (answer.status === 200 && !text.includes('\n\n')) text += (await reader.read()).value ?? '';
    controller.abort();
    return { status: answer.status, type: answer.headers.get('content-type'), text };
  }

  it("primes a session's GET stream: its first event is an id and the retry field, with no data", async () => {
    const { sessionId } = await initialize(served.url);
    const opened = await firstEvent(sessionId as string);
    expect(opened.status).toBe(200);
    expect(opened.text).toMatch(
      new RegExp(`^id: ${GET_STREAM}\\.\\d+\\nretry: ${SSE_RETRY_MS}\\ndata: \\n\\n`),
    );
  });

  it('takes the priming id back as Last-Event-ID: the stream reconnects', async () => {
    const { sessionId } = await initialize(served.url);
    const opened = await firstEvent(sessionId as string);
    const id = /^id: (\S+)/.exec(opened.text)?.[1] as string;
    // The server learns of the first stream's end when its socket closes: until then a second
    // stream of the session is a conflict (409), so the reconnect is asked again, never waited for.
    let again = { status: 409, type: null as string | null };
    for (let attempt = 0; attempt < 50 && again.status === 409; attempt++) {
      const controller = new AbortController();
      const answer = await fetch(served.url, {
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': sessionId as string,
          'mcp-protocol-version': '2025-11-25',
          'last-event-id': id,
        },
        signal: controller.signal,
      });
      again = { status: answer.status, type: answer.headers.get('content-type') };
      controller.abort();
    }
    expect(again).toEqual({ status: 200, type: 'text/event-stream' });
  });
});
