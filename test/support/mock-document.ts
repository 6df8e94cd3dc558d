/**
 * The OpenAPI document a mock server we did not write is made from, as a user would make it: the
 * one the build writes, in a temporary folder of its own that the test removes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { API_PREFIX } from '../../src/operations/limits.js';

type Json = Record<string, unknown>;

/** The document as the build writes it to dist/openapi.json (tsup.config.ts), in a file of its own. */
export function writeDocument(document: Json = buildOpenApiDocument()): string {
  const file = join(mkdtempSync(join(tmpdir(), 'loyalty-mock-')), 'openapi.json');
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  return file;
}

/**
 * The document with its own answer to `GET /ext/v3/openapi.json`: a mock makes that answer up
 * from the schema (Prism: `openapi: "string"`, no paths; Mockoon: JSON it cannot parse) unless
 * told, and verify discovers the service there. Prism's static mode and
 * openapi-mock-express-middleware answer the media type's example, Mockoon the schema's; Prism's
 * dynamic mode ignores examples, so `data` is also the schema's `const`. `items` nested a few levels is there for json-schema-faker alone: it walks the value it
 * made against the schema and fails (reading `items` of undefined) on an empty object below an
 * array whose schema says no `items`, as `additionalProperties: {}` below `allOf` is.
 */
export function mockDocument(): Json {
  const document = buildOpenApiDocument();
  const copy = structuredClone(document);
  type Answer = { schema: { allOf: Json[]; example?: unknown }; example?: unknown };
  const paths = copy.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
  const ok = paths[`${API_PREFIX}/openapi.json`]?.get?.responses['200'] as {
    content: Record<string, Answer>;
  };
  const answer = ok.content['application/json'] as Answer;
  answer.example = {
    codigoRespuesta: 0,
    msj: 'Éxito',
    data: document,
    meta: { requestId: 'mock-example', appId: 1, scope: null },
  };
  answer.schema.example = answer.example;
  let items: Json = {};
  for (let depth = 0; depth < 32; depth++) items = { items };
  const own = answer.schema.allOf[1] as { properties: Json };
  own.properties.data = { const: document, items };
  return copy;
}
