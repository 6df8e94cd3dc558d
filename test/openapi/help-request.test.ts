/**
 * `?help=true` is answered before the scope, the body and the Idempotency-Key are checked; the
 * document, which cannot make a requirement depend on a query parameter, says so where it
 * requires them (their descriptions and `x-help-request`), and what it says is what the server does.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import type { Operation } from '../../src/operations/table.js';
import { operations } from '../../src/operations/table.js';
import { createReferenceEngine, DEMO_READ_ONLY_API_KEY } from '../../src/server/internal.js';

type Json = Record<string, unknown>;

const document = buildOpenApiDocument();

function documented(operation: Operation): Json {
  const item = (document.paths as Record<string, Record<string, Json>>)[`/ext/v3${operation.path}`];
  return item?.[operation.method.toLowerCase()] as Json;
}

/** The operation's path with a value for each parameter. */
const pathOf = (operation: Operation) =>
  `/ext/v3${operation.path.replace('{uid}', 'cli_0001').replace(/\{\w+\}/g, '1')}`;

const definitions = operations as readonly Operation[];
const writes = definitions.filter(
  (operation) => operation.body !== undefined || operation.idempotency !== 'none',
);

describe('?help=true on a write', () => {
  it.each(writes.map((operation) => [operation.id, operation] as const))(
    '%s: answered 200 text/plain with no body, no Idempotency-Key and a key without its scope',
    async (_id, operation) => {
      const answer = await createReferenceEngine().handle({
        method: operation.method,
        path: pathOf(operation),
        query: 'help=true',
        headers: { apikey: DEMO_READ_ONLY_API_KEY },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    },
  );

  it.each(writes.map((operation) => [operation.id, operation] as const))(
    '%s: the document says what help=true does not check',
    (_id, operation) => {
      const item = documented(operation);
      const notChecked = (item['x-help-request'] as { notChecked: string[] }).notChecked;
      expect(notChecked.includes('requestBody')).toBe(operation.body !== undefined);
      expect(notChecked.includes('Idempotency-Key')).toBe(operation.idempotency !== 'none');
      expect(notChecked).toContain('scope');
      if (operation.body) {
        expect(item.requestBody).toMatchObject({ required: true });
        expect((item.requestBody as Json).description).toMatch(/required except with \?help=true/);
      }
      const key = (item.parameters as Json[]).find((parameter) => parameter.name === 'Idempotency-Key');
      if (operation.idempotency === 'required') {
        expect(key).toMatchObject({ required: true });
        expect(key?.description).toMatch(/Required except with \?help=true/);
      }
    },
  );

  it('every operation carries x-help-request and the help parameter says when it is answered', () => {
    for (const operation of operations) {
      const item = documented(operation);
      expect(item['x-help-request']).toMatchObject({
        query: { help: 'true' },
        answer: { status: 200, mediaType: 'text/plain' },
      });
      const help = (item.parameters as Json[]).find((parameter) => parameter.name === 'help');
      expect(help?.description).toMatch(
        /before the scope, the parameters, the body and the Idempotency-Key are checked/,
      );
    }
  });
});
