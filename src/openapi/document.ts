import type { OperationDefinition } from '../operations/define.js';
import { API_PREFIX, LIMITS } from '../operations/limits.js';
import { describeParameters, requestJsonSchema, responseJsonSchema } from '../operations/parameters.js';
import { type Operation, operations } from '../operations/table.js';
import { SDK_VERSION } from '../version.js';

/** @inline */
type Json = Record<string, unknown>;

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Invalid parameters; details names each one',
  '401': 'Invalid key (codigoRespuesta 9501)',
  '403': 'The key lacks the required scope (codigoRespuesta 9503); meta.requiredScope names it',
  '404': 'Unknown resource',
  '409': 'Idempotency conflict',
  '422': 'Business-rule violation; meta.legacy carries the detail',
  '429': 'Rate limit exceeded; Retry-After gives the seconds to wait',
};

function envelopeOf(data: Json): Json {
  return {
    allOf: [{ $ref: '#/components/schemas/Envelope' }, { type: 'object', properties: { data } }],
  };
}

function errorsFor(operation: OperationDefinition): string[] {
  const writes = operation.method !== 'GET';
  const statuses = ['400', '401', '429'];
  if (operation.scope) statuses.push('403');
  if (operation.params) statuses.push('404');
  if (writes) statuses.push('409', '422');
  return statuses.sort();
}

function pathItem(operation: OperationDefinition): Json {
  const parameters: Json[] = describeParameters(operation)
    .filter((parameter) => parameter.in !== 'body')
    .map(({ in: location, name, required, schema, description }) => ({
      in: location,
      name,
      required,
      schema,
      ...(description ? { description } : {}),
    }));
  parameters.push({
    in: 'query',
    name: 'help',
    required: false,
    schema: { type: 'boolean' },
    description: 'true: answer with the plain-text help of the operation',
  });
  if (operation.idempotency !== 'none') {
    parameters.push({
      in: 'header',
      name: 'Idempotency-Key',
      required: operation.idempotency === 'required',
      schema: {
        type: 'string',
        minLength: LIMITS.idempotencyKeyMinLength,
        maxLength: LIMITS.idempotencyKeyMaxLength,
      },
    });
  }
  const responses: Json = {
    '200': {
      description: 'Success',
      content: { 'application/json': { schema: envelopeOf(responseJsonSchema(operation.data)) } },
    },
  };
  for (const status of errorsFor(operation)) {
    responses[status] = {
      description: ERROR_RESPONSES[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
    };
  }
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: operation.description,
    tags: [operation.id.split('.')[0]],
    'x-scope': operation.scope,
    ...(operation.scope ? {} : { security: [] }),
    parameters,
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: requestJsonSchema(operation.body) } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.0 document of the operations `include` admits (all of them by default).
 * The reference server passes the calling key's scopes; the package ships the full document.
 */
export function buildOpenApiDocument(include: (operation: Operation) => boolean = () => true): Json {
  const paths: Record<string, Json> = {};
  for (const operation of operations) {
    if (!include(operation)) continue;
    const key = `${API_PREFIX}${operation.path}`;
    paths[key] ??= {};
    (paths[key] as Json)[operation.method.toLowerCase()] = pathItem(operation);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Loyalty Program External API',
      version: `v3 (loyalty-sdk ${SDK_VERSION})`,
      description: 'Generated from the operation table of loyalty-sdk.',
    },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010' } } }],
    security: [{ apikey: [] }],
    paths,
    components: {
      securitySchemes: { apikey: { type: 'apiKey', in: 'header', name: 'apikey' } },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['codigoRespuesta', 'msj', 'meta'],
          properties: {
            codigoRespuesta: { type: 'integer', description: '0 on success' },
            msj: { type: 'string' },
            data: {},
            meta: {
              type: 'object',
              required: ['requestId', 'appId', 'scope'],
              properties: {
                requestId: { type: 'string' },
                appId: { type: 'integer' },
                scope: { type: 'string', nullable: true },
                requiredScope: { type: 'string' },
                legacy: {},
              },
            },
            details: {},
          },
        },
      },
    },
  };
}
