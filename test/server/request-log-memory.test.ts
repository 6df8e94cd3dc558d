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
      log.record(request, response, Date.now(), 1);
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
      Date.now(),
      1,
    );
    expect(log.list()[0]?.response).toMatchObject({ body: 'abc', bodyTruncated: true });
  });
});
