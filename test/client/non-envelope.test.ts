/**
 * An answer that is not the API's envelope (a proxy's error page, another server) says so: its
 * status, content type, size, its first characters (control characters escaped) and the likely
 * cause. The error class still follows the status, and a 5xx is retried as any other.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InternalServerError, LoyaltyApiError } from '../../src/index.js';
import { clientFor, json, type Reply, rejection, TEST_KEY, text, useStub } from '../support/stub-server.js';

const stub = useStub();

const PROXY_PAGE =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>nginx</body>\r\n</html>\r\n';

async function messageOf(reply: Reply): Promise<string> {
  stub.script(reply);
  const error = await rejection(clientFor(stub, { maxRetries: 0 }).tareas.list());
  expect(error).toBeInstanceOf(LoyaltyApiError);
  return (error as Error).message;
}

describe('a 502 page of a proxy', () => {
  it('names status, content type, size, the first characters and the likely cause', async () => {
    const message = await messageOf(text(502, PROXY_PAGE, { 'content-type': 'text/html' }));
    expect(message).toBe(
      `tareas.list (GET /ext/v3/tareas) failed with 502: the answer is not the API's JSON envelope (text/html, ${PROXY_PAGE.length} bytes: ${JSON.stringify(PROXY_PAGE.slice(0, 80))}…); something other than the service answered: a proxy or gateway in between, or another server (check baseUrl)`,
    );
  });

  it('is still an InternalServerError with the page kept as body, retried like any 5xx', async () => {
    const page = text(502, PROXY_PAGE, { 'content-type': 'text/html', 'retry-after': '0' });
    stub.script(page, page, page);
    const error = await rejection(clientFor(stub, { maxRetries: 2 }).tareas.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(502);
    expect((error as InternalServerError).body).toBe(PROXY_PAGE);
    expect(stub.count).toBe(3);
  });
});

describe('what the message shows of the answer', () => {
  it('at most 80 characters, then an ellipsis', async () => {
    const message = await messageOf(text(503, 'x'.repeat(1_000)));
    expect(message).toContain(`(text/plain, 1000 bytes: "${'x'.repeat(80)}"…)`);
    expect(message).not.toContain('x'.repeat(81));
  });

  it('the whole answer when it is short, without an ellipsis', async () => {
    expect(await messageOf(text(502, 'Bad Gateway'))).toContain('(text/plain, 11 bytes: "Bad Gateway");');
  });

  it('control characters escaped, never raw', async () => {
    const message = await messageOf(text(502, 'a\r\nb\u0000c\u001b[31md\te'));
    expect(message).toContain('"a\\r\\nb\\u0000c\\u001b[31md\\te"');
    expect([...message].filter((char) => char < ' ')).toEqual([]);
  });

  it('the size in bytes, not characters', async () => {
    expect(await messageOf(text(502, 'ñandú'))).toContain('(text/plain, 7 bytes: "ñandú")');
  });

  it('"empty" for an answer without a body', async () => {
    expect(await messageOf(text(502, ''))).toContain(`(text/plain, empty)`);
  });

  it('"no content type" when the answer has none', async () => {
    const reply: Reply = { kind: 'answer', status: 502, headers: {}, body: 'oops' };
    expect(await messageOf(reply)).toContain('(no content type, 4 bytes: "oops")');
  });

  it('JSON that is not the envelope is described the same way', async () => {
    expect(await messageOf(json(503, { error: 'upstream' }))).toContain(
      `failed with 503: the answer is not the API's JSON envelope (application/json, 20 bytes: "{\\"error\\":\\"upstream\\"}")`,
    );
  });

  it('a 200 that is not the envelope says so too', async () => {
    expect(await messageOf(text(200, 'OK'))).toBe(
      `tareas.list (GET /ext/v3/tareas) answered 200 without a success envelope: the answer is not the API's JSON envelope (text/plain, 2 bytes: "OK"); something other than the service answered: a proxy or gateway in between, or another server (check baseUrl)`,
    );
  });
});

describe('a page that echoes the request', () => {
  it('puts the key in no message, body, JSON or inspection of the error', async () => {
    stub.script(text(502, `<pre>GET /ext/v3/tareas\napikey: ${TEST_KEY}</pre>`));
    const error = await rejection(clientFor(stub, { maxRetries: 0 }).tareas.list());
    for (const shown of [String(error), JSON.stringify(error), inspect(error, { depth: 5 })]) {
      expect(shown).not.toContain(TEST_KEY);
    }
  });
});
