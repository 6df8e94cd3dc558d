/**
 * The request log's memory is bounded by its two settings: `size` entries, each body up to
 * `bodyChars` characters, however large the requests and answers it saw.
 */
import { describe, expect, it } from 'vitest';
import { RequestLog } from '../../src/server/inspector/request-log.js';
import { heapAfterGc } from '../support/heap-after-gc.js';

const ENTRIES = 200;
const BODY_CHARS = 1_000_000;
const CAP = 1_000;
/** When each entry is recorded: a fixed instant, the log only stores it. */
const RECORDED_AT = Date.parse('2026-03-02T09:00:00Z');

/** A different megabyte each time, so that no two bodies share a string. */
const bigBody = (index: number) => `{"n":${index},"pad":"${String(index % 10).repeat(BODY_CHARS)}"}`;

describe('the request log holds at most bodyChars of each body', () => {
  it(`keeps ${ENTRIES} answers of 1 MB each in well under 1 MB apiece when bodyChars is ${CAP}`, () => {
    const log = new RequestLog({ size: ENTRIES, bodyChars: CAP });
    const before = heapAfterGc();
    for (let index = 0; index < ENTRIES; index++) {
      const request = {
        method: 'POST',
        path: '/ext/v3/clientes',
        query: '',
        headers: { 'content-type': 'application/json' },
        body: new TextEncoder().encode(bigBody(index)),
      };
      const response = { status: 200, headers: { 'content-type': 'application/json' }, body: bigBody(index) };
      log.record(request, response, RECORDED_AT, 1);
    }
    const heldMb = (heapAfterGc() - before) / 1024 / 1024;
    expect(log.list()).toHaveLength(ENTRIES);
    // Kept whole, the bodies would be 2 x 200 MB; cut to 1,000 characters, well under 5 MB.
    expect(heldMb).toBeLessThan(5);
  });

  it('cuts a body before a surrogate pair rather than through it', () => {
    const log = new RequestLog({ size: 1, bodyChars: 4 });
    log.record(
      { method: 'GET', path: '/ext/v3/tareas', query: '', headers: {} },
      { status: 200, headers: {}, body: 'abc😀def' },
      RECORDED_AT,
      1,
    );
    expect(log.list()[0]?.response).toMatchObject({ body: 'abc', bodyTruncated: true });
  });
});

/** What the log shows of `text` sent as a request body, with `bodyChars` = `cap`. */
function keptOfRequestBody(text: string, cap: number) {
  const log = new RequestLog({ size: 1, bodyChars: cap });
  log.record(
    {
      method: 'POST',
      path: '/ext/v3/clientes',
      query: '',
      headers: {},
      body: new TextEncoder().encode(text),
    },
    { status: 200, headers: {}, body: '' },
    RECORDED_AT,
    1,
  );
  return log.list()[0]?.request;
}

describe('a request body is kept as the start of its text, however much of it is decoded', () => {
  // One character of each UTF-8 length: 1 byte, 2, 3, and 4 (a surrogate pair).
  const bodies = {
    ascii: 'a'.repeat(300),
    latin: 'é'.repeat(300),
    euro: '€'.repeat(300),
    emoji: '😀'.repeat(300),
  };
  for (const [name, text] of Object.entries(bodies)) {
    for (const cap of [1, 2, 7, 64, 599, 600, 601]) {
      it(`${name} body of ${text.length} units, bodyChars ${cap}: its first units, cut before a pair`, () => {
        let end = Math.min(cap, text.length);
        if (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1;
        expect(keptOfRequestBody(text, cap)).toMatchObject({
          body: text.slice(0, end),
          bodyTruncated: text.length > cap,
        });
      });
    }
  }
});
