import type { Json } from '../core/index.js';
import { ERROR_CODES } from '../operations/envelope.js';
import { responseJsonSchema } from '../operations/parameters.js';
import type { Scope } from '../operations/scopes.js';
import type { Operation } from '../operations/table.js';
import { failureEnvelope, successEnvelope } from './envelopes.js';

/** @inline */
/** Headers of the answers, declared once in `components.headers` and referenced by name. */
export const RESPONSE_HEADERS: Record<string, Json> = {
  'X-Request-Id': {
    description: 'Identifier of the request; the same as meta.requestId',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before trying again (at least 1)',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'Idempotent-Replayed': {
    description:
      'Present on the stored answer of an earlier request with the same Idempotency-Key, sent again instead of running the request',
    schema: { type: 'string', enum: ['true'] },
  },
  'X-Loyalty-Fault': {
    description:
      'Only from the reference server with fault injection on: the fault injected into this answer (serverError, rateLimitStorm, stallBody, dropBeforeProcessing)',
    schema: { type: 'string' },
  },
  Allow: {
    description: 'The methods the path accepts',
    required: true,
    schema: { type: 'string' },
  },
};

const headerRefs = (...names: string[]): Json =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** What an error answer is: what it means, its codigoRespuesta, and the headers it carries besides X-Request-Id. */
interface ErrorAnswer {
  description: string;
  code?: number;
  headers?: string[];
}

/** Each error status: what it means, and the headers it carries besides X-Request-Id. */
const ERRORS: Record<string, ErrorAnswer> = {
  '400': {
    description: `Invalid parameters; details names each one (codigoRespuesta ${ERROR_CODES.badRequest})`,
    code: ERROR_CODES.badRequest,
  },
  '401': {
    description: `Missing or unknown API key (codigoRespuesta ${ERROR_CODES.unauthorized})`,
    code: ERROR_CODES.unauthorized,
  },
  '403': {
    description: `The key lacks the required scope (codigoRespuesta ${ERROR_CODES.forbidden}); meta.requiredScope names it`,
    code: ERROR_CODES.forbidden,
  },
  '404': {
    description: `The resource does not exist (codigoRespuesta ${ERROR_CODES.notFound})`,
    code: ERROR_CODES.notFound,
  },
  '409': {
    description: `Idempotency conflict: the key is in use by another request (codigoRespuesta ${ERROR_CODES.conflict})`,
    code: ERROR_CODES.conflict,
  },
  '413': {
    description: `The body is larger than the server accepts (codigoRespuesta ${ERROR_CODES.payloadTooLarge})`,
    code: ERROR_CODES.payloadTooLarge,
  },
  '415': {
    description: `The body is not sent as application/json (codigoRespuesta ${ERROR_CODES.unsupportedMediaType})`,
    code: ERROR_CODES.unsupportedMediaType,
  },
  '422': {
    description: `Business-rule violation; meta.legacy carries the detail (codigoRespuesta ${ERROR_CODES.unprocessable})`,
    code: ERROR_CODES.unprocessable,
  },
  '429': {
    description: `Rate limit exceeded; Retry-After gives the seconds to wait (codigoRespuesta ${ERROR_CODES.rateLimited})`,
    code: ERROR_CODES.rateLimited,
    headers: ['Retry-After'],
  },
  '500': {
    description: `Unexpected failure of the service (codigoRespuesta ${ERROR_CODES.internal})`,
    code: ERROR_CODES.internal,
  },
};

/** Answers that belong to no operation: a path or method the API does not have, a request HTTP refused. */
const UNROUTED: Record<string, ErrorAnswer> = {
  RouteNotFound: {
    description: `No operation has this method and path (codigoRespuesta ${ERROR_CODES.routeNotFound})`,
    code: ERROR_CODES.routeNotFound,
  },
  MethodNotAllowed: {
    description: 'The path exists, the method does not; Allow lists the methods it takes',
    code: ERROR_CODES.routeNotFound,
    headers: ['Allow'],
  },
  RequestTimeout: { description: 'The request did not arrive whole in time' },
  HeadersTooLarge: { description: 'The request line and headers exceed 16 KiB' },
};

function errorResponse({ description, code, headers = [] }: ErrorAnswer, scope: Scope | null): Json {
  return {
    description,
    headers: headerRefs('X-Request-Id', ...headers),
    content: { 'application/json': { schema: failureEnvelope(scope, code) } },
  };
}

/** The error statuses an operation can answer. */
function errorStatuses(operation: Operation): string[] {
  const statuses = ['400', '401', '429', '500'];
  if (operation.scope) statuses.push('403');
  if (operation.params) statuses.push('404');
  if (operation.body) statuses.push('413', '415');
  if (operation.method !== 'GET') statuses.push('409', '422');
  return statuses.sort();
}

/** The answers an idempotency key may replay: success, and the answers about the state. */
const REPLAYED_STATUSES = new Set(['200', '404', '422']);
/** The answers the reference server's fault injection may mark. */
const FAULT_STATUSES = new Set(['200', '429', '500']);

function documentedSuccess(operation: Operation): Json {
  return {
    description: 'Success; with ?help=true, the plain-text help of the operation instead',
    content: {
      'application/json': {
        schema: successEnvelope(operation.scope, responseJsonSchema(operation.data)),
      },
      'text/plain': { schema: { type: 'string' } },
    },
  };
}

/** Every answer of an operation, by status, with the headers each carries. */
export function responsesOf(operation: Operation): Json {
  const keyed = operation.idempotency !== 'none';
  const responses: Record<string, Json> = { '200': documentedSuccess(operation) };
  for (const status of errorStatuses(operation))
    responses[status] = errorResponse(ERRORS[status] as never, operation.scope);
  for (const [status, response] of Object.entries(responses)) {
    const replayed = keyed && REPLAYED_STATUSES.has(status) ? ['Idempotent-Replayed'] : [];
    const fault = FAULT_STATUSES.has(status) ? ['X-Loyalty-Fault'] : [];
    response.headers = {
      ...headerRefs('X-Request-Id', ...replayed, ...fault),
      ...(response.headers as Json),
    };
  }
  return responses;
}

/** `components.responses`: the answers that belong to no operation. */
export function unroutedResponses(): Json {
  return Object.fromEntries(
    Object.entries(UNROUTED).map(([name, error]) => [name, errorResponse(error, null)]),
  );
}
