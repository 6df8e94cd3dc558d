/**
 * Arbitrary raw requests for the reference server (`EngineRequest`): any method, path, query,
 * headers and body, most of them aimed at a real operation with a valid key so that they get past
 * routing and authentication, and a checker for what every answer must look like.
 */
import * as fc from 'fast-check';
import { API_PREFIX, pathParamNames, SCOPES } from '../../src/operations/index.js';
import { type Operation, operations } from '../../src/operations/table.js';
import {
  DEMO_API_KEY,
  DEMO_READ_ONLY_API_KEY,
  type EngineRequest,
  type EngineResponse,
  MAX_BODY_BYTES,
} from '../../src/server/internal.js';
import { anyString, fieldValue, objectFor, ownObject, POLLUTION_MARKER, uidLike } from './arbitraries.js';

/** encodeURIComponent, or the raw text when it holds a lone surrogate (which cannot be encoded). */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text;
  }
}

/** String(value), or a stand-in for the values String() cannot render (symbols, deep or cyclic arrays). */
function textOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    return '[unrenderable]';
  }
}

const garbageSegment = fc.oneof(
  fc.constantFrom(
    '',
    '%',
    '%zz',
    '%ED%A0%80',
    '%C0%AF',
    '%FF',
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '..%2F..%2Ftareas',
    '__proto__',
    'constructor',
    'hasOwnProperty',
    '1e3',
    '-1',
    '0',
    '0x10',
    '1.0',
    '01',
    ' 1',
    '%201',
    '1%00',
    '9'.repeat(400),
    'x'.repeat(5_000),
  ),
  anyString.map(encodeSegment),
  anyString,
);

function validSegment(name: string): fc.Arbitrary<string> {
  if (name === 'uid') return uidLike.map(encodeSegment);
  return fc.integer({ min: 1, max: 12 }).map(String);
}

/** The operation's path with each parameter a valid value most of the time, else garbage. */
function pathFor(operation: Operation): fc.Arbitrary<string> {
  const names = pathParamNames(operation.path);
  const segments = names.map((name) =>
    fc.oneof({ weight: 3, arbitrary: validSegment(name) }, { weight: 1, arbitrary: garbageSegment }),
  );
  return fc.tuple(...segments).map((values) => {
    let index = 0;
    return `${API_PREFIX}${operation.path.replace(/\{\w+\}/g, () => values[index++] ?? '')}`;
  });
}

const otherPath: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '/',
    '*',
    '//',
    '/ext',
    '/ext/v3',
    '/ext/v3/',
    '/ext/v3//tareas',
    '/ext/v3/tareas/',
    '/ext/v3/tareas/..',
    '/ext/v3/./tareas',
    '/EXT/V3/tareas',
    '/ext/v2/tareas',
    '/ext/v3/clientes/cli_0001/puntos/extra',
    '/ext/v3/clientes/cli_0001//puntos',
    '/ext/v3/openapi.json/',
    'http://example.com/ext/v3/tareas',
    '/ext/v3/tareas?x',
    '/ext/v3/tareas#x',
    '/ext/v3/tareas%00',
    '/__admin',
    '/__admin/',
    '/__admin/grupos/1',
    '/__admin/audit/',
    '/__admin/__proto__',
    '/__admin/constructor',
    '/__admin/toString',
    '/__admin/hasOwnProperty',
    '/__admin/reset%00',
  ),
  fc.constantFrom('/__admin/grupos', '/__admin/audit', '/__admin/reset'),
  anyString.map((text) => `${API_PREFIX}/${text}`),
  anyString.map((text) => `/__admin/${text}`),
  fc.webPath(),
  anyString,
);

const method: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'PUT',
      'DELETE',
      'HEAD',
      'OPTIONS',
      'TRACE',
      'CONNECT',
      'get',
      'Post',
      'patch',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' ', 'GET ', 'G\u0000ET', '__proto__', 'constructor', 'toString'),
  },
  { weight: 1, arbitrary: anyString },
);

const helpQuery = fc.constantFrom(
  'help=true',
  'help=false',
  'help=TRUE',
  'help=1',
  'help',
  'help=',
  'help=true&help=true',
  'help=true&help=false',
);

const queryKey = fc.oneof(
  fc.constantFrom(
    'help',
    'completo',
    'tipo',
    'inicio',
    'fin',
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'toString',
  ),
  anyString,
);

const randomQuery = fc
  .array(
    fc.tuple(queryKey, fc.oneof(anyString, fc.constantFrom('true', 'false', '1', '-0', '1e3', '2025-01-01'))),
    {
      maxLength: 4,
    },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

function queryFor(operation: Operation | undefined): fc.Arbitrary<string> {
  const own: fc.Arbitrary<string>[] = [];
  const schema = operation?.query;
  if (schema) {
    own.push(
      objectFor(Object.keys(schema.shape)).map((object) =>
        new URLSearchParams(
          Object.entries(object).map(([key, value]): [string, string] => [key, textOf(value)]),
        ).toString(),
      ),
    );
  }
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant('') },
    { weight: schema ? 6 : 0, arbitrary: own[0] ?? fc.constant('') },
    { weight: 2, arbitrary: helpQuery },
    { weight: 2, arbitrary: randomQuery },
    {
      weight: 1,
      arbitrary: fc.constantFrom('&&&', '=', '==', '%', '%zz=1', 'a=%E0%A4%A', '?x=1', 'x'.repeat(10_000)),
    },
    { weight: 1, arbitrary: anyString },
  );
}

/** Printable and hostile values of the Idempotency-Key header. */
const idempotencyHeader: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      'short',
      'abcd efgh',
      'abcd\r\nefgh',
      'abcd\u0000efgh',
      'ñandú-ñandú',
      'k'.repeat(129),
    ),
  },
  { weight: 1, arbitrary: anyString },
);

const apikeyHeader: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 16, arbitrary: fc.constant(DEMO_API_KEY) },
  { weight: 1, arbitrary: fc.constant(DEMO_READ_ONLY_API_KEY) },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      `${DEMO_API_KEY} `,
      ` ${DEMO_API_KEY}`,
      DEMO_API_KEY.toUpperCase(),
      DEMO_API_KEY.slice(0, -1),
      `${DEMO_API_KEY}x`,
      '__proto__',
      'constructor',
      'toString',
    ),
  },
  { weight: 1, arbitrary: anyString },
);

const extraHeaders = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'x-forwarded-for', 'transfer-encoding', 'accept', 'host'),
      fc.string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz-_0123456789'.split('')),
        minLength: 1,
        maxLength: 20,
      }),
    ),
    anyString,
  ),
  { maxLength: 3 },
);

const contentLength = fc.oneof(
  { weight: 12, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      'abc',
      '1e9',
      '1048577',
      '1048576',
      String(2 ** 53),
      '99999999999999999999',
      ' 5',
      '',
    ),
  },
);

const headers = fc
  .record({
    apikey: apikeyHeader,
    idempotency: idempotencyHeader,
    length: contentLength,
    // Mostly JSON, so that most bodies get past the media type check (a 415) to the steps after it.
    type: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', '') },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    extra: extraHeaders,
  })
  .map(
    ({ apikey, idempotency, length, type, extra }) =>
      ownObject(
        [
          ...extra,
          ['apikey', apikey],
          ['idempotency-key', idempotency],
          ['content-length', length],
          ['content-type', type],
        ].filter(([, value]) => value !== undefined) as [string, unknown][],
      ) as Record<string, string | undefined>,
  );

const deepText = (depth: number, open: string, close: string, inner = '1') =>
  `${open.repeat(depth)}${inner}${close.repeat(depth)}`;

/** Deeply nested bodies, built once: alone, inside usuarioData (free-form JSON), in typed fields. */
const DEEP_BODIES: readonly string[] = [
  ...[33, 100, 1_000, 10_000, 100_000].flatMap((depth) => [
    deepText(depth, '[', ']'),
    deepText(depth, '{"a":', '}'),
    `{"usuarioData":{"x":${deepText(depth, '{"a":', '}')}}}`,
    `{"usuarioData":{"x":${deepText(depth, '[', ']')}}}`,
    `{"puntos":${deepText(depth, '[', ']')}}`,
    `{"uids":${deepText(depth, '[', ']')}}`,
  ]),
  // Just under 1 MiB: half a million levels.
  `{"usuarioData":{"x":${deepText(500_000, '[', ']')}}}`,
];

/** Bodies no parser-and-validator pair should choke on. */
export const hostileBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      '   ',
      'null',
      'true',
      '[]',
      '{}',
      '"x"',
      '1e999',
      '-0',
      'NaN',
      '{',
      '{"a":',
      '{"puntos":1,"puntos":2}',
      '{"puntos":1e400}',
      '{"motivo":"\\ud800"}',
      '\uFEFF{}',
      '{"a":1}garbage',
      `{"__proto__":{"${POLLUTION_MARKER}":"yes"}}`,
      `{"constructor":{"prototype":{"${POLLUTION_MARKER}":"yes"}}}`,
      `{"usuarioData":{"__proto__":{"${POLLUTION_MARKER}":"yes"},"constructor":{"prototype":{"${POLLUTION_MARKER}":"yes"}}}}`,
      `{"usuarioData":{"nombre":"x","prototype":{"${POLLUTION_MARKER}":"yes"}},"__proto__":{"${POLLUTION_MARKER}":"yes"}}`,
      `{"uids":["cli_0001"],"__proto__":{"${POLLUTION_MARKER}":"yes"}}`,
      `{"uids":{"__proto__":[]},"nombre":{"constructor":1}}`,
    ),
  },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
  { weight: 3, arbitrary: fc.constantFrom(...DEEP_BODIES) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `[${'1,'.repeat(300_000)}1]`,
      `{"usuarioData":{"lista":[${'{},'.repeat(200_000)}{}]}}`,
      `{"motivo":"${'x'.repeat(MAX_BODY_BYTES)}","puntos":1}`,
      `{"usuarioData":{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}}`,
    ),
  },
);

function bodyFor(operation: Operation | undefined): fc.Arbitrary<string | Uint8Array | undefined> {
  const schema = operation?.body;
  const shaped = schema
    ? objectFor(Object.keys(schema.shape)).map((object) => {
        try {
          return JSON.stringify(object) ?? '';
        } catch {
          return '{"unserializable":true}';
        }
      })
    : fc.constant(undefined);
  return fc.oneof(
    { weight: schema ? 8 : 0, arbitrary: shaped },
    { weight: schema ? 1 : 8, arbitrary: fc.constant(undefined) },
    { weight: 3, arbitrary: hostileBody },
    { weight: 1, arbitrary: fieldValue('motivo').map(textOf) },
  );
}

/** A request aimed at one operation: its path (parameters valid or not), usually its method, a valid key. */
export const operationRequest: fc.Arbitrary<EngineRequest> = fc
  .constantFrom(...operations)
  .chain((operation) =>
    fc.record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant(operation.method as string) },
        { weight: 1, arbitrary: method },
      ),
      path: pathFor(operation),
      query: queryFor(operation),
      headers,
      body: bodyFor(operation),
    }),
  );

/** A valid path, method, key and Idempotency-Key of an operation that takes a body, with a hostile body. */
export const hostileBodyRequest: fc.Arbitrary<EngineRequest> = fc
  .constantFrom(...operations.filter((operation) => operation.body !== undefined))
  .chain((operation) =>
    fc.record({
      method: fc.constant(operation.method as string),
      path: pathFor(operation),
      query: fc.constant(''),
      headers: fc.uuid().map((key) => ({ apikey: DEMO_API_KEY, 'idempotency-key': key })),
      body: hostileBody,
    }),
  );

/** Anything: any method, any path (admin routes included), any query, headers and body. */
export const anyRequest: fc.Arbitrary<EngineRequest> = fc.record({
  method,
  path: fc.oneof(fc.constantFrom(...operations).chain(pathFor), otherPath),
  query: queryFor(undefined),
  headers,
  body: fc.oneof(fc.constant(undefined), hostileBody, bodyFor(operations[2])),
});

/** Short text of a request for a failure message. */
export function describeRequest(request: EngineRequest): string {
  const body =
    request.body === undefined
      ? 'no body'
      : typeof request.body === 'string'
        ? JSON.stringify(request.body.slice(0, 200))
        : `${request.body.byteLength} bytes`;
  return `${JSON.stringify(request.method)} ${JSON.stringify(request.path.slice(0, 200))}?${JSON.stringify(request.query.slice(0, 200))} ${JSON.stringify(request.headers).slice(0, 300)} ${body}`;
}

const LOCATIONS = new Set(['path', 'query', 'body', 'header']);

/**
 * What is wrong with an answer, one line per problem: a status outside 2xx and 4xx, a header that
 * could split, or (except the plain-text help) a body that is not the envelope of the spec.
 * `bodyChecked: false` skips the body (a HEAD answer over HTTP has none).
 */
export function responseProblems(response: EngineResponse, bodyChecked = true): string[] {
  const problems: string[] = [];
  const { status, headers: answerHeaders, body } = response;
  if (!Number.isInteger(status) || !((status >= 200 && status < 300) || (status >= 400 && status < 500)))
    problems.push(`status ${status}`);
  for (const [name, value] of Object.entries(answerHeaders)) {
    if (typeof value !== 'string' || /[\r\n\0]/.test(value) || /[\r\n\0]/.test(name))
      problems.push(`header ${JSON.stringify(name)} = ${JSON.stringify(value)}`);
  }
  const requestId = answerHeaders['x-request-id'];
  if (typeof requestId !== 'string' || requestId === '') problems.push('no x-request-id');
  const type = answerHeaders['content-type'] ?? '';
  if (!bodyChecked) return problems;
  if (type.startsWith('text/plain')) {
    if (status !== 200 || body.length === 0) problems.push(`text answer with status ${status}`);
    return problems;
  }
  if (!type.startsWith('application/json')) problems.push(`content-type ${JSON.stringify(type)}`);
  let envelope: Record<string, unknown>;
  try {
    envelope = JSON.parse(body);
  } catch {
    return [...problems, `body is not JSON: ${body.slice(0, 200)}`];
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope))
    return [...problems, 'body is not an object'];
  const { codigoRespuesta, msj, meta, details } = envelope as {
    codigoRespuesta: unknown;
    msj: unknown;
    meta: Record<string, unknown> | undefined;
    details: unknown;
  };
  if (typeof codigoRespuesta !== 'number') problems.push('codigoRespuesta is not a number');
  else if ((codigoRespuesta === 0) !== (status >= 200 && status < 300))
    problems.push(`codigoRespuesta ${codigoRespuesta} with status ${status}`);
  if (typeof msj !== 'string' || msj === '') problems.push('msj is not a non-empty string');
  if (typeof meta !== 'object' || meta === null) return [...problems, 'meta is not an object'];
  if (meta.requestId !== requestId) problems.push('meta.requestId differs from x-request-id');
  if (typeof meta.appId !== 'number') problems.push('meta.appId is not a number');
  if (meta.scope !== null && !(SCOPES as readonly unknown[]).includes(meta.scope))
    problems.push(`meta.scope ${JSON.stringify(meta.scope)}`);
  if (status >= 200 && status < 300 && !('data' in envelope)) problems.push('a success without data');
  if (status === 400) {
    if (!Array.isArray(details) || details.length === 0) problems.push('a 400 without details');
    else
      for (const detail of details as Record<string, unknown>[]) {
        if (
          !LOCATIONS.has(detail.in as string) ||
          typeof detail.name !== 'string' ||
          typeof detail.message !== 'string' ||
          typeof detail.code !== 'string'
        )
          problems.push(`a malformed detail ${JSON.stringify(detail)}`);
      }
  }
  if (status === 403 && !(SCOPES as readonly unknown[]).includes(meta.requiredScope))
    problems.push('a 403 without meta.requiredScope');
  if (status === 405 && !answerHeaders.allow) problems.push('a 405 without Allow');
  return problems;
}
